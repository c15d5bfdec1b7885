import { isLanguageCode, type ChatMessage, type LanguageCode, type MessageAttachment } from '@parley/common';
import type { Db } from '../db/connect.ts';
import { AppError, notFound } from '../http/errors.ts';
import { isUuid, participantIds, requireMembership, roomNotFound } from './membership.ts';
import { presentMessage } from './presenters.ts';
import type { TranslationBudget } from '../http/translationBudget.ts';
import type { TranslationJobs } from './translationJobs.ts';
import type { EventPublisher } from './types.ts';

export interface SendDeps {
  db: Db;
  jobs: TranslationJobs;
  events: EventPublisher;
  /** sendContext kept for a few seconds (chat/sendContexts.ts): one query less per send. */
  contexts?: { get(roomId: string, senderId: string): ReturnType<typeof sendContext> };
  /** The sender's translation budget: a send that needs translating is refused (429) once it is spent. */
  budget?: TranslationBudget | undefined;
}

export interface SendInput {
  senderId: string;
  roomId: string;
  content: string;
  clientId: string;
  /** A photo or voice message (media/): content is the text read from it, '' when there is none. */
  attachment?: MessageAttachment | undefined;
}

/**
 * Send a message: membership -> insert the original (`pending`) and its translation job in one
 * transaction (nothing can lose either after this) -> acknowledge and publish to both
 * participants -> a worker translates, updates the row and publishes message.translated.
 * A retry with the same client id returns the stored message (never a second row) and announces
 * it again (clients merge by message id).
 */
export async function sendMessage(deps: SendDeps, input: SendInput): Promise<{ message: ChatMessage; created: boolean }> {
  const { db, jobs } = deps;
  // Back-pressure: the translation queue is bounded; the client retries with the same client id.
  if (jobs.full) throw new AppError(503, 'service_busy', 'Too many messages are waiting for translation. Try again in a moment.', { 'retry-after': '5' });
  const room = await (deps.contexts ? deps.contexts.get(input.roomId, input.senderId) : sendContext(db, input.roomId, input.senderId));
  const { senderLanguage, target } = room;
  // Same language on both sides (spec section 5), or a photo/voice without text: no engine call.
  const needsTranslation = senderLanguage !== target && input.content.trim() !== '';
  if (needsTranslation) await deps.budget?.check(input.senderId);
  const audience = room.partner_id ? [input.senderId, room.partner_id] : [input.senderId];
  const queued = needsTranslation ? jobs.newJob() : null;

  const insert = (q: Db) => q
    .insertInto('messages')
    .values({
      chat_room_id: input.roomId,
      sender_id: input.senderId,
      client_id: input.clientId,
      content: input.content,
      original_language: senderLanguage,
      target_language: target,
      translation_status: needsTranslation ? 'pending' : 'not_needed',
      attachment: input.attachment ? JSON.stringify(input.attachment) : null,
      ...queued,
    })
    .onConflict((oc) => oc.constraint('messages_client_id_unique').doNothing())
    .returningAll()
    .executeTakeFirst();
  // The message and its translation job are one unit: both committed, or neither.
  const inserted = !queued ? await insert(db) : await db.transaction().execute(async (tx) => {
    const row = await insert(tx);
    if (row) {
      const job = { messageId: String(row.id), roomId: input.roomId, senderId: input.senderId, content: row.content, senderLanguage, target, context: room.relationship_context, audience };
      await jobs.enqueue(tx, queued.translation_job_id, job);
    }
    return row;
  });

  if (!inserted) {
    const existing = await db
      .selectFrom('messages')
      .selectAll()
      .where('chat_room_id', '=', input.roomId)
      .where('sender_id', '=', input.senderId)
      .where('client_id', '=', input.clientId)
      .executeTakeFirstOrThrow();
    // Still pending (its process may have died): have a worker look at once.
    if (existing.translation_status === 'pending') jobs.queued();
    // A retry means the sender cannot know whether the first attempt was announced (its node
    // may have died in between): announce again; clients merge events by message id.
    const message = presentMessage(existing);
    deps.events.publish(audience, { v: 1, type: 'message.created', message });
    if (existing.translation_status !== 'pending') deps.events.publish(audience, { v: 1, type: 'message.translated', message });
    return { message, created: false };
  }

  const message = presentMessage(inserted);
  deps.events.publish(audience, { v: 1, type: 'message.created', message });
  if (queued) jobs.queued();
  return { message, created: true };
}

/**
 * Membership, the sender's relationship context and language, and the partner, in one query,
 * with the direction a message of the sender's takes. No row: not a member, or no such room (the
 * same 404). The draft preview asks exactly this too.
 */
export async function sendContext(db: Db, roomId: string, senderId: string) {
  if (!isUuid(roomId)) throw roomNotFound();
  const row = await db
    .selectFrom('chat_room_participants as me')
    .innerJoin('profiles as sp', 'sp.id', 'me.user_id')
    .leftJoin('chat_room_participants as o', (j) => j.onRef('o.chat_room_id', '=', 'me.chat_room_id').onRef('o.user_id', '!=', 'me.user_id'))
    .leftJoin('profiles as op', 'op.id', 'o.user_id')
    .select(['me.relationship_context', 'sp.language as sender_language', 'o.user_id as partner_id', 'op.language as partner_language'])
    .where('me.chat_room_id', '=', roomId)
    .where('me.user_id', '=', senderId)
    .executeTakeFirst();
  if (!row) throw roomNotFound();
  const senderLanguage: LanguageCode | null = isLanguageCode(row.sender_language) ? row.sender_language : null;
  // The partner reads in their own language; without one, in the sender's (spec section 4).
  const target: LanguageCode = isLanguageCode(row.partner_language) ? row.partner_language : (senderLanguage ?? 'en');
  return { ...row, senderLanguage, target };
}

/**
 * Retry a failed translation (POST /api/chats/:roomId/messages/:id/retry-translation): members
 * only (others, and unknown messages, get the room's 404). The row goes back to `pending` with a
 * fresh attempt count (both participants see it) and becomes a translation job again, exactly as
 * a new send's. A message that is not `failed` is returned unchanged: two retries translate once.
 */
export async function retryTranslation(deps: SendDeps, input: { userId: string; roomId: string; messageId: string }): Promise<{ message: ChatMessage }> {
  const { db, jobs } = deps;
  await requireMembership(db, input.roomId, input.userId);
  if (!/^\d{1,18}$/.test(input.messageId)) throw notFound('Message not found');
  const stored = await db.selectFrom('messages').selectAll()
    .where('id', '=', input.messageId as never).where('chat_room_id', '=', input.roomId).executeTakeFirst();
  if (!stored) throw notFound('Message not found');
  // Back to pending together with a new job (one transaction, as a send's).
  const reset = await db.transaction().execute(async (tx) => {
    const row = await tx.updateTable('messages').set({ translation_status: 'pending', translation_attempts: 0 })
      .where('id', '=', input.messageId as never).where('translation_status', '=', 'failed')
      .returningAll().executeTakeFirst();
    if (row) await jobs.requeueIn(tx, [row.id]);
    return row;
  });
  if (!reset) return { message: presentMessage(stored) };

  const message = presentMessage(reset);
  const audience = await participantIds(db, input.roomId);
  deps.events.publish(audience, { v: 1, type: 'message.translated', message });
  jobs.queued();
  return { message };
}
