import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { AppError } from '../http/errors.ts';
import { createRateLimit, type RateLimit } from '../http/rateLimit.ts';
import type { z } from 'zod';
import {
  inferRelationshipContext, resolveLanguage, smartTranslateBody, TRANSLATION_API, translateTextBody, uiStringsBody,
  type LanguageCode, type RelationshipContext,
} from '@parley/common';
import { presentLanguages, presentSmartTranslation, presentTranslation } from './presenter.ts';
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


function parse<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.');
  const message = issue?.message ?? 'Invalid request';
  throw new AppError(400, 'validation_failed', field && !message.includes('required') ? `${field}: ${message}` : message);
}

function language(input: string): LanguageCode {
  const found = resolveLanguage(input);
  if (!found) throw new AppError(400, 'validation_failed', `Unknown language: ${input}`);
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
  const limit = createRateLimit({
    name: 'translate', points: options.rateLimit?.points ?? 120, durationSec: options.rateLimit?.durationSec ?? 60,
    tooMany: (s) => `Too many translation requests. Try again in ${s} seconds.`,
  });
  const catalogLimit = createRateLimit({
    name: 'ui-strings', points: options.uiStringsRateLimit?.points ?? 20, durationSec: options.uiStringsRateLimit?.durationSec ?? 60,
    tooMany: (s) => `Too many translation requests. Try again in ${s} seconds.`,
  });

  const rateLimit = (rl: RateLimit) => async (request: FastifyRequest) => {
    const user = (request as { user?: { id: string } }).user;
    if (!user) throw new AppError(401, 'unauthenticated', 'Please sign in');
    await rl.consume(user.id);
  };
  const guard = (rl: RateLimit) => ({ preHandler: [options.requireUser as preHandlerHookHandler, rateLimit(rl)] });

  function checkLength(text: string): void {
    if (text.length > maxChars) throw new AppError(413, 'payload_too_large', `Text must be at most ${maxChars} characters`);
  }

  const translateText = async (request: FastifyRequest) => {
    const body = parse(translateTextBody, request.body);
    checkLength(body.text);
    const result = await service.translate({
      text: body.text,
      target: language(body.targetLanguage),
      source: sourceLanguage(body.sourceLanguage),
      context: context(body.relationshipContext),
    });
    return presentTranslation(result);
  };
  app.post(TRANSLATION_API.translate, guard(limit), translateText);
  app.post(TRANSLATION_API.functionsTranslateText, guard(limit), translateText);

  const smartTranslate = async (request: FastifyRequest) => {
    const body = parse(smartTranslateBody, request.body);
    checkLength(body.text);
    const result = await service.smartTranslate({
      text: body.text,
      primaryLanguage: language(body.primaryLanguage),
      secondaryLanguage: language(body.secondaryLanguage),
    });
    return presentSmartTranslation(result);
  };
  app.post(TRANSLATION_API.smartTranslate, guard(limit), smartTranslate);
  app.post(TRANSLATION_API.functionsSmartTranslate, guard(limit), smartTranslate);

  app.get(TRANSLATION_API.languages, guard(limit), async () => presentLanguages(service.router.engines, service.pairs()));
  app.get(TRANSLATION_API.engines, guard(limit), async () => ({ engines: await service.health() }));

  app.post(TRANSLATION_API.uiStrings, guard(catalogLimit), async (request) => {
    const body = parse(uiStringsBody, request.body);
    return { strings: await service.translateCatalog(language(body.language), body.strings) };
  });
}
