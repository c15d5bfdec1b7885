import { LANGUAGE_CODES, resolveLanguage, type LanguageCode } from '@parley/common/languages';

/** localStorage key of the chosen language (spec section 3); holds a language code. */
export const USER_LANGUAGE_KEY = 'userLanguage';

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // Storage disabled (privacy mode): behave as a first visit.
  }
}

/** Set while the server draws a page (prerender/signedInPage.tsx): the page's language stands for the device's. */
let drawingLanguage: LanguageCode | undefined;

/** Run a synchronous server render as if `language` were stored on the device. */
export function withStoredLanguage<T>(language: LanguageCode, render: () => T): T {
  drawingLanguage = language;
  try {
    return render();
  } finally {
    drawingLanguage = undefined;
  }
}

/** The stored language, or undefined on first use. Older values holding a name are resolved too. */
export function getStoredLanguage(): LanguageCode | undefined {
  if (drawingLanguage) return drawingLanguage;
  const raw = storage()?.getItem(USER_LANGUAGE_KEY);
  return raw ? resolveLanguage(raw)?.code : undefined;
}

/** The first of the browser's preferred languages (navigator.languages) that is one of the 20, if any. */
export function browserLanguage(): LanguageCode | undefined {
  if (typeof navigator === 'undefined') return undefined;
  const preferred = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of preferred) {
    const primary = tag?.split(/[-_]/)[0]?.toLowerCase();
    const code = LANGUAGE_CODES.find((c) => c === primary);
    if (code) return code;
  }
  return undefined;
}

/** The interface language: the person's choice on this device, else the browser's language, else English. */
export function interfaceLanguage(): LanguageCode {
  return getStoredLanguage() ?? browserLanguage() ?? 'en';
}

export function storeLanguage(code: LanguageCode): void {
  try {
    storage()?.setItem(USER_LANGUAGE_KEY, code);
  } catch (error) {
    console.warn('Could not store the chosen language', error);
  }
}

export function readJson<T>(key: string): T | undefined {
  try {
    const raw = storage()?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch (error) {
    console.warn(`Could not store ${key}`, error);
  }
}
