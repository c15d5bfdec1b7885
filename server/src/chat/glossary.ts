import type { ChatMessage, GlossaryEntryView } from '@parley/common';
import type { Selectable } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { ConversationGlossaryTable } from '../db/schema.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { GlossaryEntry } from '../translation/textTranslator.ts';
import { requireMembership } from './membership.ts';
import { iso, presentMessage, viewFor } from './presenters.ts';
import { publishViews, roomReaders } from './readers.ts';
import type { EventPublisher } from './types.ts';

/** At most this many entries per conversation (each translation checks them all). */
export const GLOSSARY_MAX_ENTRIES = 200;

const entryNotFound = () => notFound('Glossary entry not found');
const fold = (phrase: string) => phrase.trim().toLocaleLowerCase();
/** Whole-word, any-case occurrence (the rule the translation router applies). */
const occursIn = (phrase: string, text: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'iu').test(text);

function presentEntry(row: Selectable<ConversationGlossaryTable>): GlossaryEntryView {
  return {
    id: String(row.id), sourceLanguage: row.source_language, targetLanguage: row.target_language,
    sourcePhrase: row.source_phrase, targetPhrase: row.target_phrase, createdBy: row.created_by, updatedAt: iso(row.updated_at),
  };
}

/** The room's entries for the translation router (no membership check: the caller is the sender path). */
export async function roomGlossary(db: Db, roomId: string): Promise<GlossaryEntry[]> {
  const rows = await db
    .selectFrom('conversation_glossary')
    .select(['source_language', 'target_language', 'source_phrase', 'target_phrase'])
    .where('chat_room_id', '=', roomId)
    .execute();
  return rows.map((r) => ({ sourceLanguage: r.source_language, targetLanguage: r.target_language, sourcePhrase: r.source_phrase, targetPhrase: r.target_phrase }));
}

export async function listGlossary(db: Db, userId: string, roomId: string): Promise<GlossaryEntryView[]> {
  await requireMembership(db, roomId, userId);
  const rows = await db.selectFrom('conversation_glossary').selectAll().where('chat_room_id', '=', roomId).orderBy('id').execute();
  return rows.map(presentEntry);
}

export async function updateGlossaryEntry(
  db: Db, userId: string, roomId: string, entryId: string, input: { sourcePhrase: string; targetPhrase: string },
): Promise<GlossaryEntryView> {
  await requireMembership(db, roomId, userId);
  try {
    const row = await db
      .updateTable('conversation_glossary')
      .set({ source_phrase: input.sourcePhrase, source_key: fold(input.sourcePhrase), target_phrase: input.targetPhrase, created_by: userId, updated_at: new Date() })
      .where('id', '=', entryId as never)
      .where('chat_room_id', '=', roomId)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw entryNotFound();
    return presentEntry(row);
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw new AppError(409, 'invalid_request', 'This conversation already has an entry for that phrase');
    throw err;
  }
}

export async function deleteGlossaryEntry(db: Db, userId: string, roomId: string, entryId: string): Promise<void> {
  await requireMembership(db, roomId, userId);
  const deleted = await db.deleteFrom('conversation_glossary').where('id', '=', entryId as never).where('chat_room_id', '=', roomId).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw entryNotFound();
}

export interface CorrectionInput {
  userId: string;
  roomId: string;
  messageId: string;
  text: string;
  glossary?: { sourcePhrase: string; targetPhrase: string } | undefined;
}

/**
 * 'This should say ...': either participant replaces a message's translation. The machine's first
 * version is kept; the phrase pair, when given, must occur in the original and in the corrected text,
 * and becomes (or replaces) the conversation's entry for that phrase in the message's direction.
 */
export async function correctTranslation(db: Db, events: EventPublisher, input: CorrectionInput): Promise<{ message: ChatMessage; entry: GlossaryEntryView | null }> {
  await requireMembership(db, input.roomId, input.userId);
  const message = await db
    .selectFrom('messages')
    .selectAll()
    .where('id', '=', input.messageId as never)
    .where('chat_room_id', '=', input.roomId)
    .executeTakeFirst();
  if (!message) throw notFound('Message not found');
  // The caller corrects the translation they see: into their own language (the sender: into the partner's).
  const readers = await roomReaders(db, input.roomId);
  const me = readers.find((r) => r.id === input.userId);
  const translations = await db.selectFrom('message_translations').selectAll().where('message_id', '=', message.id).execute();
  const view = viewFor(message, translations, input.userId, me?.language ?? null, readers);
  const source = message.original_language;
  const target = view.row ? view.row.language : null;
  if (!source || !target || source === target) throw new AppError(400, 'invalid_request', 'This message was not translated, so there is nothing to correct');
  if (input.glossary) {
    if (!occursIn(input.glossary.sourcePhrase, message.content)) throw new AppError(400, 'invalid_request', 'The phrase must appear in the original message');
    if (!occursIn(input.glossary.targetPhrase, input.text)) throw new AppError(400, 'invalid_request', 'Its translation must appear in the corrected text');
  }

  const result = await db.transaction().execute(async (trx) => {
    // Per language: a correction into Spanish never touches the French readers' row.
    const row = await trx
      .updateTable('message_translations')
      .set((eb) => ({
        machine_translation: eb.fn.coalesce('machine_translation', 'content'),
        content: input.text,
        status: 'done',
        // The machine's unknown-word marks and failure reason belong to the machine version.
        unknown_spans: null,
        error: null,
        corrected_by: input.userId,
        corrected_at: new Date(),
      }))
      .where('message_id', '=', message.id)
      .where('language', '=', target)
      .returningAll()
      .executeTakeFirstOrThrow();
    let entry: GlossaryEntryView | null = null;
    if (input.glossary) {
      const { sourcePhrase, targetPhrase } = input.glossary;
      const existing = await trx
        .selectFrom('conversation_glossary')
        .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.countAll<string>().filterWhere('source_key', '=', fold(sourcePhrase)).filterWhere('source_language', '=', source).filterWhere('target_language', '=', target).as('same')])
        .where('chat_room_id', '=', input.roomId)
        .executeTakeFirstOrThrow();
      if (Number(existing.n) >= GLOSSARY_MAX_ENTRIES && Number(existing.same) === 0) {
        throw new AppError(400, 'invalid_request', `A conversation glossary holds at most ${GLOSSARY_MAX_ENTRIES} entries`);
      }
      const saved = await trx
        .insertInto('conversation_glossary')
        .values({
          chat_room_id: input.roomId, source_language: source, target_language: target,
          source_phrase: sourcePhrase, source_key: fold(sourcePhrase), target_phrase: targetPhrase, created_by: input.userId,
        })
        .onConflict((oc) => oc.constraint('conversation_glossary_phrase').doUpdateSet({ target_phrase: targetPhrase, source_phrase: sourcePhrase, created_by: input.userId, updated_at: new Date() }))
        .returningAll()
        .executeTakeFirstOrThrow();
      entry = presentEntry(saved);
    }
    return { row, entry };
  });
  const now = translations.map((t) => (t.language === target ? result.row : t));
  publishViews(events, 'message.translated', message, now, readers, target);
  return { message: presentMessage(message, viewFor(message, now, input.userId, me?.language ?? null, readers)), entry: result.entry };
}
