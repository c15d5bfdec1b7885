import type { AttachmentKind, DocumentKind, DocumentProblem, DocumentStatus, DocumentTranslationView } from '@parley/common';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

// Stored files, photos and voice of a room, documents and their translations, reported files (storage/, media/).

export interface StoredFilesTable {
  bucket: string;
  key: string;
  content_type: string;
  bytes: Uint8Array;
  updated_at: Timestamp;
}

/** Photos and voice recordings of a room (media/); deleted with the room. */
export interface ChatMediaTable {
  id: Generated<string>;
  chat_room_id: string;
  uploader_id: string | null;
  kind: AttachmentKind;
  content_type: string;
  bytes: Uint8Array;
  /** A file's cleaned name (kind 'file', migration 046). */
  file_name: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
}

/** What was read from a sent file (media/documents, migration 046). */
export interface ChatDocumentsTable {
  media_id: string;
  chat_room_id: string;
  message_id: ColumnType<string | null, string | null | undefined, string | null>;
  sender_id: string | null;
  file_name: string;
  document_kind: DocumentKind | null;
  /** 'download': a file whose text Parley does not read. */
  status: DocumentStatus | 'download';
  problem: DocumentProblem | null;
  source_language: string | null;
  pages: number | null;
  truncated: Generated<boolean>;
  paragraphs: ColumnType<string[], string | undefined, string>;
  search_text: Generated<string>;
  created_at: Generated<Date>;
}

/** One reader language's translation of a document, chunk by chunk. */
export interface DocumentTranslationsTable {
  media_id: string;
  language: string;
  status: DocumentTranslationView['status'];
  done: Generated<number>;
  total: Generated<number>;
  paragraphs: ColumnType<string[], string | undefined, string>;
  updated_at: Generated<Date>;
}

/** A reported message's file, kept as evidence (migration 046). */
export interface ReportFilesTable {
  report_id: string;
  kind: string;
  file_name: string | null;
  content_type: string;
  bytes: Uint8Array;
}
