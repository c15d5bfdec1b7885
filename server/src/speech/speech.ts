import { FIELD_ERRORS, isLanguageCode, SPEECH_MAX_CHARS, type LanguageCode, type SpeechQuery } from '@parley/common';
import { markdownToPlain } from '@parley/common/markdown';
import type { Db } from '../db/connect.ts';
import { AppError, notFound } from '../http/errors.ts';
import { detectLanguage } from '../translation/detect.ts';
import { SAMPLE_RATE, pcmToWav } from '../voice/audio.ts';
import { splitSentences } from '../voice/text.ts';
import type { TextToSpeech } from '../voice/tts/types.ts';

export interface SpeechText {
  text: string;
  language: LanguageCode;
}

const messageNotFound = () => notFound('Message not found');

/**
 * What to read aloud. A message part is looked up through the caller's membership of its room:
 * a message that does not exist and one in someone else's room get the same 404.
 */
export async function resolveSpeech(db: Db, userId: string, query: SpeechQuery): Promise<SpeechText> {
  if ('text' in query) return { text: query.text, language: query.language };
  const row = await db
    .selectFrom('messages as m')
    .innerJoin('chat_room_participants as p', (j) => j.onRef('p.chat_room_id', '=', 'm.chat_room_id').on('p.user_id', '=', userId))
    .innerJoin('profiles as reader', 'reader.id', 'p.user_id')
    .select(['m.id', 'm.content', 'm.original_language', 'm.sender_id', 'reader.language as reader_language'])
    .where('m.id', '=', query.messageId as never)
    .executeTakeFirst();
  if (!row) throw messageNotFound();
  if (query.part === 'translation') {
    // The translation the caller reads: into their language (their own message: the first one made).
    const rows = await db.selectFrom('message_translations').select(['language', 'content']).where('message_id', '=', row.id).orderBy('language').execute();
    const t = rows.find((r) => r.language === row.reader_language) ?? (row.sender_id === userId ? rows[0] : undefined);
    if (!t?.content || !isLanguageCode(t.language)) throw notFound('This message has no translation');
    return { text: capText(markdownToPlain(t.content)), language: t.language };
  }
  const language = isLanguageCode(row.original_language) ? row.original_language : detectLanguage(row.content).language;
  // Read as words: markdown marks are not spoken (common/src/markdown/plain.ts).
  return { text: capText(markdownToPlain(row.content)), language };
}

/** At most SPEECH_MAX_CHARS, cut after the last sentence that fits when there is one. */
export function capText(text: string): string {
  if (text.length <= SPEECH_MAX_CHARS) return text;
  const head = text.slice(0, SPEECH_MAX_CHARS);
  const end = Math.max(...['.', '!', '?', '。', '！', '？'].map((mark) => head.lastIndexOf(mark)));
  return end > SPEECH_MAX_CHARS / 2 ? head.slice(0, end + 1) : head;
}

/** A WAV header for a stream whose length is not known yet (sizes at their maximum: read to the end). */
export function streamingWavHeader(sampleRate = SAMPLE_RATE): Buffer {
  const header = pcmToWav(Buffer.alloc(0), sampleRate);
  header.writeUInt32LE(0xffffffff, 4);
  header.writeUInt32LE(0xffffffff, 40);
  return header;
}

/**
 * Speech for `text` as WAV chunks: the header with the first sentence's audio (synthesized before
 * anything is sent, so a failing engine is a clean error), then each further sentence as it is ready.
 */
export async function speechStream(tts: TextToSpeech, { text, language }: SpeechText, signal: AbortSignal): Promise<AsyncGenerator<Buffer>> {
  if (!tts.supports(language)) throw new AppError(400, 'speech_unavailable', `Reading aloud is not available for ${language}`);
  const sentences = splitSentences(text);
  if (sentences.length === 0) throw new AppError(400, 'nothing_to_read', FIELD_ERRORS.nothing_to_read);
  let first: Buffer;
  try {
    first = await tts.synthesize(sentences[0] as string, language, signal);
  } catch (err) {
    if (signal.aborted) throw err;
    throw new AppError(502, 'speech_failed', 'Speech synthesis failed. Please try again.');
  }
  async function* chunks() {
    yield Buffer.concat([streamingWavHeader(), first]);
    for (const sentence of sentences.slice(1)) {
      if (signal.aborted) return;
      yield await tts.synthesize(sentence, language, signal);
    }
  }
  return chunks();
}
