import type { MessageReaction } from '@parley/common';
import { useT } from '../../../lib/i18n.tsx';
import { cn } from '../../../lib/utils.ts';
import { useConversationTools } from '../conversationTools.ts';
import type { ViewMessage } from '../messages.ts';
import { reactorNames } from './quote.ts';

/**
 * Reactions under a bubble: one chip per emoji with its count; mine are marked, and tapping a chip adds or
 * takes back mine. Who reacted is the chip's title (and its accessible name).
 */
export function Reactions({ message, mine }: { message: ViewMessage; mine: boolean }) {
  const t = useT();
  const tools = useConversationTools();
  const reactions: MessageReaction[] = message.reactions ?? [];
  if (reactions.length === 0 || message.deleted_at) return null;
  const myId = tools?.myId ?? '';
  return (
    <div className={cn('-mt-1 flex flex-wrap gap-1 px-1', mine ? 'justify-end' : 'justify-start')} data-testid="reactions">
      {reactions.map((r) => {
        const reacted = r.userIds.includes(myId);
        const who = t('chat.reactedBy', { names: reactorNames(r.userIds, myId, (id) => tools?.nameOf?.(id) ?? (id === myId ? undefined : tools?.partnerName), t), emoji: r.emoji });
        return (
          <button
            key={r.emoji}
            type="button"
            onClick={() => tools?.onReact?.(message, r.emoji, !reacted)}
            className={cn(
              'inline-flex h-7 items-center gap-1 rounded-full border px-2 text-sm shadow-xs',
              reacted ? 'border-primary bg-primary/10 text-foreground' : 'border-border bg-card text-foreground hover:bg-muted',
            )}
            aria-pressed={reacted}
            aria-label={who}
            title={who}
            data-testid="reaction-chip"
            data-emoji={r.emoji}
            data-mine={reacted}
          >
            <span aria-hidden="true">{r.emoji}</span>
            <span className="text-xs tabular-nums" aria-hidden="true">{r.count}</span>
          </button>
        );
      })}
    </div>
  );
}
