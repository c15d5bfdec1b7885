import { isLanguageCode, type ChatMessage, type LanguageCode } from '@parley/common';
import type { Db } from '../db/connect.ts';
import { isUuid, roomNotFound } from './membership.ts';
import { presentMessage } from './presenters.ts';
import type { TranslationJobs } from './translationJobs.ts';
import type { EventPublisher } from './types.ts';

export interface SendDeps {
  db: Db;
  jobs: TranslationJobs;
  events: EventPublisher;
}

export interface SendInput {
  senderId: string;
  roomId: string;
  content: string;
  clientId: string;
}

/**
 * Send a message: membership -> insert the original together with its translation job (the
 * row, `pending`; nothing can lose either after this) -> acknowledge and publish to both
 * participants -> the job runner translates, updates the row and publishes message.translated.
 * A retry with the same client id returns the stored message and publishes nothing twice.
 */
export async function sendMessage(deps: SendDeps, input: SendInput): Promise<{ message: ChatMessage; created: boolean }> {
  const { db, jobs } = deps;
  const room = await sendContext(db, input.roomId, input.senderId);
  const senderLanguage = isLanguageCode(room.sender_language) ? room.sender_language : null;
  // The partner reads in their own language; without one, in the sender's (spec section 4).
  const target: LanguageCode = isLanguageCode(room.partner_language) ? room.partner_language : (senderLanguage ?? 'en');
  // Same language on both sides: nothing to translate (spec section 5), so no engine call.
  const needsTranslation = senderLanguage !== target;
  // This process takes the job at once when it has room; otherwise any process claims it.
  const lease = needsTranslation ? jobs.leaseForInsert() : null;

  const inserted = await db
    .insertInto('messages')
    .values({
      chat_room_id: input.roomId,
      sender_id: input.senderId,
      client_id: input.clientId,
      content: input.content,
      original_language: senderLanguage,
      target_language: target,
      translation_status: needsTranslation ? 'pending' : 'not_needed',
      ...lease,
    })
    .onConflict((oc) => oc.constraint('messages_client_id_unique').doNothing())
    .returningAll()
    .executeTakeFirst();

  if (!inserted) {
    const existing = await db
      .selectFrom('messages')
      .selectAll()
      .where('chat_room_id', '=', input.roomId)
      .where('sender_id', '=', input.senderId)
      .where('client_id', '=', input.clientId)
      .executeTakeFirstOrThrow();
    // Still pending (its process may have died): make sure someone claims it now.
    if (existing.translation_status === 'pending') jobs.kick();
    return { message: presentMessage(existing), created: false };
  }

  const message = presentMessage(inserted);
  const audience = room.partner_id ? [input.senderId, room.partner_id] : [input.senderId];
  deps.events.publish(audience, { v: 1, type: 'message.created', message });
  if (lease) {
    jobs.run({ id: message.id, content: message.content, senderLanguage, target, context: room.relationship_context, audience, attempts: 1 });
  } else if (needsTranslation) {
    jobs.kick();
  }
  return { message, created: true };
}

/**
 * Membership, the sender's relationship context and language, and the partner, in one query.
 * No row: not a member, or no such room (the same 404).
 */
async function sendContext(db: Db, roomId: string, senderId: string) {
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
  return row;
}
