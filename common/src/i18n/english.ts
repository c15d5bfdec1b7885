import type { CatalogKey, FlatCatalog } from './catalog.ts';
import { auth } from './strings/auth.ts';
import { coverage } from './strings/coverage.ts';
import { general } from './strings/general.ts';
import { header } from './strings/header.ts';
import { languageSelector } from './strings/languageSelector.ts';
import { nav } from './strings/nav.ts';

/**
 * The English strings of the first download (the sign-in screen, the language step, the shell's frame): the groups
 * a signed-out visitor can meet. Every other group is in english-rest.ts, a chunk the signed-in screens load first
 * (web/src/lib/english.ts). The full catalog (catalog.ts) stays the one source of keys and of every other language.
 */
export const FIRST_GROUPS = { auth, coverage, general, header, languageSelector, nav } as const;

/** Groups as one flat map { 'group.key': 'English string' } (only the groups given). */
export function flattenGroups(groups: Record<string, Record<string, string>>): Partial<FlatCatalog> {
  const flat: Record<string, string> = {};
  for (const [group, strings] of Object.entries(groups)) {
    for (const [key, value] of Object.entries(strings)) flat[`${group}.${key}`] = value;
  }
  return flat as Partial<FlatCatalog>;
}

/** Keys of the first download, checked against the catalog by catalog.test.ts. */
export type FirstKey = Extract<CatalogKey, `${keyof typeof FIRST_GROUPS}.${string}`>;
