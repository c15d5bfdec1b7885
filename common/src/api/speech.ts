import { z } from 'zod';
import { LANGUAGE_CODES } from '../languages.ts';
import { safeText } from '../text.ts';
import { FIELD_ERRORS } from './errors.ts';

/** Longest text spoken in one request; longer message text is cut at a sentence end before it. */
export const SPEECH_MAX_CHARS = 1_000;

export const SPEECH_API = { speech: '/api/speech' } as const;

/**
 * GET /api/speech: either a message part (the caller must be in its room; otherwise the same 404 as
 * a missing message) or free text in a language (scan results, Talk transcript lines).
 * Answers audio/wav (PCM16 mono 24 kHz), streamed sentence by sentence.
 */
export const speechQuery = z.union([
  z.object({
    messageId: z.string().regex(/^\d{1,18}$/, FIELD_ERRORS.invalid_id),
    part: z.enum(['original', 'translation']).default('original'),
  }).strict(),
  z.object({
    text: safeText().trim().min(1, FIELD_ERRORS.nothing_to_read).max(SPEECH_MAX_CHARS, FIELD_ERRORS.speech_too_long),
    language: z.enum(LANGUAGE_CODES, { message: 'language must be one of the 20 language codes' }),
  }).strict(),
]);
export type SpeechQuery = z.infer<typeof speechQuery>;

/** The URL that reads a message part aloud. */
export const messageSpeechUrl = (messageId: string, part: 'original' | 'translation') =>
  `${SPEECH_API.speech}?messageId=${encodeURIComponent(messageId)}&part=${part}`;

/** The URL that reads a text aloud in `language`. */
export const textSpeechUrl = (text: string, language: string) =>
  `${SPEECH_API.speech}?text=${encodeURIComponent(text.slice(0, SPEECH_MAX_CHARS))}&language=${encodeURIComponent(language)}`;
