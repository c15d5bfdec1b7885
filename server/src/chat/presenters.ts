import { presentLinkPreview, type ChatMessage, type MessageReaction, type ReplyPreview } from '@parley/common';
import type { Selectable } from 'kysely';
import type { MessagesTable, MessageTranslationsTable } from '../db/schema.ts';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export type MessageRow = Selectable<MessagesTable>;
export type TranslationRow = Selectable<MessageTranslationsTable>;

/**
 * What one reader is shown of a message's translations (one row per language, migration 018):
 * - someone else's message: the row in the reader's language; none means nothing needed to be
 *   translated for them (the original is in their language, or it has no text);
 * - their own message: the row of the first language the other members read now (`readers`; a
 *   pair's partner's), else the first row, so the sender sees how they will be read, as in the
 *   one-to-one spec screens.
 */
export function viewFor(
  message: Pick<MessageRow, 'sender_id' | 'original_language'> & { via_webhook?: MessageRow['via_webhook'] | undefined }, rows: readonly TranslationRow[], readerId: string, readerLanguage: string | null,
  readers: readonly { id: string; language: string | null }[] = [],
): { language: string | null; row: TranslationRow | undefined; own?: true } {
  // A webhook's post is not the creator's own words: they read it translated, as everyone does.
  if (message.sender_id === readerId && !message.via_webhook) {
    const sorted = [...rows].sort((a, b) => a.language.localeCompare(b.language));
    const read = new Set(readers.filter((r) => r.id !== readerId).map((r) => r.language));
    const first = sorted.find((r) => read.has(r.language)) ?? sorted[0];
    return { language: first?.language ?? readerLanguage ?? message.original_language, row: first, own: true };
  }
  const language = readerLanguage ?? message.original_language;
  return { language, row: rows.find((r) => r.language === language) };
}

/** What a message carries beside its own row: the quoted message (as this reader sees it) and the reactions. */
export interface MessageExtras {
  reply?: ReplyPreview | null | undefined;
  reactions?: MessageReaction[] | undefined;
}

/** The only way a message leaves the server: the original and the translation of one reader's view (viewFor). */
export function presentMessage(
  row: MessageRow, view: { language: string | null; row: TranslationRow | undefined; own?: true } = { language: null, row: undefined }, extras: MessageExtras = {},
): ChatMessage {
  // Deleted for everyone: nothing of it is left to show but the fact.
  const t = row.deleted_at ? undefined : view.row;
  return {
    id: String(row.id),
    chat_room_id: row.chat_room_id,
    sender_id: row.sender_id,
    client_id: row.client_id,
    content: row.content,
    original_language: row.original_language,
    translated_content: t?.content ?? null,
    target_language: view.language,
    translation_status: t?.status ?? 'not_needed',
    translation_error: t?.error ?? null,
    unknown_spans: t?.unknown_spans?.length ? t.unknown_spans : null,
    created_at: iso(row.created_at),
    ...(t?.status === 'done' && t.engine ? { translation_detail: { engine: t.engine, via: t.via ?? null, machine: !t.corrected_by } } : {}),
    machine_translation: t?.machine_translation ?? null,
    corrected_by: t?.corrected_by ?? null,
    corrected_at: t?.corrected_at ? iso(t.corrected_at) : null,
    ...(row.attachment ? { attachment: row.attachment } : {}),
    ...(row.system_event ? { system_event: row.system_event } : {}),
    ...(row.via_webhook ? { via_webhook: { name: row.via_webhook.name, avatar: row.via_webhook.avatar } } : {}),
    ...(row.reply_to_id && !row.deleted_at && extras.reply !== undefined ? { reply_to: extras.reply } : {}),
    ...(row.edited_at ? { edited_at: iso(row.edited_at) } : {}),
    ...(row.deleted_at ? { deleted_at: iso(row.deleted_at) } : {}),
    ...(extras.reactions !== undefined ? { reactions: row.deleted_at ? [] : extras.reactions } : {}),
    ...(row.mentions?.length && !row.deleted_at ? { mentions: row.mentions } : {}),
    // The card in the reader's own language (the sender's: the language they wrote in).
    ...(row.link_preview && !row.deleted_at ? { link_preview: presentLinkPreview(row.link_preview, row.chat_room_id, String(row.id), view.own ? row.original_language : (view.language ?? row.original_language)) } : {}),
  };
}

export { iso };
