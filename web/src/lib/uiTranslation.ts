// Light entry points: this module is in the sign-in screen's first download (no zod schemas).
import type { UiStringsResponse } from '@parley/common';
import {
  UNTRANSLATED_KEYS, isComplexMessage, samePlaceholders,
  type CatalogKey, type FlatCatalog, type LocaleCatalog,
} from '@parley/common/i18n';
import type { LanguageCode } from '@parley/common/languages';
import { LIMITS } from '@parley/common/limits';
import { TRANSLATION_API } from '@parley/common/routes';
import { apiFetch, isApiError } from './api.ts';
import { englishStrings } from './english.ts';
import { readJson, writeJson } from './userLanguage.ts';

/** Server endpoint translating interface strings (batched and cached server-side). */
export const UI_STRINGS_PATH = TRANSLATION_API.uiStrings;
const CACHE_PREFIX = 'parley.uiStrings.';

export type StringMap = Record<string, string>;
export type PostBatch = (language: LanguageCode, strings: StringMap) => Promise<StringMap>;

export interface TranslateOptions {
  /** Strings per request (spec section 9: batches of 10). */
  batchSize?: number;
  /** Requests in flight at once. */
  concurrency?: number;
  post?: PostBatch;
}

export interface TranslateResult {
  /** Every requested key: its translation, or the English source where translation failed. */
  strings: StringMap;
  /** Keys whose translation failed (kept in English, not cached). */
  failed: string[];
}

const post = async (language: LanguageCode, strings: StringMap) =>
  (await apiFetch<UiStringsResponse>(UI_STRINGS_PATH, { method: 'POST', body: { language, strings } })).strings;

/** One request; a short 429 is waited out once, so a busy minute never leaves a half-translated screen. */
const postBatch: PostBatch = async (language, strings) => {
  try {
    return await post(language, strings);
  } catch (error) {
    if (!isApiError(error) || error.status !== 429 || (error.retryAfter ?? 99) > 15) throw error;
    await new Promise((resolve) => setTimeout(resolve, (error.retryAfter ?? 1) * 1000));
    return post(language, strings);
  }
};

export function chunk<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/** Run tasks with at most `limit` in flight; results keep the tasks' order. */
export async function runPool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await (tasks[index] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, tasks.length)) }, worker));
  return results;
}

/**
 * Translate English strings into `language`, in batches of 10 sent in parallel. A failed batch,
 * a missing entry or a translation that lost a {placeholder} keeps the English source (logged only).
 */
export async function translateStrings(language: LanguageCode, strings: StringMap, options: TranslateOptions = {}): Promise<TranslateResult> {
  const { batchSize = LIMITS.uiTranslationBatch, concurrency = 8, post = postBatch } = options;
  const result: StringMap = { ...strings };
  const failed: string[] = [];
  if (language === 'en') return { strings: result, failed };

  const batches = chunk(Object.entries(strings), batchSize);
  await runPool(
    batches.map((entries) => async () => {
      const batch = Object.fromEntries(entries);
      let translated: StringMap;
      try {
        translated = await post(language, batch);
      } catch (error) {
        console.warn(`Interface translation to ${language} failed for ${entries.length} strings; keeping English`, error);
        failed.push(...entries.map(([key]) => key));
        return;
      }
      for (const [key, source] of entries) {
        const value = translated?.[key];
        if (typeof value === 'string' && value.trim() && samePlaceholders(source, value)) result[key] = value;
        else {
          if (typeof value === 'string' && value.trim()) console.warn(`Translation of ${key} lost a placeholder; keeping English`);
          failed.push(key);
        }
      }
    }),
    concurrency,
  );
  return { strings: result, failed };
}

const complexKeys = new Map<CatalogKey, boolean>();
/** English plural/select messages: kept out of machine translation. */
function isComplexKey(key: CatalogKey, english: string): boolean {
  let complex = complexKeys.get(key);
  if (complex === undefined) complexKeys.set(key, (complex = isComplexMessage(english)));
  return complex;
}

/** Cached translations per language: key -> [English source, translation]. */
type CacheEntries = Record<string, [string, string]>;

/**
 * The full catalog in `language`: the written catalog, then machine translations cached locally for
 * the keys it lacks, then English; plus the keys still to machine-translate. Plural/select messages
 * are never machine-translated (the engines would break their syntax): they stay English until written.
 */
export function loadCachedCatalog(language: LanguageCode, written: LocaleCatalog = {}): { strings: FlatCatalog; missing: CatalogKey[] } {
  const english = englishStrings();
  const strings: FlatCatalog = { ...english };
  if (language === 'en') return { strings, missing: [] };
  const cache = readJson<CacheEntries>(CACHE_PREFIX + language) ?? {};
  const missing: CatalogKey[] = [];
  // The written catalog is whole; English here may hold only the first download's groups (lib/english.ts).
  for (const [key, own] of Object.entries(written) as [CatalogKey, string | undefined][]) {
    if (typeof own === 'string' && own.trim()) strings[key] = own;
  }
  for (const key of Object.keys(english) as CatalogKey[]) {
    const own = written[key];
    if (typeof own === 'string' && own.trim()) {
      strings[key] = own;
      continue;
    }
    if (UNTRANSLATED_KEYS.has(key) || isComplexKey(key, english[key])) continue;
    const entry = cache[key];
    if (Array.isArray(entry) && entry[0] === english[key] && typeof entry[1] === 'string') strings[key] = entry[1];
    else missing.push(key);
  }
  return { strings, missing };
}

/** Machine-translate the keys `written` lacks (batches of 10, English source), cache the successes, return the full catalog. */
export async function translateCatalog(language: LanguageCode, options: TranslateOptions = {}, written: LocaleCatalog = {}): Promise<FlatCatalog> {
  const { strings, missing } = loadCachedCatalog(language, written);
  if (missing.length === 0) return strings;
  const english = englishStrings();
  const sources = Object.fromEntries(missing.map((key) => [key, english[key]]));
  const { strings: translated, failed } = await translateStrings(language, sources, options);
  const failedKeys = new Set(failed);
  const cache = readJson<CacheEntries>(CACHE_PREFIX + language) ?? {};
  for (const key of missing) {
    strings[key] = translated[key] ?? english[key];
    // An answer equal to the English may mean "no engine serves this pair yet": not kept, asked again next time.
    if (!failedKeys.has(key) && strings[key] !== english[key]) cache[key] = [english[key], strings[key]];
  }
  writeJson(CACHE_PREFIX + language, cache);
  return strings;
}
