import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SPEECH_API, speechQuery } from '@parley/common';
import { currentUser, type RequireUser } from '../auth/requireUser.ts';
import type { Db } from '../db/connect.ts';
import { createRateLimit } from '../http/rateLimit.ts';
import type { TranslationBudget } from '../http/translationBudget.ts';
import type { TextToSpeech } from '../voice/tts/types.ts';
import { resolveSpeech, speechStream } from './speech.ts';

export interface SpeechRouteDeps {
  db: Db;
  requireUser: RequireUser;
  tts: TextToSpeech;
  /** Read-aloud requests a user may make per minute (default 30). */
  perMinute?: number | undefined;
  /** Speech engines are engines: the characters read aloud count against the user's translation budget. */
  budget?: TranslationBudget | undefined;
}

/**
 * GET /api/speech?messageId=..&part=original|translation, or ?text=..&language=..: the text read
 * aloud by the configured TTS engine as audio/wav, streamed sentence by sentence. GET so that an
 * <audio> element can play it as it arrives; it changes nothing.
 */
export async function speechRoutes(app: FastifyInstance, deps: SpeechRouteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = createRateLimit({
    name: 'speech', points: deps.perMinute ?? 30, durationSec: 60,
    tooMany: (s) => `Too many read-aloud requests. Try again in ${s} seconds.`,
  });
  app.addHook('onRequest', deps.requireUser);

  r.get(SPEECH_API.speech, { schema: { querystring: speechQuery } }, async (request, reply) => {
    const me = currentUser(request).id;
    await limit.consume(me);
    const what = await resolveSpeech(deps.db, me, request.query);
    await deps.budget?.spend(me, what.text.length);
    // Stop synthesizing when the listener goes away (stop button, next message, closed tab).
    const abort = new AbortController();
    reply.raw.on('close', () => abort.abort());
    const chunks = await speechStream(deps.tts, what, abort.signal);
    const body = Readable.from(chunks);
    body.on('error', (err) => request.log.warn({ err }, 'speech stream ended early'));
    return reply
      .type('audio/wav')
      .header('cache-control', 'private, max-age=3600')
      .header('content-language', what.language)
      .send(body);
  });
}
