import { createContext, useContext } from 'react';
import type { ReactionEmoji } from '@parley/common';
import type { ViewMessage } from './messages.ts';

/** What message tools need from the open conversation, without threading props through the list. */
export interface ConversationTools {
  roomId: string;
  myId: string;
  partnerName: string;
  /** A member's username in a group (senders, correctors); undefined when unknown (gone) or in a pair. */
  nameOf?: (userId: string | null | undefined) => string | undefined;
  /** A group member is a bot (issue 35): its name carries the "BOT" badge. */
  isBot?: (userId: string | null | undefined) => boolean;
  /** Opens the correction dialog for a message's translation. */
  onCorrect: (message: ViewMessage) => void;
  /** Opens the report dialog for a message someone else sent (absent: no reporting here). */
  onReport?: (message: ViewMessage) => void;
  /** The life of a message (issue 25): answer it, edit or delete one's own, react, show a quoted one. */
  onReply?: (message: ViewMessage) => void;
  onEdit?: (message: ViewMessage) => void;
  onDelete?: (message: ViewMessage) => void;
  onReact?: (message: ViewMessage, emoji: ReactionEmoji, active: boolean) => void;
  onJump?: (messageId: string) => void;
  /** A message of the conversation as it is on screen now (a quote follows its edits and deletion). */
  messageById?: (messageId: string) => ViewMessage | undefined;
  /** "Show my language first" (profile): a received message's translation is its main text. */
  translationFirst?: boolean;
}

export const ConversationToolsContext = createContext<ConversationTools | null>(null);

export const useConversationTools = () => useContext(ConversationToolsContext);

/**
 * A guess at the corrected phrase: the words of the new translation that the old one did not have
 * ('¿Dónde está la estación?' against '¿Dónde es la canal?': 'está', 'estación'), the longest run
 * of them ('estación'). The user edits it; the server checks it appears in the corrected text.
 */
export function changedPhrase(before: string, after: string): string {
  const old = new Set(before.toLocaleLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean));
  const words = after.split(/\s+/).map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''));
  let best: string[] = [];
  let run: string[] = [];
  for (const word of words) {
    if (word && !old.has(word.toLocaleLowerCase())) run.push(word);
    else run = [];
    if (run.join(' ').length > best.join(' ').length) best = [...run];
  }
  return best.join(' ');
}
