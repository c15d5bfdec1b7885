import { LIMITS, type AttachmentNote, type ChatMessage, type LanguageCode, type MessageAttachment } from '@parley/common';
import { sendContext, type SendInput } from '../chat/messageSender.ts';
import type { Db } from '../db/connect.ts';
import type { OcrEngine } from '../scan/index.ts';
import type { SpeechToText } from '../voice/index.ts';
import { preparePhoto } from './photo.ts';
import { deleteMedia, insertMedia } from './store.ts';
import { prepareVoice } from './voice.ts';

export interface MediaLogger {
  warn(obj: object, msg: string): void;
}

export interface MediaDeps {
  db: Db;
  /** Scan's OCR engines, tried in order. */
  ocrEngines: readonly OcrEngine[];
  /** Talk's speech recogniser. */
  stt: SpeechToText;
  /** Chat's send (sendMessage with its jobs and events): the message is then translated like any text. */
  send: (input: SendInput) => Promise<{ message: ChatMessage; created: boolean }>;
  /** Limit of one OCR or recognition run. Default 45 s. */
  timeoutMs?: number;
  logger?: MediaLogger;
}

export interface UploadInput {
  senderId: string;
  roomId: string;
  clientId: string;
  bytes: Buffer;
  signal?: AbortSignal | undefined;
}

type Extracted = { text: string; note: AttachmentNote | null };

/**
 * A photo or voice message: membership (the room's 404) -> a retry of a stored client id returns
 * that message with no work done -> the bytes are checked and re-encoded -> the text is read
 * (OCR) or heard (speech recognition) -> the media row, then the message through chat's send
 * with the text as content, so the usual translation job translates it. When no text can be had
 * the message still sends, with a note saying why.
 */
export function createMediaService(deps: MediaDeps) {
  const { db } = deps;
  const timeoutMs = deps.timeoutMs ?? 45_000;
  const signalFor = (signal?: AbortSignal) => (signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs));

  /** The room's 404 for anyone who may not send there; before any upload is read. */
  const checkSender = (roomId: string, senderId: string) => sendContext(db, roomId, senderId);

  async function previouslySent(input: UploadInput) {
    const row = await db
      .selectFrom('messages').select(['content', 'attachment'])
      .where('chat_room_id', '=', input.roomId).where('sender_id', '=', input.senderId).where('client_id', '=', input.clientId)
      .executeTakeFirst();
    // Sending it again returns the stored row and announces it again, exactly like a text retry.
    return row ? deps.send({ senderId: input.senderId, roomId: input.roomId, clientId: input.clientId, content: row.content, attachment: row.attachment ?? undefined }) : null;
  }

  /** Store the file, then the message; a failed send or a lost race leaves no file behind. */
  async function store(input: UploadInput, file: { kind: MessageAttachment['kind']; contentType: string; bytes: Buffer }, extracted: Extracted, details: Partial<MessageAttachment>) {
    const id = await insertMedia(db, { roomId: input.roomId, uploaderId: input.senderId, ...file });
    const attachment: MessageAttachment = { id, kind: file.kind, mime: file.contentType, ...details, note: extracted.note };
    try {
      const result = await deps.send({ senderId: input.senderId, roomId: input.roomId, clientId: input.clientId, content: extracted.text, attachment });
      if (result.message.attachment?.id !== id) await deleteMedia(db, id);
      return result;
    } catch (err) {
      await deleteMedia(db, id).catch(() => undefined);
      throw err;
    }
  }

  async function readPhoto(png: Buffer, languages: LanguageCode[], signal: AbortSignal): Promise<Extracted> {
    for (const engine of deps.ocrEngines) {
      try {
        const text = clean(joinLines((await engine.recognize(png, languages, signal)).text));
        return /[\p{L}\p{N}]/u.test(text) ? { text, note: null } : { text: '', note: 'no_text' };
      } catch (err) {
        deps.logger?.warn({ err, engine: engine.id }, 'OCR of a chat photo failed');
        if (signal.aborted) break;
      }
    }
    return { text: '', note: 'ocr_failed' };
  }

  async function hear(pcm: Buffer, language: LanguageCode, signal: AbortSignal): Promise<Extracted> {
    // Offline recognition is English only: no transcript rather than a false one.
    if (!deps.stt.supports(language)) return { text: '', note: 'speech_unsupported_language' };
    try {
      const text = clean((await deps.stt.transcribe(pcm, language, signal)).text);
      return /[\p{L}\p{N}]/u.test(text) ? { text, note: null } : { text: '', note: 'no_speech' };
    } catch (err) {
      deps.logger?.warn({ err, engine: deps.stt.id }, 'recognition of a voice message failed');
      return { text: '', note: 'stt_failed' };
    }
  }

  return {
    checkSender,

    async sendPhoto(input: UploadInput) {
      const room = await checkSender(input.roomId, input.senderId);
      const again = await previouslySent(input);
      if (again) return again;
      const photo = await preparePhoto(input.bytes);
      const languages = [...new Set([room.senderLanguage ?? room.target, room.target])];
      const extracted = await readPhoto(photo.ocrPng, languages, signalFor(input.signal));
      return store(input, { kind: 'photo', contentType: 'image/jpeg', bytes: photo.jpeg }, extracted, { width: photo.width, height: photo.height });
    },

    async sendVoice(input: UploadInput) {
      const room = await checkSender(input.roomId, input.senderId);
      const again = await previouslySent(input);
      if (again) return again;
      const voice = await prepareVoice(input.bytes);
      const extracted = await hear(voice.pcm, room.senderLanguage ?? room.target, signalFor(input.signal));
      return store(input, { kind: 'voice', contentType: 'audio/wav', bytes: voice.wav }, extracted, { durationMs: voice.durationMs });
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}'; // not Hangul: Korean puts spaces between words
const LINE_BREAK = /([^\n])\n(?!\n)/g;
const SPACE_IN_CJK = new RegExp(`([${CJK}]) (?=[${CJK}])`, 'gu');

/**
 * The lines of one paragraph of a sign are one sentence broken by its layout ("SALIDA DE" /
 * "EMERGENCIA"): joined, so the translation reads whole sentences; paragraphs stay apart.
 */
export function joinLines(text: string): string {
  return text.replace(LINE_BREAK, '$1 ').replace(SPACE_IN_CJK, '$1');
}

/** Text fit for a message: no NUL, trimmed, within the message cap. */
function clean(text: string): string {
  // A cut between the two halves of a surrogate pair would leave half a character.
  return text.replace(/\0/g, '').trim().slice(0, LIMITS.messageMaxChars).replace(/[\uD800-\uDBFF]$/, '').trim();
}
