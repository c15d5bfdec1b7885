import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Ban, Clock, Languages, MessageCircleDashed } from 'lucide-react';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { cn } from '../../lib/utils.ts';
import { dayKey, dayLabel, messageTime } from './format.ts';
import { BubbleText } from './BubbleText.tsx';
import { LinkPreviewCard } from './linkPreviews/LinkPreviewCard.tsx';
import { MessageActions } from './MessageActions.tsx';
import type { ViewMessage } from './messages.ts';
import { TranslationFailure } from './TranslationFailure.tsx';
import { MessageAttachment } from './media/MessageAttachment.tsx';
import { ReplyQuote } from './life/ReplyQuote.tsx';
import { Reactions } from './life/Reactions.tsx';
import { useConversationTools } from './conversationTools.ts';
import { systemLine } from './roomText.ts';
import { REGISTER_KEYS } from './registers.ts';
import { useConversationSlots } from './slots.tsx';
import { BotBadge } from '../../components/BotBadge.tsx';

/** The translation is worth showing: present and not just the original again. */
export function distinctTranslation(message: Pick<ViewMessage, 'content' | 'translated_content'>): string | null {
  const translated = message.translated_content?.trim();
  return translated && translated !== message.content.trim() ? message.translated_content : null;
}

/**
 * The day of the first message whose bottom is below the scroller's top edge (binary search: messages are in
 * order, so their boxes are too), or undefined when there are none.
 */
function dayAtTop(scroller: HTMLElement): string | undefined {
  const items = scroller.querySelectorAll<HTMLElement>('[data-testid="message"]');
  const edge = scroller.getBoundingClientRect().top + 1;
  let [low, high, found] = [0, items.length - 1, items.length - 1];
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (items[middle]!.getBoundingClientRect().bottom > edge) [found, high] = [middle, middle - 1];
    else low = middle + 1;
  }
  return items[found]?.dataset.day;
}

/** A group's system line ("Ana added Li"), centred, from the reader's catalog. */
function SystemLine({ message }: { message: ViewMessage }) {
  const { t } = useI18n();
  const myId = useConversationTools()?.myId;
  const { CallTranscript } = useConversationSlots();
  if (!message.system_event) return null;
  const attrs = { 'data-testid': 'system-line', 'data-kind': message.system_event.kind, 'data-message-id': message.id, 'data-day': dayKey(message.created_at) };
  if (message.system_event.kind === 'call_transcript') {
    return (
      <li className="flex justify-center py-0.5" {...attrs}>
        <CallTranscript event={message.system_event} />
      </li>
    );
  }
  return (
    <li className="flex justify-center py-0.5" {...attrs}>
      <span dir="auto" className="max-w-[90%] rounded-full bg-muted px-3 py-0.5 text-center text-xs text-muted-foreground">
        {systemLine(message.system_event, t, (register) => t(REGISTER_KEYS[register].label), myId)}
      </span>
    </li>
  );
}

function MessageBubble({ message, mine, online, senderName }: { message: ViewMessage; mine: boolean; online: boolean; senderName?: string }) {
  const { t, language } = useI18n();
  const tools = useConversationTools();
  const translationFirst = tools?.translationFirst === true;
  const translation = distinctTranslation(message);
  const [showTranslation, setShowTranslation] = useState(true);
  const pending = !message.local && message.translation_status === 'pending';
  const failed = message.translation_status === 'failed';
  // Kept on this device until the server has it: 'waiting' once a send failed or while offline.
  const waiting = message.local && !message.upload && (!online || (message.failedAttempts ?? 0) > 0);
  const deleted = Boolean(message.deleted_at);
  return (
    <li
      className={cn('flex animate-in-up flex-col gap-1', mine ? 'items-end' : 'items-start')}
      data-testid="message"
      data-mine={mine}
      data-status={message.local ? (waiting ? 'waiting' : 'sending') : message.translation_status}
      data-message-id={message.id}
      data-day={dayKey(message.created_at)}
      data-deleted={deleted || undefined}
      data-via-webhook={message.via_webhook ? true : undefined}
    >
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2 shadow-xs sm:max-w-[70%]',
          mine ? 'rounded-ee-md bg-primary text-primary-foreground' : 'rounded-es-md border border-border bg-card text-card-foreground',
          message.local && 'opacity-80',
        )}
      >
        {senderName && (
          <p className="mb-0.5 flex min-w-0 items-center gap-1 text-xs font-semibold text-primary" data-testid="message-sender">
            <span className="truncate" dir="auto">{senderName}</span>
            {tools?.isBot?.(message.sender_id) && <BotBadge />}
          </p>
        )}
        {message.reply_to && !deleted && <ReplyQuote quote={message.reply_to} mine={mine} />}
        <MessageAttachment message={message} mine={mine} />
        {deleted && (
          <p className="inline-flex items-center gap-1.5 text-sm italic opacity-80" data-testid="message-deleted">
            <Ban className="size-3.5" aria-hidden="true" />
            {t('chat.messageDeleted')}
          </p>
        )}
        {!deleted && <BubbleText message={message} mine={mine} translation={translation} showTranslation={showTranslation} translationFirst={translationFirst} />}
        {!deleted && message.link_preview && <LinkPreviewCard preview={message.link_preview} mine={mine} />}
        <div className={cn('mt-1 flex items-center justify-end gap-2 text-[11px]', mine ? 'text-primary-foreground' : 'text-muted-foreground')}>
          <MessageActions message={message} hasTranslation={Boolean(translation)} showTranslation={showTranslation} onToggleTranslation={() => setShowTranslation((v) => !v)} translationFirst={translationFirst} />
          {waiting && (
            <span className="inline-flex items-center gap-1" data-testid="message-waiting">
              <Clock className="size-3" aria-hidden="true" />
              {t('chat.waitingToSend')}
            </span>
          )}
          {pending && (
            <span className="inline-flex items-center gap-1" data-testid="message-translating">
              <Languages className="size-3 animate-pulse" aria-hidden="true" />
              {t('chat.translationPending')}
            </span>
          )}
          {failed && !message.local && <TranslationFailure message={message} mine={mine} />}
          {message.edited_at && !deleted && <span className="shrink-0 italic" data-testid="message-edited">{t('chat.edited')}</span>}
          <time className="shrink-0 whitespace-nowrap" dateTime={message.created_at}>{messageTime(message.created_at, language)}</time>
        </div>
      </div>
      <Reactions message={message} mine={mine} />
    </li>
  );
}

export interface MessageListProps {
  messages: ViewMessage[];
  myId: string;
  loading: boolean;
  /** The link is up: local messages are 'sending', not 'waiting'. */
  online: boolean;
  /** A group: system lines, and each run of received messages names its sender. */
  group?: boolean;
  /** Drawn right after one message (read receipts' "Seen" under my latest read message). */
  after?: { messageId: string; node: ReactNode } | null;
}

/**
 * The messages, ours on the right, with a separator where the day changes; keeps the newest in view unless
 * the reader scrolled up, also when the area shrinks (the phone keyboard opening). The day of the messages at
 * the top stays in a strip of its own above the scroller, never over message text (a sticky label in the
 * scroller covered the lines passing under it).
 */
export function MessageList({ messages, myId, loading, online, group = false, after = null }: MessageListProps) {
  const { t, language } = useI18n();
  const tools = useConversationTools();
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const first = useRef(true);
  const [topDay, setTopDay] = useState<string | undefined>(undefined);
  const followTopDay = useCallback(() => {
    if (scroller.current) setTopDay(dayAtTop(scroller.current));
  }, []);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || loading) return;
    const last = messages.at(-1);
    if (atBottom.current || first.current || last?.sender_id === myId) {
      el.scrollTo({ top: el.scrollHeight, behavior: first.current ? 'auto' : 'smooth' });
      first.current = false;
    }
    followTopDay();
  }, [messages, loading, myId, followTopDay]);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    let frame = 0;
    const onScroll = () => {
      atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 120;
      if (!frame) {
        frame = requestAnimationFrame(() => {
          frame = 0;
          followTopDay();
        });
      }
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    const resize = new ResizeObserver(() => {
      if (atBottom.current) el.scrollTop = el.scrollHeight;
      followTopDay();
    });
    resize.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      resize.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [followTopDay]);

  const now = new Date();
  const shownDay = loading ? undefined : (messages.find((m) => dayKey(m.created_at) === topDay) ?? messages[0]);

  return (
    <div className="flex min-h-0 flex-1 flex-col bg-muted/40">
      {shownDay && (
        <div className="flex shrink-0 justify-center border-b border-border/60 py-1.5" data-testid="current-day">
          <span className="rounded-full border border-border bg-card px-3 py-0.5 text-xs font-medium text-muted-foreground shadow-xs">
            {dayLabel(shownDay.created_at, now, language)}
          </span>
        </div>
      )}
      <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto overscroll-contain" data-testid="message-scroller">
        <ol className="mx-auto flex max-w-3xl flex-col gap-2 px-3 py-4" aria-live="polite" data-testid="message-list">
          {loading &&
            [0, 1, 2].map((i) => (
              <li key={i} className={cn('flex', i % 2 ? 'justify-end' : 'justify-start')}>
                <Skeleton className="h-12 w-2/3 rounded-2xl sm:w-1/2" />
              </li>
            ))}
          {!loading && messages.length === 0 && (
            <li className="flex flex-col items-center gap-2 py-12 text-center text-sm text-muted-foreground" data-testid="conversation-empty">
              <MessageCircleDashed className="size-8" aria-hidden="true" />
              {t('chat.startConversation')}
            </li>
          )}
          {messages.map((m, i) => {
            const day = dayKey(m.created_at);
            // The first day is the strip's; a separator marks each change of day after it.
            const newDay = i > 0 && dayKey(messages[i - 1]!.created_at) !== day;
            return (
              <Fragment key={`${m.sender_id ?? ''}:${m.client_id || m.id}`}>
                {newDay && (
                  <li className="flex justify-center py-1" data-testid="day-separator" data-day={day}>
                    <span className="rounded-full border border-border bg-card px-3 py-0.5 text-xs font-medium text-muted-foreground shadow-xs">
                      {dayLabel(m.created_at, now, language)}
                    </span>
                  </li>
                )}
                {m.system_event ? (
                  <SystemLine message={m} />
                ) : (
                  <MessageBubble
                    message={m}
                    // A webhook's post is not its creator's own words: shown as the others' are, named "<name> via webhook".
                    mine={m.sender_id === myId && !m.via_webhook}
                    online={online}
                    senderName={
                      m.via_webhook
                        ? t('integrations.viaWebhook', { name: m.via_webhook.name ?? tools?.nameOf?.(m.sender_id) ?? (m.sender_id === myId ? t('chat.reactionYou') : tools?.partnerName) ?? t('chat.groupSomeone') })
                        : group && m.sender_id !== myId && (newDay || i === 0 || messages[i - 1]!.sender_id !== m.sender_id || Boolean(messages[i - 1]!.system_event) || Boolean(messages[i - 1]!.via_webhook))
                          ? (tools?.nameOf?.(m.sender_id) ?? t('chat.groupSomeone'))
                          : undefined
                    }
                  />
                )}
                {after?.messageId === m.id && after.node}
              </Fragment>
            );
          })}
        </ol>
      </div>
    </div>
  );
}
