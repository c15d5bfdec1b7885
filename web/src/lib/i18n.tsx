import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
// Light entry points: this module is in the sign-in screen's first download (no zod schemas).
import {
  formatMessage, languageDirection, loadLocaleCatalog,
  type CatalogKey, type FlatCatalog, type FormatVars, type LocaleCatalog,
} from '@parley/common/i18n';
import type { LanguageCode } from '@parley/common/languages';
import { englishString, englishStrings, loadAllEnglish } from './english.ts';
import { loadCachedCatalog, translateCatalog, type TranslateOptions } from './uiTranslation.ts';
import { interfaceLanguage } from './userLanguage.ts';

export type TFunction = (key: CatalogKey, vars?: FormatVars) => string;
export type LoadCatalog = (language: Exclude<LanguageCode, 'en'>) => Promise<LocaleCatalog>;

export interface I18nValue {
  /** The interface language. */
  language: LanguageCode;
  /** 'translating' while a newly chosen language loads (its written catalog, then machine translation of any gaps). */
  status: 'idle' | 'translating';
  t: TFunction;
  /** Switch the interface language; resolves once every string is ready, so the whole screen changes at once. */
  setLanguage: (language: LanguageCode, options?: { progressive?: boolean }) => Promise<void>;
}

const I18nContext = createContext<I18nValue | null>(null);

interface State {
  language: LanguageCode;
  strings: FlatCatalog;
  status: I18nValue['status'];
  /** False until the first language's strings are in: nothing renders, so English never flashes. */
  ready: boolean;
}

/** Written catalogs already fetched in this tab, per loader. */
const loaded = new WeakMap<LoadCatalog, Map<LanguageCode, LocaleCatalog>>();
function writtenCache(load: LoadCatalog): Map<LanguageCode, LocaleCatalog> {
  let cache = loaded.get(load);
  if (!cache) loaded.set(load, (cache = new Map()));
  return cache;
}

async function writtenCatalog(language: Exclude<LanguageCode, 'en'>, load: LoadCatalog): Promise<LocaleCatalog> {
  const known = writtenCache(load).get(language);
  if (known) return known;
  try {
    const catalog = await load(language);
    writtenCache(load).set(language, catalog);
    return catalog;
  } catch (error) {
    console.warn(`No written catalog for ${language}; machine translation fills it`, error);
    return {};
  }
}

/**
 * Fetch `language`'s written catalog now, so an I18nProvider that starts in it renders at once, with no
 * loading frame (a page that arrives already drawn must not blank out while its language loads).
 */
export async function preloadCatalog(language: LanguageCode, load: LoadCatalog = loadLocaleCatalog): Promise<void> {
  if (language !== 'en') await writtenCatalog(language, load);
}

export interface I18nProviderProps {
  children: ReactNode;
  /** Defaults to the stored userLanguage, else the browser's language (one of the 20), else English. */
  initialLanguage?: LanguageCode;
  /** For tests: batch size, parallelism, transport. */
  translateOptions?: TranslateOptions;
  /** For tests: where written catalogs come from (default: the lazily loaded locale chunks). */
  loadCatalog?: LoadCatalog;
}

export function I18nProvider({ children, initialLanguage, translateOptions, loadCatalog = loadLocaleCatalog }: I18nProviderProps) {
  const [state, setState] = useState<State>(() => {
    const language = initialLanguage ?? interfaceLanguage();
    const cached = language === 'en' ? undefined : writtenCache(loadCatalog).get(language);
    const ready = language === 'en' || cached !== undefined;
    return { language, strings: ready ? loadCachedCatalog(language, cached).strings : englishStrings(), status: ready ? 'idle' : 'translating', ready };
  });
  const requestId = useRef(0);

  const setLanguage = useCallback(async (language: LanguageCode, options: { progressive?: boolean } = {}) => {
    const id = ++requestId.current;
    if (language === 'en') {
      setState({ language, strings: englishStrings(), status: 'idle', ready: true });
      return;
    }
    setState((s) => ({ ...s, status: 'translating' }));
    const own = await writtenCatalog(language, loadCatalog);
    const cached = loadCachedCatalog(language, own);
    if (cached.missing.length === 0 || options.progressive) {
      // At start-up the written catalog shows at once; gaps (if any) are filled below without blocking.
      if (id === requestId.current) setState({ language, strings: cached.strings, status: cached.missing.length ? 'translating' : 'idle', ready: true });
      if (cached.missing.length === 0) return;
    }
    // Strings the written catalog lacks are machine-translated before a chosen language shows.
    const strings = await translateCatalog(language, translateOptions, own);
    if (id === requestId.current) setState({ language, strings, status: 'idle', ready: true });
  }, [translateOptions, loadCatalog]);

  // A start in another language than English (stored, or the browser's): load its catalog before the first paint.
  const startLanguage = useRef<LanguageCode | undefined>(state.language === 'en' ? undefined : state.language);
  useEffect(() => {
    const language = startLanguage.current;
    startLanguage.current = undefined;
    if (language) void setLanguage(language, { progressive: true });
  }, [setLanguage]);

  useEffect(() => {
    const html = document.documentElement;
    html.lang = state.language;
    html.dir = languageDirection(state.language);
  }, [state.language]);

  // A key of a group outside the first download asked for before a signed-in screen loaded it (an error shown
  // on the sign-in page, say): the rest of English loads and the screen draws again with it.
  const [, setEnglishLoaded] = useState(0);
  const t = useCallback<TFunction>(
    (key, vars) => {
      const text = state.strings[key] ?? englishString(key);
      if (text === undefined) void loadAllEnglish().then(() => setEnglishLoaded((n) => n + 1));
      return formatMessage(text ?? '', state.language, vars);
    },
    [state.strings, state.language],
  );

  const value = useMemo<I18nValue>(
    () => ({ language: state.language, status: state.status, t, setLanguage }),
    [state.language, state.status, t, setLanguage],
  );
  return (
    <I18nContext.Provider value={value}>
      {state.ready ? children : <div className="flex h-dvh items-center justify-center" role="status" aria-busy="true" data-testid="i18n-loading" />}
    </I18nContext.Provider>
  );
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n must be used within an I18nProvider');
  return value;
}

/** t('group.key', {name}) for the current interface language. Throws outside I18nProvider. */
export function useT(): TFunction {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useT must be used within an I18nProvider');
  return value.t;
}
