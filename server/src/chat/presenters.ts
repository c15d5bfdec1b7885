import type { ChatMessage } from '@parley/common';
import type { Selectable } from 'kysely';
import type { MessagesTable } from '../db/schema.ts';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** The only way a message row leaves the server. */
export function presentMessage(row: Selectable<MessagesTable>): ChatMessage {
  return {
    id: String(row.id),
    chat_room_id: row.chat_room_id,
    sender_id: row.sender_id,
    client_id: row.client_id,
    content: row.content,
    original_language: row.original_language,
    translated_content: row.translated_content,
    target_language: row.target_language,
    translation_status: row.translation_status,
    translation_error: row.translation_error ?? null,
    unknown_spans: row.unknown_spans?.length ? row.unknown_spans : null,
    created_at: iso(row.created_at),
    machine_translation: row.machine_translation ?? null,
    corrected_by: row.corrected_by ?? null,
    corrected_at: row.corrected_at ? iso(row.corrected_at) : null,
    ...(row.attachment ? { attachment: row.attachment } : {}),
    ...(row.system_event ? { system_event: row.system_event } : {}),
  };
}

export { iso };
