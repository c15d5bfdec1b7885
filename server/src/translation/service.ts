import { DEFAULT_LANGUAGE, LIMITS, type LanguageCode, type PairInfo } from '@parley/common';
import type { Db } from '../db/connect.ts';
import { DbTranslationCache, Lru, MemoryTranslationCache, hashText, type TranslationCache } from './cache.ts';
import type { TranslationConfig } from './config.ts';
import { detectLanguage } from './detect.ts';
import { createEngines } from './engines/index.ts';
import type { TranslationEngine } from './engines/types.ts';
import { protectPlaceholders, restorePlaceholders } from './placeholders.ts';
import { TranslationRouter, silentLogger, type TranslateRequest, type TranslateResult, type TranslationLogger } from './router.ts';
import { detectAmong, type TextTranslator } from './textTranslator.ts';

export interface TranslationServiceDeps {
  /** Database for the translation cache; without one, an in-memory cache is used. */
  db?: Db | undefined;
  config: TranslationConfig;
  logger?: TranslationLogger | undefined;
  /** Replaces the engines built from config (tests). */
  engines?: TranslationEngine[] | undefined;
}

export interface SmartTranslateInput {
  text: string;
  primaryLanguage: LanguageCode;
  secondaryLanguage: LanguageCode;
  signal?: AbortSignal | undefined;
  /** The caller's translation budget (see TranslateRequest.spend). */
  spend?: TranslateRequest['spend'];
}

/**
 * Translation as a service: the router behind the TextTranslator interface, smart-translate's
 * direction rule, and the interface catalog. Results are domain values; routes present them.
 */
export interface TranslationService extends TextTranslator {
  router: TranslationRouter;
  /** The original text with ok: false when nothing could translate it. */
  translate(input: TranslateRequest): Promise<TranslateResult>;
  /** Text in the primary language goes to the secondary one; anything else to the primary. The result's source is the detected language. */
  smartTranslate(input: SmartTranslateInput): Promise<TranslateResult>;
  /** English interface strings -> `language`, placeholders kept; failures keep the English string. */
  translateCatalog(language: LanguageCode, strings: Record<string, string>): Promise<Record<string, string>>;
  /**
   * How each pair is served: after every engine's first verdicts, or after `pairsWaitMs` at most
   * (directions still being checked are marked `checking`; failed directions are not served).
   */
  pairs(): Promise<PairInfo[]>;
  /** Resolves when every engine's self-check gave each of its units a first verdict. */
  selfChecked: Promise<void>;
  /** The first engine for the direction is still checking it: chat waits instead of failing. */
  isDirectionBeingChecked(source: LanguageCode, target: LanguageCode): boolean;
  health(): ReturnType<TranslationRouter['health']>;
  /** Engines named in TRANSLATION_ENGINES that could not be built (no key, no model), and why. */
  skipped: { id: string; reason: string }[];
  close(): Promise<void>;
}

export function createTranslationService({ db, config, logger = silentLogger, engines }: TranslationServiceDeps): TranslationService {
  let list = engines;
  const skipped: { id: string; reason: string }[] = [];
  if (!list) {
    const created = createEngines(config);
    skipped.push(...created.skipped);
    for (const { id, reason } of created.skipped) logger.info({ engine: id, reason }, 'translation engine skipped');
    list = created.engines;
  }
  const cache: TranslationCache = db
    ? new DbTranslationCache(db, {
        maxAgeDays: config.cache?.maxAgeDays,
        maxRows: config.cache?.maxRows,
        memoryEntries: config.cache?.memoryEntries,
        onError: (error, during) => logger.warn({ err: error, during }, 'translation cache error'),
      })
    : new MemoryTranslationCache(config.cache?.memoryEntries ?? 5_000);
  const router = new TranslationRouter({
    engines: list,
    cache,
    timeoutMs: config.timeoutMs,
    maxChars: config.maxChars,
    retries: config.retry?.retries,
    baseDelayMs: config.retry?.baseDelayMs,
    maxRetryAfterMs: config.retry?.maxRetryAfterMs,
    logger,
  });
  // /api/languages must not report a direction that cannot translate: each engine checks its own.
  const selfChecked = Promise.all(
    (config.selfCheck === false ? [] : list).map(async (engine) => {
      const checks = (await engine.selfCheck?.().catch((error: unknown) => [{ ok: false, detail: String(error) }])) ?? [];
      for (const check of checks.filter((c) => !c.ok)) logger.warn({ engine: engine.id, ...check }, 'translation self-check failed: not served');
    }),
  ).then(() => undefined);
  /** Whole translated catalogs per language (only complete successes), so a second user gets them at once. */
  const catalogs = new Lru<Record<string, string>>(40);

  async function smartTranslate({ text, primaryLanguage, secondaryLanguage, signal, spend }: SmartTranslateInput): Promise<TranslateResult> {
    // A language outside the chosen pair wins only on text long enough to be sure of it.
    // (or on telling words such as 'le', 'est'); short trigram guesses fall back to the pair.
    const free = detectLanguage(text, { prior: primaryLanguage });
    const telling = (free.method === 'words' || free.method === 'letters' || free.method === 'script') && free.confidence >= 0.5;
    const sure = free.language === primaryLanguage || free.language === secondaryLanguage || telling || text.replace(/[^\p{L}]/gu, '').length >= 60;
    const detected = sure ? free.language : detectLanguage(text, { prior: primaryLanguage, candidates: [primaryLanguage, secondaryLanguage] }).language;
    const target = detected === primaryLanguage ? secondaryLanguage : primaryLanguage;
    return router.translate({ text, source: detected, target, signal, spend });
  }

  async function translateCatalog(language: LanguageCode, strings: Record<string, string>): Promise<Record<string, string>> {
    if (language === DEFAULT_LANGUAGE) return { ...strings };
    const memoKey = `${language}:${hashText(JSON.stringify(Object.entries(strings).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))))}`;
    const memo = catalogs.get(memoKey);
    if (memo) return { ...memo };
    const out: Record<string, string> = { ...strings };
    await router.refreshPolicy();
    if (!router.active().some((e) => e.supports(DEFAULT_LANGUAGE, language))) {
      logger.warn({ language }, 'no engine translates interface strings into this language; English kept');
      return out;
    }
    const entries = Object.entries(strings);
    let failed = 0;
    for (let i = 0; i < entries.length; i += LIMITS.uiTranslationBatch) {
      const batch = entries.slice(i, i + LIMITS.uiTranslationBatch);
      await Promise.all(
        batch.map(async ([key, english]) => {
          const { text, tokens } = protectPlaceholders(english);
          const result = await router.translate({ text, source: DEFAULT_LANGUAGE, target: language });
          const restored = result.ok ? restorePlaceholders(result.text, tokens) : undefined;
          if (restored === undefined) {
            failed += 1;
            logger.warn({ key, language, reason: result.ok ? 'placeholders lost' : result.reason }, 'interface string kept in English');
          } else {
            out[key] = restored;
          }
        }),
      );
    }
    if (failed === 0) catalogs.set(memoKey, out);
    return { ...out };
  }

  return {
    router,
    translate: (input) => router.translate(input),
    detect: detectAmong,
    smartTranslate,
    translateCatalog,
    selfChecked,
    pairs: async () => {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([selfChecked, new Promise((resolve) => (timer = setTimeout(resolve, config.pairsWaitMs ?? 5_000)))]);
      clearTimeout(timer);
      await router.refreshPolicy();
      return router.pairs();
    },
    isDirectionBeingChecked: (source, target) => router.isDirectionBeingChecked(source, target),
    health: () => router.health(),
    skipped,
    close: () => router.close(),
  };
}
