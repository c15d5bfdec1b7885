import { createContext, useContext, type ReactNode } from 'react';
import { MENTION_ALL, MENTION_DELETED, mentionTokens, type MessageMention } from '@parley/common/client';
import { useT } from '../../../lib/i18n.tsx';
import { cn } from '../../../lib/utils.ts';

/** What a conversation knows to draw mentions: the current names by id (a rename shows the new one) and who reads. */
export interface MentionNames {
  nameOf(id: string): string | undefined;
  myId: string;
}

export const MentionNamesContext = createContext<MentionNames>({ nameOf: () => undefined, myId: '' });

/**
 * A piece of a message's text with its @mentions drawn as marks (issue 36 item 1): only the `@name`s the server
 * resolved for this message (its `mentions`), in the original and in a translation alike (the name is a protected
 * span: never translated), showing the person's current name; a mention of the reader (or @all) stands out. A mention
 * of a deleted account reads "@Deleted user", muted (the server forgets whom it named).
 */
export function MentionText({ text, mentions, mine }: { text: string; mentions: readonly MessageMention[] | null | undefined; mine: boolean }): ReactNode {
  const names = useContext(MentionNamesContext);
  if (!mentions?.length || !text.includes('@')) return text;
  const parts: ReactNode[] = [];
  let from = 0;
  for (const token of mentionTokens(text)) {
    const mention = mentions.find((m) => m.name.toLowerCase() === token.name.toLowerCase());
    if (!mention) continue;
    if (token.start > from) parts.push(text.slice(from, token.start));
    const me = mention.id === names.myId || mention.id === MENTION_ALL;
    if (mention.id === MENTION_DELETED) {
      parts.push(<DeletedMention key={token.start} />);
      from = token.end;
      continue;
    }
    parts.push(
      <span
        key={token.start}
        className={cn('rounded px-0.5 font-medium', me ? (mine ? 'bg-white/30' : 'bg-amber-200/80 text-amber-950 dark:bg-amber-400/30 dark:text-amber-100') : (mine ? 'underline decoration-white/60' : 'text-primary'))}
        // Its own direction (the name's): "@bruno" stays so inside Arabic text, "@محمد" reads right to left.
        dir="auto"
        data-testid="mention"
        data-me={me || undefined}
      >
        @{mention.id === MENTION_ALL ? MENTION_ALL : (names.nameOf(mention.id) ?? mention.name)}
      </span>,
    );
    from = token.end;
  }
  if (from === 0) return text;
  if (from < text.length) parts.push(text.slice(from));
  return parts;
}

function DeletedMention() {
  const t = useT();
  return <span className="italic opacity-80" data-testid="mention" data-deleted="true">@{t('chat.deletedUser')}</span>;
}
