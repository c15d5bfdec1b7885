import type { LanguageCode } from '../languages.ts';
import type { CatalogKey } from './catalog.ts';

/** A written catalog: 'group.key' -> ICU message. A key it lacks falls back to machine translation of the English. */
export type LocaleCatalog = Partial<Record<CatalogKey, string>>;

/** Interface languages written right to left. */
export const RTL_LANGUAGES: ReadonlySet<string> = new Set(['ar']);

export function languageDirection(code: string): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.has(code) ? 'rtl' : 'ltr';
}

/**
 * The written catalog of one language, loaded on demand: the bundler makes one chunk per
 * locale file, so a reader downloads only their own language.
 */
export async function loadLocaleCatalog(code: Exclude<LanguageCode, 'en'>): Promise<LocaleCatalog> {
  const module = (await import(`./locales/${code}.json`)) as { default: LocaleCatalog };
  return module.default;
}

/** Keys whose text is the same in every language: names, codes, symbols. */
export const SAME_IN_EVERY_LANGUAGE: ReadonlySet<CatalogKey> = new Set<CatalogKey>([
  'header.appName', 'general.notFoundCode', 'auth.emailPlaceholder', 'chat.senderPrefix', 'scan.direction',
  'chat.characterCount', 'moderation.auditSentence', 'moderation.auditSentenceTarget', 'integrations.botBadge',
  // 'URL' and 'Webhooks' are loanwords many languages write as English does.
  'integrations.url', 'admin.tabWebhooks',
]);

/**
 * Words a language writes exactly as English does, on purpose (the catalog test refuses any other
 * value identical to the English): 'Chat' in German, 'OK'...
 */
export const SAME_AS_ENGLISH: Partial<Record<LanguageCode, readonly CatalogKey[]>> = {
  es: ['userSearch.formalityFormal', 'userSearch.formalityInformal', 'userSearch.formalityNeutral', 'nav.chat', 'chat.error', 'general.error', 'talk.original'],
  fr: ['userSearch.typeClient', 'chat.conversations', 'talk.original', 'general.bio', 'chat.mediaPhoto', 'push.sectionTitle', 'integrations.viaWebhook'],
  de: ['userSearch.formalityNeutral', 'nav.chat', 'talk.original', 'chat.linkOnline', 'chat.linkOffline', 'integrations.name'],
  it: ['auth.email', 'auth.password', 'nav.chat', 'chat.previewLabel', 'general.bio', 'general.email', 'chat.linkOnline', 'chat.linkOffline', 'documents.file'],
  pt: ['userSearch.formalityFormal', 'userSearch.formalityInformal', 'talk.original', 'general.bio', 'integrations.viaWebhook'],
  nl: ['nav.chat', 'chat.linkOnline', 'chat.linkOffline', 'integrations.viaWebhook'],
  pl: ['chat.linkOnline', 'chat.linkOffline'],
  ro: ['userSearch.formalityFormal', 'userSearch.formalityInformal', 'userSearch.typeClient', 'talk.original', 'chat.linkOnline', 'chat.linkOffline'],
  sv: ['userSearch.formalityNeutral', 'talk.original', 'chat.linkOnline', 'chat.linkOffline', 'integrations.viaWebhook'],
  vi: ['auth.email', 'general.email'],
};

/** True when `key` may read the same in `language` as in English. */
export function mayEqualEnglish(language: LanguageCode, key: CatalogKey): boolean {
  return SAME_IN_EVERY_LANGUAGE.has(key) || (SAME_AS_ENGLISH[language]?.includes(key) ?? false);
}
