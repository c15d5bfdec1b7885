/**
 * Documents in a conversation (issue 36 item 2): a file is sent as a message whose attachment has kind 'file'. The
 * text of a PDF, DOCX, ODT, TXT or Markdown file is read on the server (a scanned PDF through OCR) and translated
 * per reader language in paragraphs; the reader asks for it with CHAT_API.fileText and sees it beside the original.
 */

/** Files whose text Parley reads; any other file is a plain download. */
export const DOCUMENT_KINDS = ['pdf', 'docx', 'odt', 'txt', 'md'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_LIMITS = {
  /** Pages read (and OCR'd) per document; beyond, the first part only (the reader is told). */
  maxPages: 20,
  /** Characters translated per document; beyond, the first part only. */
  maxChars: 20_000,
  /** A chunk sent to an engine at once: whole paragraphs up to this many characters. */
  chunkChars: 1_500,
  /** The longest file name kept (characters). */
  nameMaxChars: 200,
  /** Default upload limit in MB (the server's FILE_MAX_MB). */
  defaultMaxMb: 25,
} as const;

/** GET CHAT_API.fileLimits: the largest file the server takes (FILE_MAX_MB in bytes). */
export interface FileLimits {
  maxBytes: number;
}

/** A byte limit in MB as the server's 413 message and the web's refusal say it (FILE_MAX_MB=25 -> 25; 0.5 -> 0.5). */
export function limitInMb(maxBytes: number): number {
  return Math.round((maxBytes / (1024 * 1024)) * 10) / 10;
}

/**
 * Why a document's text cannot be read: `encrypted` (a password-protected PDF), `corrupt` (the file does not open),
 * `no_text` (nothing readable, not even by OCR), `failed` (the reading itself failed; the file still downloads).
 */
export const DOCUMENT_PROBLEMS = ['encrypted', 'corrupt', 'no_text', 'failed'] as const;
export type DocumentProblem = (typeof DOCUMENT_PROBLEMS)[number];

/** The reading of a document: `reading` (queued or under way), `ready`, or `unreadable` with a problem. */
export type DocumentStatus = 'reading' | 'ready' | 'unreadable';

/** One reader language's translation: its paragraphs arrive chunk by chunk (done of total). */
export interface DocumentTranslationView {
  language: string;
  status: 'pending' | 'done' | 'failed' | 'not_needed';
  done: number;
  total: number;
  /** Translated paragraphs, in the order of `original` (only the finished chunks' while pending). */
  paragraphs: string[];
}

/** GET CHAT_API.fileText: the original paragraphs and the caller's language's translation. */
export interface DocumentTextResponse {
  status: DocumentStatus;
  problem: DocumentProblem | null;
  /** The detected language of the text (null until read or when unknown). */
  sourceLanguage: string | null;
  pages: number | null;
  /** True when only the first pages or characters were read and translated. */
  truncated: boolean;
  original: string[];
  translation: DocumentTranslationView | null;
}
