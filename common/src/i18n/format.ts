import { CATALOG, type CatalogKey, type FlatCatalog } from './catalog.ts';

/** The catalog as one flat map: { 'group.key': 'English string' }. */
export function flattenCatalog(catalog: Record<string, Record<string, string>> = CATALOG): FlatCatalog {
  const flat: Record<string, string> = {};
  for (const [group, strings] of Object.entries(catalog)) {
    for (const [key, value] of Object.entries(strings)) flat[`${group}.${key}`] = value;
  }
  return flat as FlatCatalog;
}

/** The English catalog, flattened once. */
export const ENGLISH_STRINGS: FlatCatalog = /* @__PURE__ */ flattenCatalog();
export const CATALOG_KEYS = /* @__PURE__ */ Object.keys(ENGLISH_STRINGS) as CatalogKey[];

export type FormatVars = Record<string, string | number>;

/** Fill {placeholders}; unknown placeholders are left as they are. */
export function format(text: string, vars?: FormatVars): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.prototype.hasOwnProperty.call(vars, name) ? String(vars[name]) : match,
  );
}

/** The placeholder names in a string, sorted: '{n} of {name}' -> ['n', 'name']. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string).sort();
}

/** True when a translation kept exactly the placeholders of its source. */
export function samePlaceholders(source: string, translated: string): boolean {
  const a = placeholders(source);
  const b = placeholders(translated);
  return a.length === b.length && a.every((name, i) => name === b[i]);
}
