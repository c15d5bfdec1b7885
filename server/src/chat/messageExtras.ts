import type { MessageReaction, ReactionEmoji, ReplyPreview } from '@parley/common';
import type { Db } from '../db/connect.ts';
import { AppError } from '../http/errors.ts';
import type { MessageExtras, MessageRow, TranslationRow } from './presenters.ts';

/** A quoted message with its translation rows: each reader sees it in their language. */
export interface ReplySource {
  row: MessageRow;
  translations: readonly TranslationRow[];
}

/** Quoted messages and reactions of a page of messages, in two queries (none when nothing needs them). */
export interface LoadedExtras {
  replies: Map<string, ReplySource>;
  reactions: Map<string, MessageReaction[]>;
}

export async function loadExtras(db: Db, messages: readonly MessageRow[]): Promise<LoadedExtras> {
  const quoted = [...new Set(messages.map((m) => m.reply_to_id).filter((id): id is string => id !== null).map(String))];
  const [replies, reactions] = await Promise.all([loadReplySources(db, quoted), reactionsOf(db, messages.map((m) => String(m.id)))]);
  return { replies, reactions };
}

export async function loadReplySources(db: Db, ids: readonly string[]): Promise<Map<string, ReplySource>> {
  const sources = new Map<string, ReplySource>();
  if (ids.length === 0) return sources;
  const [rows, translations] = await Promise.all([
    db.selectFrom('messages').selectAll().where('id', 'in', ids as never[]).execute(),
    db.selectFrom('message_translations').selectAll().where('message_id', 'in', ids as never[]).execute(),
  ]);
  for (const row of rows) sources.set(String(row.id), { row, translations: translations.filter((t) => String(t.message_id) === String(row.id)) });
  return sources;
}

/** Each message's reactions: one entry per emoji, in the order first used, with who (oldest first). */
export async function reactionsOf(db: Db, messageIds: readonly string[]): Promise<Map<string, MessageReaction[]>> {
  const byMessage = new Map<string, MessageReaction[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db.selectFrom('message_reactions').select(['message_id', 'user_id', 'emoji'])
    .where('message_id', 'in', messageIds as never[]).orderBy('created_at').orderBy('user_id').execute();
  for (const r of rows) {
    const key = String(r.message_id);
    const list = byMessage.get(key) ?? [];
    let entry = list.find((e) => e.emoji === r.emoji);
    if (!entry) list.push((entry = { emoji: r.emoji as ReactionEmoji, count: 0, userIds: [] }));
    entry.userIds.push(r.user_id);
    entry.count = entry.userIds.length;
    byMessage.set(key, list);
  }
  return byMessage;
}

/**
 * The quoted message as one reader sees it: deleted ("This message was deleted"), else its current
 * text (an edit shows the new one) and the translation into the reader's language when there is a
 * settled one (none for the reader's own message, nor when it is in their language already).
 */
export function replyPreview(source: ReplySource | undefined, readerId: string, readerLanguage: string | null): ReplyPreview | null {
  if (!source) return null;
  const { row } = source;
  const base = { id: String(row.id), sender_id: row.sender_id };
  if (row.deleted_at) return { ...base, content: '', translated_content: null, deleted: true };
  const own = row.sender_id === readerId;
  const t = own ? undefined : source.translations.find((r) => r.language === readerLanguage && r.status === 'done');
  return {
    ...base,
    content: row.content,
    translated_content: t?.content ?? null,
    deleted: false,
    ...(row.attachment ? { attachment_kind: row.attachment.kind } : {}),
  };
}

/** What `message` carries for one reader, from what loadExtras read. */
export function extrasFor(loaded: LoadedExtras, message: MessageRow, readerId: string, readerLanguage: string | null): MessageExtras {
  const id = String(message.id);
  return {
    reply: message.reply_to_id ? replyPreview(loaded.replies.get(String(message.reply_to_id)), readerId, readerLanguage) : undefined,
    reactions: loaded.reactions.get(id) ?? [],
  };
}

/**
 * A message of the room that `userId` may see: theirs or anyone's, in a group from their joining on;
 * no system line, nothing deleted. Else undefined.
 */
export async function visibleMessage(db: Db, roomId: string, userId: string, messageId: string): Promise<MessageRow | undefined> {
  if (!/^\d{1,18}$/.test(messageId)) return undefined;
  return db.selectFrom('messages as m')
    .innerJoin('chat_room_participants as p', (j) => j.onRef('p.chat_room_id', '=', 'm.chat_room_id').on('p.user_id', '=', userId))
    .innerJoin('chat_rooms as r', 'r.id', 'm.chat_room_id')
    .selectAll('m')
    .where('m.id', '=', messageId as never)
    .where('m.chat_room_id', '=', roomId)
    .where((eb) => eb.or([eb('r.kind', '=', 'direct'), eb('m.created_at', '>=', eb.ref('p.joined_at'))]))
    .where('m.system_event', 'is', null)
    .where('m.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The message a new one answers, with its translations: same room, visible to the sender, else 400 reply_not_found. */
export async function replyTarget(db: Db, roomId: string, senderId: string, replyTo: string): Promise<ReplySource> {
  const row = await visibleMessage(db, roomId, senderId, replyTo);
  if (!row) throw new AppError(400, 'reply_not_found', 'The message you are replying to is not in this conversation');
  const translations = await db.selectFrom('message_translations').selectAll().where('message_id', '=', row.id).execute();
  return { row, translations };
}
