import { isLanguageCode, type ChatMessage, type LanguageCode } from '@parley/common';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect.ts';
import { isUuid, roomNotFound } from './membership.ts';
import { presentMessage } from './presenters.ts';
import { toTranslationUpdate, translationFailed, type TranslationUpdate } from './translationOutcome.ts';
import type { ChatTranslator, EventPublisher } from './types.ts';

export interface SendDeps {
  db: Db;
  translator: ChatTranslator;
  events: EventPublisher;
  log: FastifyBaseLogger;
}

export interface SendInput {
  senderId: string;
  roomId: string;
  content: string;
  clientId: string;
}

/**
 * Send a message: membership -> insert the original (nothing can lose it after this) ->
 * acknowledge and publish to both participants -> translate for the partner in the background
 * -> update the row -> publish message.translated. A retry with the same client id returns the
 * stored message and publishes nothing twice.
 */
export async function sendMessage(deps: SendDeps, input: SendInput): Promise<{ message: ChatMessage; created: boolean; translation: Promise<void> }> {
  const { db } = deps;
  const room = await sendContext(db, input.roomId, input.senderId);
  const senderLanguage = isLanguageCode(room.sender_language) ? room.sender_language : null;
  // The partner reads in their own language; without one, in the sender's (spec section 4).
  const target: LanguageCode = isLanguageCode(room.partner_language) ? room.partner_language : (senderLanguage ?? 'en');
  // Same language on both sides: nothing to translate (spec section 5), so no engine call.
  const needsTranslation = senderLanguage !== target;

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
    return { message: presentMessage(existing), created: false, translation: Promise.resolve() };
  }

  const message = presentMessage(inserted);
  const audience = room.partner_id ? [input.senderId, room.partner_id] : [input.senderId];
  deps.events.publish(audience, { v: 1, type: 'message.created', message });
  const translation = needsTranslation
    ? translateStored(deps, message, senderLanguage, target, room.relationship_context, audience)
    : Promise.resolve();
  return { message, created: true, translation };
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

async function translateStored(
  deps: SendDeps,
  message: ChatMessage,
  senderLanguage: LanguageCode | null,
  target: LanguageCode,
  context: Parameters<ChatTranslator['translate']>[0]['context'],
  audience: string[],
): Promise<void> {
  let update: TranslationUpdate;
  try {
    const result = await deps.translator.translate({ text: message.content, sourceHint: senderLanguage, target, context });
    update = toTranslationUpdate(result, message.content, senderLanguage, target);
  } catch (err) {
    deps.log.warn({ err, messageId: message.id }, 'message translation failed');
    update = translationFailed(message.original_language);
  }
  try {
    const row = await deps.db
      .updateTable('messages')
      .set(update)
      .where('id', '=', message.id as never)
      .returningAll()
      .executeTakeFirst();
    // The room may have been deleted meanwhile: then there is nothing left to tell.
    if (row) deps.events.publish(audience, { v: 1, type: 'message.translated', message: presentMessage(row) });
  } catch (err) {
    deps.log.error({ err, messageId: message.id }, 'could not store message translation');
  }
}
