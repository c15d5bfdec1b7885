import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { z } from 'zod';
import {
  inferRelationshipContext, resolveLanguage, smartTranslateBody, TRANSLATION_API, translateTextBody, uiStringsBody,
  type LanguageCode, type RelationshipContext,
} from '@parley/common';
import type { SourceLanguage } from './router.ts';
import type { TranslationService } from './service.ts';

export interface TranslationRoutesOptions {
  service: TranslationService;
  /** preHandler that sets request.user = {id, email} or answers 401. */
  requireUser: preHandlerHookHandler | ((request: FastifyRequest, reply: FastifyReply) => Promise<void>);
  /** Longest text accepted (413 beyond); default 5,000. */
  maxChars?: number | undefined;
  /** Translation requests per user per window (default 120 per 60 s). */
  rateLimit?: { points: number; durationSec: number } | undefined;
  /** UI catalog requests per user per window (default 20 per 60 s). */
  uiStringsRateLimit?: { points: number; durationSec: number } | undefined;
}

/** Thrown inside handlers, answered as {error: {code, message}}. */
class RouteError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

function parse<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.');
  const message = issue?.message ?? 'Invalid request';
  throw new RouteError(400, 'validation_failed', field && !message.includes('required') ? `${field}: ${message}` : message);
}

function language(input: string): LanguageCode {
  const found = resolveLanguage(input);
  if (!found) throw new RouteError(400, 'validation_failed', `Unknown language: ${input}`);
  return found.code;
}

function sourceLanguage(input: string | undefined): SourceLanguage {
  if (input === undefined) return 'auto-detect';
  const lower = input.trim().toLowerCase();
  return lower === 'auto-detect' || lower === 'auto' ? 'auto-detect' : language(input);
}

function context(input: RelationshipContext | string | null | undefined): RelationshipContext | undefined {
  if (input === null || input === undefined) return undefined;
  if (typeof input === 'string') return input.trim() ? inferRelationshipContext(input) : undefined;
  return input;
}

/**
 * POST /api/translate (= /functions/v1/translate-text), POST /api/smart-translate
 * (= /functions/v1/smart-translate), GET /api/languages, GET /api/engines, POST /api/ui-strings.
 * All need a signed-in user; each request counts against the user's rate limit.
 */
export async function translationRoutes(app: FastifyInstance, options: TranslationRoutesOptions): Promise<void> {
  const { service } = options;
  const maxChars = options.maxChars ?? 5_000;
  const limiter = new RateLimiterMemory({ points: options.rateLimit?.points ?? 120, duration: options.rateLimit?.durationSec ?? 60, keyPrefix: 'translate' });
  const catalogLimiter = new RateLimiterMemory({
    points: options.uiStringsRateLimit?.points ?? 20, duration: options.uiStringsRateLimit?.durationSec ?? 60, keyPrefix: 'ui-strings',
  });

  const rateLimit = (rl: RateLimiterMemory) => async (request: FastifyRequest) => {
    const user = (request as { user?: { id: string } }).user;
    if (!user) throw new RouteError(401, 'unauthenticated', 'Please sign in');
    try {
      await rl.consume(user.id);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw Object.assign(new RouteError(429, 'rate_limited', `Too many translation requests. Try again in ${seconds} seconds.`), { seconds });
    }
  };
  const guard = (rl: RateLimiterMemory) => ({ preHandler: [options.requireUser as preHandlerHookHandler, rateLimit(rl)] });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof RouteError) {
      const seconds = (error as RouteError & { seconds?: number }).seconds;
      if (seconds) void reply.header('retry-after', String(seconds));
      return reply.status(error.status).send({ error: { code: error.code, message: error.message } });
    }
    throw error; // the app's own error handler answers the rest
  });

  function checkLength(text: string): void {
    if (text.length > maxChars) throw new RouteError(413, 'payload_too_large', `Text must be at most ${maxChars} characters`);
  }

  const translateText = async (request: FastifyRequest) => {
    const body = parse(translateTextBody, request.body);
    checkLength(body.text);
    return service.translate({
      text: body.text,
      targetLanguage: language(body.targetLanguage),
      sourceLanguage: sourceLanguage(body.sourceLanguage),
      relationshipContext: context(body.relationshipContext),
    });
  };
  app.post(TRANSLATION_API.translate, guard(limiter), translateText);
  app.post(TRANSLATION_API.functionsTranslateText, guard(limiter), translateText);

  const smartTranslate = async (request: FastifyRequest) => {
    const body = parse(smartTranslateBody, request.body);
    checkLength(body.text);
    return service.smartTranslate({
      text: body.text,
      primaryLanguage: language(body.primaryLanguage),
      secondaryLanguage: language(body.secondaryLanguage),
    });
  };
  app.post(TRANSLATION_API.smartTranslate, guard(limiter), smartTranslate);
  app.post(TRANSLATION_API.functionsSmartTranslate, guard(limiter), smartTranslate);

  app.get(TRANSLATION_API.languages, guard(limiter), async () => service.languages());
  app.get(TRANSLATION_API.engines, guard(limiter), async () => service.health());

  app.post(TRANSLATION_API.uiStrings, guard(catalogLimiter), async (request) => {
    const body = parse(uiStringsBody, request.body);
    return { strings: await service.translateCatalog(language(body.language), body.strings) };
  });
}
