import { firstLink, isLanguageCode, mentionsUser, type ChatMessage, type GroupRegister, type GroupSystemEvent, type LanguageCode, type MessageAttachment, type RelationshipContext, type RoomKind } from '@parley/common';
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { AppError, notFound } from '../http/errors.ts';
import { refuseBlockedSend } from '../safety/blocks.ts';
import { refuseBotFirstContact } from './bots.ts';
import { insertMessage, insertMessageWithWork } from './insertBatch.ts';
import { registerContext } from './groupRegister.ts';
import { isUuid, requireMembership, roomNotFound } from './membership.ts';
import { resolveMentions } from './mentions.ts';
import { loadReplySources, replyPreview, replyTarget, type ReplySource } from './messageExtras.ts';
import { presentMessage, viewFor } from './presenters.ts';
import { parseReaders, publishViews, readersJson, roomReaders, type Reader } from './readers.ts';
import type { TranslationBudget } from '../http/translationBudget.ts';
import type { TranslationJobs } from './translationJobs.ts';
import type { EventLog } from '../events/index.ts';
import type { EventPublisher } from './types.ts';

export interface SendDeps {
  db: Db;
  jobs: TranslationJobs;
  events: EventPublisher;
  /** sendContext kept for a few seconds (chat/sendContexts.ts): one query less per send. */
  contexts?: { get(roomId: string, senderId: string): ReturnType<typeof sendContext> };
  /** The sender's translation budget: a send that needs translating is refused (429) once it is spent. */
  budget?: TranslationBudget | undefined;
  /** Where a send records `message.sent` (push, webhooks...), in its transaction, when a consumer wants it. */
  eventLog: EventLog;
  /** Whether one of these sessions' devices is not showing the room now (push/viewing.ts): a push may be needed. */
  away(roomId: string, sessionIds: readonly string[]): Promise<boolean>;
}

export interface SendInput {
  senderId: string;
  roomId: string;
  content: string;
  clientId: string;
  /** A photo or voice message (media/): content is the text read from it, '' when there is none. */
  attachment?: MessageAttachment | undefined;
  /** The message this one answers: same room, visible to the sender (else 400 reply_not_found). */
  replyTo?: string | undefined;
  /**
   * An incoming webhook's post (webhooks/), as its creator: marked "via webhook", and translated for every reader,
   * the creator too (its language is detected, the creator's is only the hint: a CI bot writes English whatever
   * its creator reads).
   */
  via?: { hookId: string; name: string | null; avatar: string | null } | undefined;
  /** false: the sender removed the link's preview before sending (no card is ever made for this message). */
  linkPreview?: boolean | undefined;
}

/**
 * Send a message: membership -> insert the original and one translation row per other language
 * read in the room (each `pending` with its job) in one transaction (nothing can lose either after
 * this) -> acknowledge and publish to every member, each with their language's view -> one worker
 * job per (message, language) translates, updates that row and tells that language's readers.
 * A message to 200 members reading 6 languages costs 5 translations. A retry with the same client
 * id returns the stored message (never a second row) and announces it again (clients merge by id).
 */
export async function sendMessage(deps: SendDeps, input: SendInput): Promise<{ message: ChatMessage; created: boolean }> {
  const { db, jobs } = deps;
  // Back-pressure: the translation queue is bounded; the client retries with the same client id.
  if (jobs.full) throw new AppError(503, 'service_busy', 'Too many messages are waiting for translation. Try again in a moment.', { 'retry-after': '5' });
  const room = await (deps.contexts ? deps.contexts.get(input.roomId, input.senderId) : sendContext(db, input.roomId, input.senderId));
  const { senderLanguage } = room;
  if (room.kind === 'direct' && room.senderBot) await refuseBotFirstContact(db, input.roomId, input.senderId);
  // Same language everywhere (spec section 5), or a photo/voice without text: no engine call.
  const languages = input.content.trim() === '' ? [] : input.via ? room.readerLanguages : room.targets;
  if (languages.length) await deps.budget?.check(input.senderId);
  const reply: ReplySource | undefined = input.replyTo ? await replyTarget(db, input.roomId, input.senderId, input.replyTo) : undefined;
  const mentions = await resolveMentions(db, input.roomId, input.senderId, room.kind, input.content);

  const values = {
    chat_room_id: input.roomId,
    sender_id: input.senderId,
    client_id: input.clientId,
    content: input.content,
    original_language: senderLanguage,
    attachment: input.attachment ? JSON.stringify(input.attachment) : null,
    reply_to_id: reply ? String(reply.row.id) : null,
    mentions: mentions ? JSON.stringify(mentions) : null,
    via_webhook: input.via ? JSON.stringify(input.via) : null,
  };
  // A push may be needed only when another member has a device subscribed and not muted, or muted but mentioned
  // (unless they muted mentions too), as the cached context knows (a new subscription or a mute empties it), and one of
  // those devices is not showing this conversation now.
  const told = room.pushSessions.filter((p) => !p.muted || (!p.mentionsMuted && mentionsUser(mentions, p.userId))).map((p) => p.sessionId);
  const notify = told.length > 0 && (await deps.away(input.roomId, told));
  // The card of the first link is made after the send (the event log's linkPreviews consumer), unless removed.
  const link = input.linkPreview !== false && !input.attachment && firstLink(input.content) !== null;
  const event = deps.eventLog.wanted({ type: 'message.sent', roomId: input.roomId, notify, link }) ? { notify, link } : undefined;
  // The message, its translation rows, their jobs and its event's jobs are one unit: all committed, or none.
  // Sends are batched with the sends around them (group commit, chat/insertBatch.ts): those with translation rows or
  // an event in one transaction, the others in one statement.
  const stored = { ...values, direct: room.kind === 'direct' };
  const inserted = languages.length === 0 && !event
    ? await insertMessage(db, stored).then((row) => row && { row, rows: [] })
    : await insertMessageWithWork(db, { jobs, eventLog: deps.eventLog }, { values: stored, languages, event });

  if (!inserted) {
    // No row: refused (blocked), or stored before under this client id.
    if (room.kind === 'direct') await refuseBlockedSend(db, input.roomId, input.senderId);
    const existing = await db
      .selectFrom('messages')
      .selectAll()
      .where('chat_room_id', '=', input.roomId)
      .where('sender_id', '=', input.senderId)
      .where('client_id', '=', input.clientId)
      .executeTakeFirst();
    // Neither: the pair's room was deleted behind a cached context (its members went with it).
    if (!existing) throw roomNotFound();
    const rows = await db.selectFrom('message_translations').selectAll().where('message_id', '=', existing.id).execute();
    // Still pending (its process may have died): have a worker look at once.
    if (rows.some((r) => r.status === 'pending')) jobs.queued();
    // A retry means the sender cannot know whether the first attempt was announced (its node
    // may have died in between): announce again; clients merge events by message id.
    const readers = await roomReaders(db, input.roomId);
    const stored = existing.reply_to_id ? (await loadReplySources(db, [String(existing.reply_to_id)])).get(String(existing.reply_to_id)) : undefined;
    const extras = { reply: stored, reactions: undefined };
    publishViews(deps.events, 'message.created', existing, rows, readers, undefined, extras);
    if (rows.some((r) => r.status !== 'pending')) publishViews(deps.events, 'message.translated', existing, rows, readers);
    const shown = { reply: existing.reply_to_id ? replyPreview(stored, input.senderId, senderLanguage) : undefined };
    return { message: presentMessage(existing, viewFor(existing, rows, input.senderId, senderLanguage, readers), shown), created: false };
  }

  publishViews(deps.events, 'message.created', inserted.row, inserted.rows, room.readers, undefined, { reply, reactions: [] });
  if (inserted.rows.length) jobs.queued();
  const shown = { reply: reply ? replyPreview(reply, input.senderId, senderLanguage) : undefined, reactions: [] };
  return { message: presentMessage(inserted.row, viewFor(inserted.row, inserted.rows, input.senderId, senderLanguage, room.readers), shown), created: true };
}

export interface SendContext {
  kind: RoomKind;
  register: GroupRegister | null;
  /** The tone of the sender's messages: a pair's per-contact relationship context, or the group's register. */
  relationship_context: RelationshipContext | null;
  senderLanguage: LanguageCode | null;
  /** Every member with their language (the sender included): who hears the send. */
  readers: Reader[];
  /** The languages the sender's messages are translated into: every other member's, minus the sender's own. */
  targets: LanguageCode[];
  /** Every language read in the room, the sender's too (an incoming webhook's post, whose language is detected). */
  readerLanguages: LanguageCode[];
  /** The first of those (a pair's partner's language), or the sender's when there is none: the draft preview's direction. */
  target: LanguageCode;
  /** The sessions of other members with a device subscribed to web push, with their mute: only when one of those to
   * tell (not muted; muted but mentioned, mentions not muted) is not showing the room does a send queue a push. */
  pushSessions: { sessionId: string; userId: string; muted: boolean; mentionsMuted: boolean }[];
  /** The sender is a bot (chat/bots.ts: in a pair, it answers; it does not start). */
  senderBot: boolean;
}

/**
 * Membership, the sender's language and tone, and every member's language, in one query. No
 * row: not a member, or no such room (the same 404). The draft preview and media ask this too.
 */
export async function sendContext(db: Db, roomId: string, senderId: string): Promise<SendContext> {
  if (!isUuid(roomId)) throw roomNotFound();
  const row = await db
    .selectFrom('chat_room_participants as me')
    .innerJoin('chat_rooms as r', 'r.id', 'me.chat_room_id')
    .innerJoin('profiles as sp', 'sp.id', 'me.user_id')
    .innerJoin('users as su', 'su.id', 'me.user_id')
    .select(['me.relationship_context', 'r.kind', 'r.register', 'sp.language as sender_language', 'su.is_bot as sender_bot'])
    .select(readersJson(sql.ref('me.chat_room_id')).as('readers'))
    .select(sql<SendContext['pushSessions'] | string>`(SELECT coalesce(json_agg(json_build_object('sessionId', ps.session_id, 'userId', p.user_id,
        'muted', p.muted_until IS NOT NULL AND p.muted_until > now(), 'mentionsMuted', p.mute_mentions)), '[]'::json)
        FROM chat_room_participants p JOIN push_subscriptions ps ON ps.user_id = p.user_id
        WHERE p.chat_room_id = me.chat_room_id AND p.user_id <> me.user_id)`.as('push_sessions'))
    .where('me.chat_room_id', '=', roomId)
    .where('me.user_id', '=', senderId)
    .executeTakeFirst();
  if (!row) throw roomNotFound();
  const senderLanguage: LanguageCode | null = isLanguageCode(row.sender_language) ? row.sender_language : null;
  const readers = parseReaders(row.readers);
  // Each member reads in their own language; one without a language reads the sender's (spec section 4).
  const readerLanguages = [...new Set(readers.map((r) => (isLanguageCode(r.language) ? r.language : senderLanguage ?? 'en')))].sort();
  const targets = [...new Set(readers.filter((r) => r.id !== senderId).map((r) => (isLanguageCode(r.language) ? r.language : senderLanguage ?? 'en')))]
    .filter((l) => l !== senderLanguage)
    .sort();
  return {
    kind: row.kind,
    register: row.register,
    relationship_context: row.kind === 'group' ? registerContext(row.register) : row.relationship_context,
    senderLanguage,
    readers,
    targets,
    readerLanguages,
    target: targets[0] ?? senderLanguage ?? 'en',
    pushSessions: typeof row.push_sessions === 'string' ? (JSON.parse(row.push_sessions) as SendContext['pushSessions']) : row.push_sessions,
    senderBot: row.sender_bot,
  };
}

/**
 * Retry a failed translation (POST /api/chats/:roomId/messages/:id/retry-translation): members
 * only (others, and unknown messages, get the room's 404). The caller's view (their language's row)
 * goes back to `pending` with a fresh attempt count and a new job, exactly as a new send's; its
 * readers see it. A row that is not `failed` is returned unchanged: two retries translate once.
 */
export async function retryTranslation(deps: Pick<SendDeps, 'db' | 'jobs' | 'events'>, input: { userId: string; roomId: string; messageId: string }): Promise<{ message: ChatMessage }> {
  const { db, jobs } = deps;
  await requireMembership(db, input.roomId, input.userId);
  if (!/^\d{1,18}$/.test(input.messageId)) throw notFound('Message not found');
  const stored = await db.selectFrom('messages').selectAll()
    .where('id', '=', input.messageId as never).where('chat_room_id', '=', input.roomId).executeTakeFirst();
  if (!stored) throw notFound('Message not found');
  const readers = await roomReaders(db, input.roomId);
  const me = readers.find((r) => r.id === input.userId);
  const rows = await db.selectFrom('message_translations').selectAll().where('message_id', '=', stored.id).execute();
  const view = viewFor(stored, rows, input.userId, me?.language ?? null, readers);
  if (!view.row || view.row.status !== 'failed') return { message: presentMessage(stored, view) };
  const language = view.row.language;
  // Back to pending together with a new job (one transaction, as a send's).
  const reset = await db.transaction().execute(async (tx) => {
    const row = await tx.updateTable('message_translations').set({ status: 'pending', attempts: 0 })
      .where('message_id', '=', stored.id).where('language', '=', language).where('status', '=', 'failed')
      .returningAll().executeTakeFirst();
    if (row) await jobs.requeueIn(tx, [{ messageId: String(stored.id), language }]);
    return row;
  });
  if (!reset) return { message: presentMessage(stored, view) };
  const now = rows.map((r) => (r.language === language ? reset : r));
  publishViews(deps.events, 'message.translated', stored, now, readers, language);
  jobs.queued();
  return { message: presentMessage(stored, viewFor(stored, now, input.userId, me?.language ?? null, readers)) };
}

/**
 * A system line (GroupSystemEvent: never machine-translated, the reader's catalog renders it) written by another
 * feature (calls: "Missed call", "Call, 4 min"), announced to the room's members. `tx` may be a transaction.
 */
export async function insertSystemLine(db: Db, roomId: string, actorId: string | null, event: GroupSystemEvent): Promise<ChatMessage> {
  const row = await db.insertInto('messages')
    .values({
      chat_room_id: roomId, sender_id: actorId, client_id: `system-${crypto.randomUUID()}`, content: '',
      original_language: null, system_event: JSON.stringify(event),
    })
    .returningAll().executeTakeFirstOrThrow();
  return presentMessage(row);
}
