import type { DocumentKind } from './documents.ts';

/**
 * Photos and voice messages in a conversation: the upload contract shared by server and web.
 * A photo's text (OCR) and a voice message's transcript (speech recognition) become the message's
 * content, so they are translated like any text message.
 */

/** `file`: a document or any other file, served only as a download (issue 36 item 2; api/documents.ts). */
export type AttachmentKind = 'photo' | 'voice' | 'file';

/**
 * Why a photo or voice message carries no text, told honestly instead of a false transcript:
 * `no_text` (nothing readable in the photo), `ocr_failed` (the OCR engines failed),
 * `speech_unsupported_language` (no configured recogniser hears the sender's language; offline
 * PocketSphinx is English only), `no_speech` (nothing recognisable was said), `stt_failed`.
 */
export const ATTACHMENT_NOTES = ['no_text', 'ocr_failed', 'speech_unsupported_language', 'no_speech', 'stt_failed'] as const;
export type AttachmentNote = (typeof ATTACHMENT_NOTES)[number];

/** What a message says about its photo or recording (the bytes are fetched from CHAT_API.media). */
export interface MessageAttachment {
  id: string;
  kind: AttachmentKind;
  /** The stored bytes' type: image/jpeg for photos, audio/wav for voice. */
  mime: string;
  width?: number;
  height?: number;
  durationMs?: number;
  /** A file: its name as sent (cleaned), its size in bytes, the document kind when its text can be read, its pages. */
  name?: string;
  size?: number;
  document?: DocumentKind | null;
  pages?: number | null;
  /** Set when there is no text: why. */
  note?: AttachmentNote | null;
}

export const MEDIA_LIMITS = {
  /** Uploaded photo bytes (the same cap as Scan). */
  photoMaxBytes: 10 * 1024 * 1024,
  /** Longest side of the stored photo (re-encoded JPEG). */
  photoMaxSide: 1600,
  /** Uploaded recording bytes: 2 minutes of 24 kHz PCM16 mono is 5.8 MB. */
  voiceMaxBytes: 8 * 1024 * 1024,
  /** Longest voice message. */
  voiceMaxSeconds: 120,
  /** Shortest voice message worth sending (a tap is not a message). */
  voiceMinMs: 300,
} as const;

/** Multipart field names of the two upload routes. */
export const MEDIA_UPLOAD_FIELDS = { file: 'file', clientId: 'clientId' } as const;
