import {
  LANGUAGES, type LanguageCode, type LanguagesResponse, type PairInfo, type SmartTranslateResponse, type TranslateTextResponse,
} from '@parley/common';
import type { TranslateResult } from './router.ts';

/** How translation results leave over HTTP: the only place that shapes translation responses. */

/** Direction as reported by smart-translate: '<source> → <target>' with language codes, e.g. 'en → es'. */
export function formatDirection(source: LanguageCode, target: LanguageCode): string {
  return `${source} → ${target}`;
}

/** translate-text: the original text with ok: false when nothing could translate it. */
export function presentTranslation(result: TranslateResult): TranslateTextResponse {
  return {
    translatedText: result.text,
    ...(result.detectedLanguage ? { detectedLanguage: result.detectedLanguage } : {}),
    engine: result.engine,
    ...(result.via ? { via: result.via } : {}),
    ok: result.ok,
    kind: result.kind,
    ...(result.cached ? { cached: true } : {}),
    ...(result.reason ? { reason: result.reason } : {}),
    ...(result.message && !result.ok ? { message: result.message } : {}),
    ...(result.unknown?.length ? { unknownWords: result.unknown } : {}),
  };
}

/** smart-translate: the detected language is the result's source. */
export function presentSmartTranslation(result: TranslateResult): SmartTranslateResponse {
  return {
    translatedText: result.text,
    detectedLanguage: result.source,
    translationDirection: formatDirection(result.source, result.target),
    engine: result.engine,
    ...(result.via ? { via: result.via } : {}),
    ok: result.ok,
    kind: result.kind,
    ...(result.reason ? { reason: result.reason } : {}),
    ...(result.message && !result.ok ? { message: result.message } : {}),
    ...(result.unknown?.length ? { unknownWords: result.unknown } : {}),
  };
}

export function presentLanguages(engines: readonly { id: string }[], pairs: PairInfo[]): LanguagesResponse {
  return {
    languages: LANGUAGES.map(({ code, name, nativeName }) => ({ code, name, nativeName })),
    engines: engines.map((e) => e.id),
    pairs,
  };
}
