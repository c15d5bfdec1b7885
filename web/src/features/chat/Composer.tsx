import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Languages, SendHorizontal, TriangleAlert } from 'lucide-react';
import { firstLink, LIMITS } from '@parley/common/client';
import { Button } from '../../components/ui/button.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { useT } from '../../lib/i18n.tsx';
import { cn } from '../../lib/utils.ts';
import { useMentionSuggestions, type Mentionable } from './mentions/useMentionSuggestions.tsx';
import { ComposerLinkPreview } from './linkPreviews/ComposerLinkPreview.tsx';

/** What a send carries beside its text: `linkPreview: false` when the sender removed the link's card. */
export interface SendOptions {
  linkPreview?: false;
}

/** The counter appears from this many characters on (90% of the limit). */
const COUNTER_FROM = Math.floor(LIMITS.messageMaxChars * 0.9);

export interface ComposerProps {
  /** The language the partner reads (named in the note under the input). */
  targetLanguageName: string;
  /** What this server cannot translate in this conversation, said before anyone types (replaces the note). */
  coverageNotices?: string[];
  /** Keep the message and send it (the outbox): the input is free again at once. */
  onSend: (content: string, options?: SendOptions) => Promise<void>;
  /** A refused message handed back: it returns to the input when that is empty. */
  restore?: { text: string } | null;
  /** Text put into the input whatever it holds (editing a message: its text), focused. */
  fill?: { text: string } | null;
  /** Above the input: the reply bar or the edit bar (life/ComposerBanner). */
  banner?: ReactNode;
  /** Shown under the input for the trimmed draft (the translation preview). */
  renderPreview?: (draft: string) => ReactNode;
  /** The user is writing (called on every change with text; the caller throttles). */
  onTyping?: () => void;
  /** Who else is writing ("Ana is typing"), shown above the input. */
  typingLine?: string | null;
  /** Controls before the input (the photo button) and after it (hold to record). */
  leading?: ReactNode;
  trailing?: ReactNode;
  /** Who "@" suggests (a group's other members, and `all` for its admins); none: no suggestions. */
  mentionables?: readonly Mentionable[];
  /** Show the card the draft's first link will get (with its ×); off for an edit. */
  linkPreviews?: boolean;
}

/**
 * Message input: Enter sends, Shift+Enter adds a line. Never locked: offline or while earlier
 * messages wait, a send joins the outbox. Near the limit a counter shows; over it, a message
 * says by how much and nothing is sent.
 */
export function Composer({ targetLanguageName, coverageNotices = [], onSend, restore, fill, banner, renderPreview, leading, trailing, onTyping, typingLine, mentionables = [], linkPreviews = true }: ComposerProps) {
  const t = useT();
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const content = text.trim();
  const max = LIMITS.messageMaxChars;
  const over = content.length - max;

  // A newly handed-back message fills the input unless something new is being written.
  const [seenRestore, setSeenRestore] = useState(restore);
  if (restore !== seenRestore) {
    setSeenRestore(restore);
    if (restore && !text.trim()) setText(restore.text);
  }
  const [seenFill, setSeenFill] = useState(fill);
  if (fill !== seenFill) {
    setSeenFill(fill);
    if (fill) setText(fill.text);
  }
  const mentions = useMentionSuggestions(text, setText, input, mentionables);
  const hasBanner = Boolean(banner);
  useEffect(() => {
    if (fill || hasBanner) input.current?.focus();
  }, [fill, hasBanner]);

  // The link whose card the sender removed (×): a send whose first link it is carries linkPreview: false.
  const [removedLink, setRemovedLink] = useState<string | null>(null);
  const submit = () => {
    if (!content || over > 0) return;
    setText('');
    const removed = removedLink !== null && firstLink(content) === removedLink;
    setRemovedLink(null);
    void (removed ? onSend(content, { linkPreview: false }) : onSend(content));
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mentions.onKeyDown(event)) return;
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const rows = Math.min(5, Math.max(1, text.split('\n').length));
  // The box grows with the draft's wrapped lines too (a long first line wraps): every line stays in view up to
  // its max height, then it scrolls. Measured after each change, before the screen is painted.
  useLayoutEffect(() => {
    const el = input.current;
    if (!el) return;
    el.style.height = 'auto';
    const border = el.offsetHeight - el.clientHeight;
    el.style.height = `${el.scrollHeight + Math.max(0, border)}px`;
  }, [text]);
  return (
    <div className="relative shrink-0 border-t border-border bg-card px-3 pb-2 pt-2">
      {typingLine && (
        // Over the list's bottom edge, so the messages do not jump when someone starts or stops typing.
        <p className="pointer-events-none absolute inset-x-0 bottom-full truncate px-4 pb-1 text-xs italic text-muted-foreground" aria-live="polite" data-testid="typing-line">
          {typingLine}
        </p>
      )}
      {banner}
      <form onSubmit={onSubmit} className="relative mx-auto flex max-w-3xl items-end gap-2" data-testid="message-form">
        {mentions.list}
        {leading}
        <Textarea
          ref={input}
          value={text}
          rows={rows}
          onChange={(event) => {
            setText(event.target.value);
            mentions.onCaret(event.target);
            if (event.target.value.trim()) onTyping?.();
          }}
          onSelect={(event) => mentions.onCaret(event.currentTarget)}
          onKeyDown={onKeyDown}
          {...mentions.inputProps}
          placeholder={t('chat.messagePlaceholder')}
          aria-label={t('chat.messagePlaceholder')}
          aria-invalid={over > 0 || undefined}
          aria-describedby={content.length >= COUNTER_FROM ? 'composer-count' : undefined}
          enterKeyHint="send"
          className="max-h-36 min-h-10 resize-none rounded-2xl py-2"
          data-testid="message-input"
        />
        {trailing}
        <Button type="submit" size="icon" className="size-11 shrink-0 rounded-full" disabled={!content || over > 0} aria-label={t('chat.send')} data-testid="send-button">
          <SendHorizontal className="rtl:-scale-x-100" aria-hidden="true" />
        </Button>
      </form>
      {content.length >= COUNTER_FROM && (
        <p
          id="composer-count"
          className={cn('mx-auto mt-1 max-w-3xl text-end text-xs tabular-nums', over > 0 ? 'font-medium text-destructive' : 'text-muted-foreground')}
          aria-live="polite"
          data-testid="message-length"
          data-over={over > 0}
        >
          {over > 0 ? t('chat.tooLong', { over, max }) : t('chat.characterCount', { count: content.length, max })}
        </p>
      )}
      {linkPreviews && firstLink(text) && <ComposerLinkPreview draft={text} removed={removedLink} onRemove={setRemovedLink} />}
      {renderPreview?.(text.trim())}
      {coverageNotices.length === 0 ? (
        <p className="mx-auto mt-1.5 flex max-w-3xl items-center justify-center gap-1 text-xs text-muted-foreground" data-testid="translated-to-note">
          <Languages className="size-3.5" aria-hidden="true" />
          {t('chat.translatedTo', { language: targetLanguageName })}
        </p>
      ) : coverageNotices.length > 2 ? (
        // A mixed group: one short line that opens the details, not a stack of notices above the input.
        <details className="mx-auto mt-1.5 max-w-3xl text-xs text-amber-700 dark:text-amber-400" data-testid="coverage-summary">
          <summary className="flex cursor-pointer list-none items-center justify-center gap-1.5 [&::-webkit-details-marker]:hidden">
            <TriangleAlert className="size-3.5 shrink-0" aria-hidden="true" />
            <span>{t('phone.coverageSummary')}</span>
            <span className="font-medium underline underline-offset-2">{t('phone.coverageDetails')}</span>
          </summary>
          <ul className="mt-1 flex max-h-32 flex-col gap-1 overflow-y-auto">
            {coverageNotices.map((notice) => <li key={notice} role="note" data-testid="coverage-notice">{notice}</li>)}
          </ul>
        </details>
      ) : (
        coverageNotices.map((notice) => (
          <p key={notice} className="mx-auto mt-1.5 flex max-w-3xl items-start gap-1.5 text-xs text-amber-700 dark:text-amber-400" role="note" data-testid="coverage-notice">
            <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
            {notice}
          </p>
        ))
      )}
    </div>
  );
}
