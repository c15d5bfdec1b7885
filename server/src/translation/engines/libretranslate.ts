import { isLanguageCode, LANGUAGE_CODES, type LanguageCode } from '@parley/common';
import { type EngineHealth, type PairSupport, type TranslateInput, type TranslateOutput, type TranslationEngine } from './types.ts';
import { abortError, EngineError } from '../../platform/errors.ts';
import { requestJson, trimBase } from '../../platform/http.ts';
import { fromLibre, hasMarks, toLibre } from '../spans/wire.ts';
import { CallBatch } from './callBatch.ts';

interface LibreCall {
  q: string;
  source: LanguageCode;
  target: LanguageCode;
  format: 'html' | 'text';
}

export interface LibreTranslateOptions {
  url: string;
  apiKey?: string | undefined;
}

interface LanguageEntry {
  code?: unknown;
  targets?: unknown;
}

/**
 * LibreTranslate (POST {url}/translate {q, source, target, format: 'text', api_key?}; q a string or a list).
 * Until GET /languages has answered (health() asks it), every pair of our languages is assumed;
 * afterwards only the pairs the server has models for. Newer servers name Chinese 'zh-Hans'.
 */
export class LibreTranslateEngine implements TranslationEngine {
  readonly id = 'libretranslate';
  private readonly base: string;
  /** source -> targets, once known. */
  private served: Map<LanguageCode, Set<LanguageCode>> | undefined;
  private chinese = 'zh';

  constructor(private readonly options: LibreTranslateOptions) {
    this.base = trimBase(options.url);
  }

  supports(source: LanguageCode, target: LanguageCode): PairSupport | null {
    if (source === target) return null;
    if (!this.served) return 'provider';
    return this.served.get(source)?.has(target) ? 'provider' : null;
  }

  cacheVariant(): string {
    return 'neutral'; // LibreTranslate has no formality setting
  }

  private code(language: LanguageCode | 'auto'): string {
    return language === 'zh' ? this.chinese : language;
  }

  /** Protected spans travel as HTML `<span translate="no">`, which its HTML mode leaves untranslated. */
  async translate({ text, source, target, spans, signal }: TranslateInput): Promise<TranslateOutput> {
    const html = Boolean(spans?.length) && hasMarks(text);
    const q = html ? toLibre(text, spans ?? []) : text;
    const format = html ? 'html' : 'text';
    const answer = await this.calls.call(`${source}>${target}:${format}`, { q, source, target, format }, signal);
    if (signal.aborted) throw abortError(this.id, signal);
    return { text: html ? fromLibre(answer.text) : answer.text, detectedLanguage: answer.detected };
  }

  /**
   * The texts of one turn in one direction and format go as one request, `q` a list (LibreTranslate translates a list
   * in one pass and answers `translatedText` as a list); a text alone goes as a string, as older servers expect.
   */
  private readonly calls = new CallBatch<LibreCall, { text: string; detected: LanguageCode | undefined }>(this.id, async (items, signal) => {
    const [first] = items as [LibreCall];
    const body = {
      q: items.length === 1 ? first.q : items.map((i) => i.q),
      source: this.code(first.source),
      target: this.code(first.target),
      format: first.format,
      ...(this.options.apiKey ? { api_key: this.options.apiKey } : {}),
    };
    const answer = (await requestJson({ engine: this.id, url: `${this.base}/translate`, body, signal })) as {
      translatedText?: unknown;
      detectedLanguage?: unknown;
    };
    const texts = items.length === 1 ? [answer.translatedText] : answer.translatedText;
    if (!Array.isArray(texts) || texts.length !== items.length || texts.some((t) => typeof t !== 'string')) {
      throw new EngineError(this.id, 'bad_response', 'libretranslate answered without translatedText');
    }
    const detected = items.length === 1 ? [answer.detectedLanguage] : answer.detectedLanguage;
    return (texts as string[]).map((text, i) => ({
      text,
      detected: normalise((Array.isArray(detected) ? detected[i] as { language?: unknown } | undefined : undefined)?.language),
    }));
  }, { maxItems: 32, maxChars: 8_000, chars: (item) => item.q.length });

  async health(): Promise<EngineHealth> {
    try {
      const list = await requestJson({ engine: this.id, url: `${this.base}/languages`, method: 'GET', signal: AbortSignal.timeout(3_000) });
      if (!Array.isArray(list)) return { live: false, detail: 'GET /languages did not answer a list' };
      this.learn(list as LanguageEntry[]);
      const count = [...(this.served?.values() ?? [])].reduce((n, targets) => n + targets.size, 0);
      return { live: true, detail: `${count} pairs of the supported languages` };
    } catch (error) {
      return { live: false, detail: (error as Error).message };
    }
  }

  private learn(list: LanguageEntry[]): void {
    const served = new Map<LanguageCode, Set<LanguageCode>>();
    for (const entry of list) {
      if (entry.code === 'zh-Hans') this.chinese = 'zh-Hans';
      const source = normalise(entry.code);
      if (!source) continue;
      const targets = Array.isArray(entry.targets) ? entry.targets.map(normalise) : LANGUAGE_CODES;
      served.set(source, new Set(targets.filter((t): t is LanguageCode => t !== undefined && t !== source)));
    }
    this.served = served;
  }

  async close(): Promise<void> {}
}

function normalise(code: unknown): LanguageCode | undefined {
  if (typeof code !== 'string') return undefined;
  const lower = code.toLowerCase();
  const base = lower === 'zh-hans' ? 'zh' : lower;
  return isLanguageCode(base) ? base : undefined;
}
