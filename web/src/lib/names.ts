import { languageName } from '@parley/common/client';

/** Names in the reader's language: of languages, and of lists of people. */

// One Intl.DisplayNames per locale: making one loads locale data (tens of ms on a slow phone), and lists
// name every language of every row.
const displayNames = new Map<string, Intl.DisplayNames>();
function languageNames(locale: string): Intl.DisplayNames {
  let names = displayNames.get(locale);
  if (!names) displayNames.set(locale, (names = new Intl.DisplayNames([locale], { type: 'language' })));
  return names;
}

/**
 * A language's name in the interface language ('Spanish' in English, 'español' in Spanish);
 * `standalone` capitalises it for labels. Falls back to the English name.
 */
export function displayLanguageName(code: string, locale = 'en', standalone = false): string {
  let name = languageName(code);
  try {
    name = languageNames(locale).of(code) ?? name;
  } catch {
    // Unknown locale or code: keep the English name.
  }
  return standalone ? name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) : name;
}

/** A list of names joined the reader's way ('Ana, Li and Marc', 'Ana, Li y Marc'). */
export function joinNames(names: readonly string[], locale: string): string {
  try {
    return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}
