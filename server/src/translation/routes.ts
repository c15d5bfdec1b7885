import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  inferRelationshipContext, LIMITS, resolveLanguage, smartTranslateBody, TRANSLATION_API, translateTextBody, uiStringsBody,
  type LanguageCode, type RelationshipContext,
} from '@parley/common';
import { AppError } from '../http/errors.ts';
import { createRateLimit, type RateLimit } from '../http/rateLimit.ts';
import { UNLIMITED_BUDGET, type TranslationBudget } from '../http/translationBudget.ts';
import { presentLanguages, presentSmartTranslation, presentTranslation } from './presenter.ts';
import type { SourceLanguage } from './router.ts';
import type { TranslationService } from './service.ts';

export interface TranslationRoutesOptions {
  service: TranslationService;
  /** onRequest hook that sets request.user = {id, email} or answers 401 (before the body is validated). */
  requireUser: onRequestHookHandler | ((request: FastifyRequest, reply: FastifyReply) => Promise<void>);
  /** Longest text accepted (413 beyond); default LIMITS.translateMaxChars. */
  maxChars?: number | undefined;
  /** Translation requests per user per window (default 120 per 60 s). */
  rateLimit?: { points: number; durationSec: number } | undefined;
  /**
   * UI catalog requests per user per window (default 60 per 60 s). The written catalogs cover the
   * interface; this only fills gaps, and a whole untranslated catalog (~30 batches) must fit one window.
   */
  uiStringsRateLimit?: { points: number; durationSec: number } | undefined;
  /** The users' translation budget (characters sent to engines). */
  budget?: TranslationBudget | undefined;
}

function language(input: string): LanguageCode {
  const found = resolveLanguage(input);
  if (!found) throw new AppError(400, 'unknown_language', `Unknown language: ${input}`);
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
 * Bodies are the shared zod schemas of common/; all need a signed-in user and count against
 * the user's rate limit.
 */
export async function translationRoutes(app: FastifyInstance, options: TranslationRoutesOptions): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { service } = options;
  const budget = options.budget ?? UNLIMITED_BUDGET;
  const spendFor = (request: FastifyRequest) => (chars: number) => budget.spend((request as unknown as { user: { id: string } }).user.id, chars);
  const maxChars = options.maxChars ?? LIMITS.translateMaxChars;
  const limit = createRateLimit({
    name: 'translate', points: options.rateLimit?.points ?? 120, durationSec: options.rateLimit?.durationSec ?? 60,
    tooMany: (s) => `Too many translation requests. Try again in ${s} seconds.`,
  });
  const catalogLimit = createRateLimit({
    name: 'ui-strings', points: options.uiStringsRateLimit?.points ?? 60, durationSec: options.uiStringsRateLimit?.durationSec ?? 60,
    tooMany: (s) => `Too many translation requests. Try again in ${s} seconds.`,
  });

  const rateLimit = (rl: RateLimit) => async (request: FastifyRequest) => {
    const user = (request as { user?: { id: string } }).user;
    if (!user) throw new AppError(401, 'unauthenticated', 'Please sign in');
    await rl.consume(user.id);
  };
  const guard = (rl: RateLimit) => [options.requireUser as onRequestHookHandler, rateLimit(rl)];

  // 413 rather than 400: the text is fine, only too long for one request.
  function checkLength(text: string): void {
    if (text.length > maxChars) throw new AppError(413, 'payload_too_large', `Text must be at most ${maxChars} characters`);
  }

  for (const url of [TRANSLATION_API.translate, TRANSLATION_API.functionsTranslateText]) {
    r.post(url, { onRequest: guard(limit), schema: { body: translateTextBody } }, async (request) => {
      const body = request.body;
      checkLength(body.text);
      const result = await service.translate({
        text: body.text,
        target: language(body.targetLanguage),
        source: sourceLanguage(body.sourceLanguage),
        context: context(body.relationshipContext),
        spend: spendFor(request),
      });
      return presentTranslation(result);
    });
  }

  for (const url of [TRANSLATION_API.smartTranslate, TRANSLATION_API.functionsSmartTranslate]) {
    r.post(url, { onRequest: guard(limit), schema: { body: smartTranslateBody } }, async (request) => {
      const body = request.body;
      checkLength(body.text);
      const result = await service.smartTranslate({
        text: body.text,
        primaryLanguage: language(body.primaryLanguage),
        secondaryLanguage: language(body.secondaryLanguage),
        spend: spendFor(request),
      });
      return presentSmartTranslation(result);
    });
  }

  r.get(TRANSLATION_API.languages, { onRequest: guard(limit) }, async () => {
    const pairs = await service.pairs();
    // The engines switched on, in the order the console chose (pairs() read it).
    return presentLanguages(service.router.active(), pairs);
  });
  r.get(TRANSLATION_API.engines, { onRequest: guard(limit) }, async () => ({ engines: await service.health() }));

  r.post(TRANSLATION_API.uiStrings, { onRequest: guard(catalogLimit), schema: { body: uiStringsBody } }, async (request) => ({
    strings: await service.translateCatalog(language(request.body.language), request.body.strings),
  }));
}
