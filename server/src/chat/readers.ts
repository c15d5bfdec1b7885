import type { ServerEvent } from '@parley/common';
import { sql, type RawBuilder } from 'kysely';
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
 * The same audience as roomReaders, as a JSON array column of a larger statement (the send context, a translation
 * job's message): `roomId` is the SQL expression of the room's id. Parse it with parseReaders.
 */
export function readersJson(roomId: RawBuilder<unknown>): RawBuilder<Reader[] | string> {
  return sql<Reader[] | string>`(SELECT coalesce(json_agg(json_build_object('id', p.user_id, 'language', pr.language)), '[]'::json)
    FROM chat_room_participants p JOIN profiles pr ON pr.id = p.user_id WHERE p.chat_room_id = ${roomId})`;
}

/** readersJson's column as read back (PGlite answers json as text). */
export function parseReaders(value: Reader[] | string): Reader[] {
  return typeof value === 'string' ? (JSON.parse(value) as Reader[]) : value;
}

/** A message and its room's audience now, in one statement (undefined: no such message). */
export async function messageAndReaders(db: Db, messageId: string): Promise<{ message: MessageRow; readers: Reader[] } | undefined> {
  const row = await db.selectFrom('messages as m').selectAll('m')
    .select(readersJson(sql.ref('m.chat_room_id')).as('room_readers'))
    .where('m.id', '=', messageId as never)
    .executeTakeFirst();
  if (!row) return undefined;
  const { room_readers, ...message } = row;
  return { message, readers: parseReaders(room_readers) };
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
  type Group = { users: string[]; event: ServerEvent };
  const groups = new Map<string, Group>();
  // Readers other than the sender (and the quoted author) see what their reading language gives: worked out once per
  // language, not per reader (a group of a hundred reads a few languages). null: this language's readers are not told.
  const byLanguage = new Map<string | null, Group | null>();
  for (const reader of readers) {
    const plain = reader.id !== message.sender_id && extras?.reply?.row.sender_id !== reader.id;
    const known = plain ? byLanguage.get(reader.language) : undefined;
    if (known !== undefined) {
      known?.users.push(reader.id);
      continue;
    }
    const view = viewFor(message, rows, reader.id, reader.language, readers);
    if (only !== undefined && view.row?.language !== only) {
      if (plain) byLanguage.set(reader.language, null);
      continue;
    }
    // A quote is shown in the reader's own language (their own quoted message: as written).
    const quote = extras?.reply ? `:${reader.language ?? ''}:${extras.reply.row.sender_id === reader.id ? 'own' : ''}` : '';
    const key = `${reader.id === message.sender_id ? 'sender' : 'reader'}:${view.language ?? ''}${quote}`;
    let group: Group | undefined = groups.get(key);
    if (!group) {
      const shown = extras ? { reply: extras.reply ? replyPreview(extras.reply, reader.id, reader.language) : undefined, reactions: extras.reactions } : {};
      group = { users: [], event: { v: 1, type, message: presentMessage(message, view, shown) } };
      groups.set(key, group);
    }
    if (plain) byLanguage.set(reader.language, group);
    group.users.push(reader.id);
  }
  for (const { users, event } of groups.values()) events.publish(users, event);
}
