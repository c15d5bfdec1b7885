import type { ServerEvent } from '@parley/common';
import type { Db } from '../db/connect.ts';
import type { MessageReaction } from '@parley/common';
import { replyPreview, type ReplySource } from './messageExtras.ts';
import { presentMessage, viewFor, type MessageRow, type TranslationRow } from './presenters.ts';
import type { EventPublisher } from './types.ts';

/** A member of a room and the language they read. */
export interface Reader {
  id: string;
  language: string | null;
}

/**
 * Who is in a room's audience: its members now, with their reading language. The one answer to
 * "who hears this room's events" (read when publishing, so a member removed a moment ago hears
 * nothing more, on any node: events are addressed to users by the publishing node).
 */
export async function roomReaders(db: Db, roomId: string): Promise<Reader[]> {
  return db
    .selectFrom('chat_room_participants as p')
    .innerJoin('profiles as pr', 'pr.id', 'p.user_id')
    .select(['p.user_id as id', 'pr.language'])
    .where('p.chat_room_id', '=', roomId)
    .execute();
}

/**
 * Publish a message to readers, each seeing their own language's translation: one frame per
 * distinct view (the sender's own, and one per reading language), encoded once for all its readers.
 * `only`: the translation that changed; readers whose view is another language's are not told.
 * `extras`: the quoted message (each reader sees it in their language) and the reactions, when the
 * event carries them (a new reply, an edit); a translation's event leaves them out (clients keep theirs).
 */
export function publishViews(
  events: EventPublisher, type: 'message.created' | 'message.translated' | 'message.edited', message: MessageRow, rows: readonly TranslationRow[],
  readers: readonly Reader[], only?: string, extras?: { reply?: ReplySource | undefined; reactions?: MessageReaction[] | undefined },
): void {
  const groups = new Map<string, { users: string[]; event: ServerEvent }>();
  for (const reader of readers) {
    const view = viewFor(message, rows, reader.id, reader.language, readers);
    if (only !== undefined && view.row?.language !== only) continue;
    // A quote is shown in the reader's own language (their own quoted message: as written).
    const quote = extras?.reply ? `:${reader.language ?? ''}:${extras.reply.row.sender_id === reader.id ? 'own' : ''}` : '';
    const key = `${reader.id === message.sender_id ? 'sender' : 'reader'}:${view.language ?? ''}${quote}`;
    let group = groups.get(key);
    if (!group) {
      const shown = extras ? { reply: extras.reply ? replyPreview(extras.reply, reader.id, reader.language) : undefined, reactions: extras.reactions } : {};
      group = { users: [], event: { v: 1, type, message: presentMessage(message, view, shown) } };
      groups.set(key, group);
    }
    group.users.push(reader.id);
  }
  for (const { users, event } of groups.values()) events.publish(users, event);
}
