import type { CatalogKey, FlatCatalog } from '@parley/common/i18n';
import { FIRST_GROUPS, flattenGroups } from '@parley/common/i18n/first';

/**
 * The English strings this tab has: the first download's groups at once (the sign-in screen's budget, issue 32
 * item 10), the rest once a signed-in screen asks for them (loadAllEnglish, before its chunk renders). Other
 * languages come whole from their written catalogs; English is the fallback for a key a catalog lacks.
 */
const english: Partial<FlatCatalog> = flattenGroups(FIRST_GROUPS);
let rest: Promise<void> | undefined;

export function addEnglish(strings: Partial<FlatCatalog>): void {
  Object.assign(english, strings);
}

/** The English string of `key`, when this tab has its group. */
export function englishString(key: CatalogKey): string | undefined {
  return english[key];
}

/** Every English string this tab has (a copy). */
export function englishStrings(): FlatCatalog {
  return { ...english } as FlatCatalog;
}

/** Load the English groups outside the first download (once); signed-in screens wait for it before they render. */
export function loadAllEnglish(): Promise<void> {
  rest ??= import('@parley/common/i18n/rest').then((m) => addEnglish(m.ENGLISH_REST));
  return rest;
}

/** `load`, after the rest of English: for the lazily loaded screens of App.tsx. */
export function withAllEnglish<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([loadAllEnglish(), load()]).then(([, module]) => module);
}
