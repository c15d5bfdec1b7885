import { z } from 'zod';

/** The console's Translation tab (issue 34 item 4). Operators only, like every ADMIN_API route. */
export const ADMIN_TRANSLATION_API = {
  /** GET: engines, coverage, usage and budget. */
  translation: '/api/admin/translation',
  /** PUT: the engines' order and which are off. */
  engines: '/api/admin/translation/engines',
  /** PUT: the per-user translation budget. */
  budget: '/api/admin/translation/budget',
} as const;

/** Every engine the server knows; TRANSLATION_ENGINES names the ones it builds. */
export const ENGINE_IDS = ['neural', 'apertium', 'openai', 'deepl', 'libretranslate'] as const;
export type EngineId = (typeof ENGINE_IDS)[number];

const engineId = z.enum(ENGINE_IDS);

export const translationEnginesBody = z.object({
  /** The order engines are tried in: every engine the server built, once each. */
  order: z.array(engineId).min(1).max(ENGINE_IDS.length),
  /** Engines switched off (not tried, not offered in /api/languages). */
  off: z.array(engineId).max(ENGINE_IDS.length),
});
export type TranslationEnginesBody = z.infer<typeof translationEnginesBody>;

export const translationBudgetBody = z.object({
  charsPerMinute: z.number().int().min(1).max(100_000_000),
  charsPerDay: z.number().int().min(1).max(1_000_000_000),
});
export type TranslationBudgetLimits = z.infer<typeof translationBudgetBody>;

/**
 * One row of coverage: for each target (in `languages` order) how the engine serves source -> target:
 * 'd' direct, 'p' through a pivot, 'h' a hosted provider, '.' not at all, '=' the same language.
 */
export type CoverageRow = string;

export interface ConsoleEngine {
  id: string;
  /** Built at start (in TRANSLATION_ENGINES, with its key or model); false: `reason` says what is missing. */
  available: boolean;
  reason?: string | undefined;
  /** Switched on in the console (an unavailable engine is never on). */
  on: boolean;
  /** The engine's own health check answered (null: not checked, the engine is not available). */
  live: boolean | null;
  detail?: string | undefined;
  /** The last failed call on this node since start, when it came after the last success. */
  lastError?: { code: string; message: string; at: string } | undefined;
  /** One CoverageRow per source language (empty for an unavailable engine). */
  coverage: CoverageRow[];
}

export interface TranslationConsole {
  /** The 20 languages, in the order of the coverage rows and columns. */
  languages: string[];
  /** Engines in the order they are tried: the available ones first, then the others. */
  engines: ConsoleEngine[];
  /** What the router serves now (order and switches applied): one CoverageRow per source. */
  served: CoverageRow[];
  /** Characters sent to each engine per day (UTC), newest day first; cache hits are not counted. */
  usage: { day: string; engine: string; chars: number; calls: number }[];
  budget: TranslationBudgetLimits & { defaults: TranslationBudgetLimits };
}
