import { LIMITS, type ChatMessage } from '@parley/common';
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { AppError } from '../http/errors.ts';
import { requireReadAccess } from './membership.ts';
import { addMissingTranslations, type HistoryJobs } from './missingTranslations.ts';
import { extrasFor, loadExtras } from './messageExtras.ts';
import { presentMessage, viewFor, type MessageRow } from './presenters.ts';
import { roomReaders } from './readers.ts';

/**
 * How long before the mark a resume looks back for rows that changed. It must exceed the longest
 * send or translation transaction plus the time to announce its result: a message that took its id
 * before the mark but committed after the client saw the mark started at most that long before
 * the mark's own start.
 */
export const RESUME_LOOKBACK = '2 minutes';

/** A jump to a message (`around`): this many messages before it, then it and the ones after, 50 in all. */
const AROUND_BEFORE = 25;

export const messageNotFound = () => new AppError(404, 'message_not_found', 'Message not found');

/**
 * History: the latest 50 messages, oldest first. `after`: the messages with a larger id, oldest
 * first (paging). `resume` (the newest message the client holds, after a reconnect): the same, and
 * also the earlier ones that changed since shortly before it (`changed_at`, migration 011). Ids
 * come from a sequence, which is not commit order: a message can take a lower id and commit after
 * the client already saw a higher one; and a node can die between storing a translation and
 * announcing it. The client merges by id, so those rows only replace what it holds with what is stored.
 */
export async function listMessages(
  db: Db, callerId: string, roomId: string,
  page: { after?: string | undefined; resume?: string | undefined; around?: string | undefined } = {}, jobs?: HistoryJobs,
): Promise<ChatMessage[]> {
  const me = await requireReadAccess(db, roomId, callerId);
  let q = db.selectFrom('messages').selectAll().where('chat_room_id', '=', roomId);
  // A group member added later sees the history from joining on; a removed member, up to the removal line.
  if (me.kind === 'group') q = q.where('created_at', '>=', me.joined_at);
  if (me.until) q = q.where('id', '<=', me.until.messageId as never);
  const { after, resume, around } = page;
  if (around !== undefined) {
    // The message must be one this member can see (this room, from joining on): else the same 404 as a missing one.
    const target = await q.select('id').where('id', '=', around as never).executeTakeFirst();
    if (!target) throw messageNotFound();
    const [before, from] = await Promise.all([
      q.where('id', '<', around as never).orderBy('id', 'desc').limit(AROUND_BEFORE).execute(),
      q.where('id', '>=', around as never).orderBy('id', 'asc').limit(LIMITS.chatHistory - AROUND_BEFORE).execute(),
    ]);
    return present(db, callerId, [...before.reverse(), ...from], me.until ? undefined : jobs);
  }
  if (resume !== undefined) {
    const lookFrom = sql<Date>`(SELECT created_at - ${RESUME_LOOKBACK}::interval FROM messages WHERE id = ${resume} AND chat_room_id = ${roomId})`;
    const rows = await q
      .where((eb) => eb.or([eb('id', '>', resume as never), eb('changed_at', '>=', lookFrom)]))
      .orderBy('id', 'asc').limit(LIMITS.messagesPage).execute();
    return present(db, callerId, rows, me.until ? undefined : jobs);
  }
  if (after !== undefined) {
    const rows = await q.where('id', '>', after as never).orderBy('id', 'asc').limit(LIMITS.messagesPage).execute();
    return present(db, callerId, rows, me.until ? undefined : jobs);
  }
  q = q.orderBy('id', 'desc').limit(LIMITS.chatHistory);
  // A removed member reads what is stored: no new translation work is made for them.
  return present(db, callerId, (await q.execute()).reverse(), me.until ? undefined : jobs);
}

/**
 * Each message as this reader sees it: with the translation rows of these messages (one query).
 * `jobs`: rows missing in the reader's language are made (pending) and queued on the way.
 */
async function present(db: Db, readerId: string, messages: MessageRow[], jobs?: HistoryJobs): Promise<ChatMessage[]> {
  if (messages.length === 0) return [];
  const [rows, readers, extras] = await Promise.all([
    db.selectFrom('message_translations').selectAll().where('message_id', 'in', messages.map((m) => m.id)).execute(),
    roomReaders(db, messages[0]!.chat_room_id),
    loadExtras(db, messages),
  ]);
  // A removed member is no reader of the room any more: their language is read from their profile.
  const reader = readers.find((r) => r.id === readerId)
    ?? (await db.selectFrom('profiles').select(['id', 'language']).where('id', '=', readerId).executeTakeFirst());
  if (jobs) rows.push(...(await addMissingTranslations(db, jobs, readerId, reader?.language ?? null, messages, rows)));
  const byMessage = new Map<string, typeof rows>();
  for (const r of rows) byMessage.set(String(r.message_id), [...(byMessage.get(String(r.message_id)) ?? []), r]);
  const language = reader?.language ?? null;
  return messages.map((m) => presentMessage(m, viewFor(m, byMessage.get(String(m.id)) ?? [], readerId, language, readers), extrasFor(extras, m, readerId, language)));
}
