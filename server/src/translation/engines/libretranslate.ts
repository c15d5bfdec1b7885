import { isLanguageCode, LANGUAGE_CODES, type LanguageCode } from '@parley/common';
import { type EngineHealth, type PairSupport, type TranslateInput, type TranslateOutput, type TranslationEngine } from './types.ts';
import { abortError, EngineError } from '../../platform/errors.ts';
import { requestJson, trimBase } from '../../platform/http.ts';
import { fromLibre, hasMarks, toLibre } from '../spans/wire.ts';

export interface LibreTranslateOptions {
  url: string;
  apiKey?: string | undefined;
}

interface LanguageEntry {
  code?: unknown;
  targets?: unknown;
}

/**
 * LibreTranslate (POST {url}/translate {q, source, target, format: 'text', api_key?}).
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
    const body = {
      q: html ? toLibre(text, spans ?? []) : text,
      source: this.code(source),
      target: this.code(target),
      format: html ? 'html' : 'text',
      ...(this.options.apiKey ? { api_key: this.options.apiKey } : {}),
    };
    const answer = (await requestJson({ engine: this.id, url: `${this.base}/translate`, body, signal })) as {
      translatedText?: unknown;
      detectedLanguage?: { language?: unknown };
    };
    if (signal.aborted) throw abortError(this.id, signal);
    if (typeof answer.translatedText !== 'string') {
      throw new EngineError(this.id, 'bad_response', 'libretranslate answered without translatedText');
    }
    const detected = normalise(answer.detectedLanguage?.language);
    return { text: html ? fromLibre(answer.translatedText) : answer.translatedText, detectedLanguage: detected };
  }

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
