import { isLanguageCode, type LanguageCode, type RelationshipContext } from '@parley/common';
import { createHash } from 'node:crypto';
import { Lru } from '../cache.ts';
import type { GlossaryTerm } from '../glossary.ts';
import { type EngineHealth, type PairSupport, type TranslateInput, type TranslateOutput, type TranslationEngine } from './types.ts';
import { abortError, EngineError } from '../../platform/errors.ts';
import { requestJson, trimBase } from '../../platform/http.ts';
import { fromDeepL, hasMarks, toDeepL } from '../spans/wire.ts';
import { CallBatch } from './callBatch.ts';

export interface DeepLOptions {
  apiKey: string;
  /** Default: https://api-free.deepl.com for keys ending in ':fx', else https://api.deepl.com. */
  baseUrl?: string | undefined;
}

/** Our languages DeepL translates (all but Hindi; Thai and Vietnamese through its next-gen models). */
const SOURCE: Partial<Record<LanguageCode, string>> = {
  en: 'EN', es: 'ES', fr: 'FR', de: 'DE', it: 'IT', pt: 'PT', nl: 'NL', ru: 'RU', zh: 'ZH', ja: 'JA', ko: 'KO',
  ar: 'AR', th: 'TH', vi: 'VI', tr: 'TR', pl: 'PL', sv: 'SV', ro: 'RO', uk: 'UK',
};
/** Targets need a variant for English, Portuguese and Chinese. */
const TARGET: Partial<Record<LanguageCode, string>> = { ...SOURCE, en: 'EN-US', pt: 'PT-PT', zh: 'ZH-HANS' };
/** Targets where DeepL's `formality` parameter applies. */
const FORMALITY_TARGETS = new Set<LanguageCode>(['de', 'fr', 'it', 'es', 'nl', 'pl', 'pt', 'ru', 'ja']);

export function deeplBaseUrl(apiKey: string, baseUrl?: string): string {
  return trimBase(baseUrl ?? (apiKey.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com'));
}

/** formal -> prefer_more, informal -> prefer_less (prefer_* never fails on a target without formality). */
export function deeplFormality(target: LanguageCode, context?: RelationshipContext): 'prefer_more' | 'prefer_less' | undefined {
  if (!context || !FORMALITY_TARGETS.has(target)) return undefined;
  if (context.formality === 'formal') return 'prefer_more';
  if (context.formality === 'informal') return 'prefer_less';
  return undefined;
}

/** DeepL API v2 (POST /v2/translate, `Authorization: DeepL-Auth-Key KEY`). */
export class DeepLEngine implements TranslationEngine {
  readonly id = 'deepl';
  readonly nativeGlossary = true;
  private readonly base: string;
  /** DeepL glossary ids by pair and entries: a glossary is created once, then reused. */
  private readonly glossaries = new Lru<string>(200);

  constructor(private readonly options: DeepLOptions) {
    this.base = deeplBaseUrl(options.apiKey, options.baseUrl);
  }

  supports(source: LanguageCode, target: LanguageCode): PairSupport | null {
    return source !== target && SOURCE[source] && TARGET[target] ? 'provider' : null;
  }

  cacheVariant(context: RelationshipContext | undefined): string {
    return context?.formality ?? 'neutral';
  }

  private headers(): Record<string, string> {
    return { authorization: `DeepL-Auth-Key ${this.options.apiKey}` };
  }

  /**
   * The DeepL glossary holding `terms` for the pair (POST /v2/glossaries, TSV entries), created on
   * first use. Glossaries are immutable at DeepL, so other terms make another glossary.
   */
  private async glossaryId(source: LanguageCode, target: LanguageCode, terms: readonly GlossaryTerm[], signal: AbortSignal): Promise<string> {
    const entries = terms.map((t) => `${t.from.replace(/[\t\n\r]/g, ' ')}\t${t.to.replace(/[\t\n\r]/g, ' ')}`).join('\n');
    const key = createHash('sha256').update(`${source}>${target}\n${entries}`).digest('hex').slice(0, 24);
    const known = this.glossaries.get(key);
    if (known) return known;
    const created = (await requestJson({
      engine: this.id,
      url: `${this.base}/v2/glossaries`,
      headers: this.headers(),
      body: { name: `parley-${key}`, source_lang: source, target_lang: target, entries, entries_format: 'tsv' },
      signal,
    })) as { glossary_id?: unknown };
    if (typeof created.glossary_id !== 'string') throw new EngineError(this.id, 'bad_response', 'deepl created no glossary');
    this.glossaries.set(key, created.glossary_id);
    return created.glossary_id;
  }

  /** Protected spans go inside an ignored XML tag, which DeepL passes through in place. */
  async translate({ text, source, target, context, glossary, spans, signal }: TranslateInput): Promise<TranslateOutput> {
    const sourceLang = SOURCE[source];
    const targetLang = TARGET[target];
    if (!sourceLang || !targetLang) throw new EngineError(this.id, 'unsupported_pair', `DeepL does not translate ${source} -> ${target}`);
    const formality = deeplFormality(target, context);
    const glossaryId = glossary?.length ? await this.glossaryId(source, target, glossary, signal) : undefined;
    const xml = spans?.length && hasMarks(text) ? { tag_handling: 'xml', ignore_tags: ['keep'] } : undefined;
    const options = {
      ...xml,
      source_lang: sourceLang,
      target_lang: targetLang,
      ...(glossaryId ? { glossary_id: glossaryId } : {}),
      ...(formality ? { formality } : {}),
      preserve_formatting: true,
    };
    // Texts of one turn with the same options share a request (DeepL takes a list of texts).
    const key = `${sourceLang}>${targetLang}|${xml ? 'xml' : 'text'}|${formality ?? ''}|${glossaryId ?? ''}`;
    const answer = await this.calls.call(key, { text: xml ? toDeepL(text, spans ?? []) : text, options }, signal);
    if (signal.aborted) throw abortError(this.id, signal);
    const detected = answer.detected?.toLowerCase();
    return { text: xml ? fromDeepL(answer.text) : answer.text, detectedLanguage: detected && isLanguageCode(detected) ? detected : undefined };
  }

  /** One request for texts with the same options (at most 50 texts, as DeepL allows, and well under its 128 KiB). */
  private readonly calls = new CallBatch<{ text: string; options: object }, { text: string; detected: string | undefined }>(this.id, async (items, signal) => {
    const body = { text: items.map((i) => i.text), ...items[0]!.options };
    const answer = (await requestJson({ engine: this.id, url: `${this.base}/v2/translate`, headers: this.headers(), body, signal })) as {
      translations?: { text?: unknown; detected_source_language?: unknown }[];
    };
    const translations = answer.translations;
    if (!Array.isArray(translations) || translations.length !== items.length || translations.some((t) => typeof t?.text !== 'string')) {
      throw new EngineError(this.id, 'bad_response', 'deepl answered without a translation');
    }
    return translations.map((t) => ({ text: t.text as string, detected: typeof t.detected_source_language === 'string' ? t.detected_source_language : undefined }));
  }, { maxItems: 50, maxChars: 25_000, chars: (item) => item.text.length });

  async health(): Promise<EngineHealth> {
    try {
      const usage = (await requestJson({ engine: this.id, url: `${this.base}/v2/usage`,
        method: 'GET', headers: this.headers(), signal: AbortSignal.timeout(3_000),
      })) as { character_count?: number; character_limit?: number };
      const detail = usage.character_limit ? `${usage.character_count ?? 0} of ${usage.character_limit} characters used` : undefined;
      return { live: true, ...(detail ? { detail } : {}) };
    } catch (error) {
      return { live: false, detail: (error as Error).message };
    }
  }

  async close(): Promise<void> {}
}
