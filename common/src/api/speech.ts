import { z } from 'zod';
import { LANGUAGE_CODES } from '../languages.ts';
import { safeText } from '../text.ts';
import { fieldError } from './errors.ts';

import { SPEECH_MAX_CHARS } from './speechRoutes.ts';

export { SPEECH_MAX_CHARS, SPEECH_API, messageSpeechUrl, textSpeechUrl } from './speechRoutes.ts';

/**
 * GET /api/speech: either a message part (the caller must be in its room; otherwise the same 404 as
 * a missing message) or free text in a language (scan results, Talk transcript lines).
 * Answers audio/wav (PCM16 mono 24 kHz), streamed sentence by sentence.
 */
export const speechQuery = z.union([
  z.object({
    messageId: z.string().regex(/^\d{1,18}$/, fieldError('invalid_id')),
    part: z.enum(['original', 'translation']).default('original'),
  }).strict(),
  z.object({
    text: safeText().trim().min(1, fieldError('nothing_to_read')).max(SPEECH_MAX_CHARS, fieldError('speech_too_long')),
    language: z.enum(LANGUAGE_CODES, { message: 'language must be one of the 20 language codes' }),
  }).strict(),
]);
export type SpeechQuery = z.infer<typeof speechQuery>;
