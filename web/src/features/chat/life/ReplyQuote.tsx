import type { ReplyPreview } from '@parley/common';
import { useI18n } from '../../../lib/i18n.tsx';
import { cn } from '../../../lib/utils.ts';
import { useConversationTools } from '../conversationTools.ts';
import { quoteText } from './quote.ts';

/**
 * The message a reply answers, inside its bubble: who wrote it and its text in the reader's language
 * ("This message was deleted" once it is). Tapping it shows that message in the conversation.
 */
export function ReplyQuote({ quote, mine }: { quote: ReplyPreview; mine: boolean }) {
  const { t } = useI18n();
  const tools = useConversationTools();
  const live = tools?.messageById?.(quote.id);
  const { deleted, text } = quoteText(quote, live, tools?.myId ?? '', t);
  const senderId = live?.sender_id ?? quote.sender_id;
  const name = senderId && senderId === tools?.myId ? t('chat.reactionYou') : (tools?.nameOf?.(senderId) ?? tools?.partnerName ?? '');
  return (
    <button
      type="button"
      onClick={() => tools?.onJump?.(quote.id)}
      className={cn(
        'mb-1.5 block w-full min-w-0 rounded-lg border-s-4 px-2 py-1 text-start text-xs',
        mine ? 'border-white/70 bg-white/15 hover:bg-white/25' : 'border-primary bg-muted hover:bg-muted/70',
      )}
      aria-label={t('chat.showQuoted')}
      title={t('chat.showQuoted')}
      data-testid="reply-quote"
      data-quoted-id={quote.id}
    >
      {name && <span className="block truncate font-semibold" dir="auto">{name}</span>}
      <span className={cn('line-clamp-2 break-words', deleted && 'italic opacity-80')} dir="auto" data-testid="reply-quote-text">{text}</span>
    </button>
  );
}
