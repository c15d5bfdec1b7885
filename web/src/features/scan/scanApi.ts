import { SCAN_API, TRANSLATION_API, languageName } from '@parley/common/client';
import type { LanguageCode, ScanImageBody, ScanResponse, SmartTranslateBody, SmartTranslateResponse } from '@parley/common';
import { apiFetch } from '../../lib/api.ts';

/** smart-image-translate (spec section 7): the image goes as base64 (spec section 9). */
export function scanImage(body: ScanImageBody, signal?: AbortSignal): Promise<ScanResponse> {
  return apiFetch<ScanResponse>(SCAN_API.scan, { method: 'POST', body, signal });
}

/** smart-translate (spec section 7) for typed text. */
export function smartTranslate(body: SmartTranslateBody, signal?: AbortSignal): Promise<SmartTranslateResponse> {
  return apiFetch<SmartTranslateResponse>(TRANSLATION_API.smartTranslate, { method: 'POST', body, signal });
}

/** Default pair: the user's language first; Spanish second, or English when the user speaks Spanish. */
export function defaultLanguages(userLanguage: LanguageCode | undefined): { primary: LanguageCode; secondary: LanguageCode } {
  const primary = userLanguage ?? 'en';
  return { primary, secondary: primary === 'es' ? 'en' : 'es' };
}

/**
 * Source and target names of a translation direction. The scan answer reads 'Spanish → English' (with codes
 * alongside), smart-translate 'es → en'; codes become English names, names stay as they are.
 */
export function directionParts(direction: string, source?: string, target?: string): { from: string; to: string } | undefined {
  if (source && target) return { from: languageName(source), to: languageName(target) };
  const parts = direction.split(/\s*(?:→|->)\s*/u).map((p) => p.trim()).filter(Boolean);
  if (parts.length !== 2) return undefined;
  return { from: languageName(parts[0]!), to: languageName(parts[1]!) };
}
