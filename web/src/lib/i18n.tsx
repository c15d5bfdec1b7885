import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ENGLISH_STRINGS, format, type CatalogKey, type FlatCatalog, type FormatVars, type LanguageCode } from '@parley/common';
import { loadCachedCatalog, translateCatalog, type TranslateOptions } from './uiTranslation.ts';
import { getStoredLanguage } from './userLanguage.ts';

export type TFunction = (key: CatalogKey, vars?: FormatVars) => string;

export interface I18nValue {
  /** The interface language. */
  language: LanguageCode;
  /** 'translating' while the catalog is being translated into a newly chosen language. */
  status: 'idle' | 'translating';
  t: TFunction;
  /** Switch the interface language; resolves once the strings are translated (English: at once, no call). */
  setLanguage: (language: LanguageCode) => Promise<void>;
}

const I18nContext = createContext<I18nValue | null>(null);

interface State {
  language: LanguageCode;
  strings: FlatCatalog;
  status: I18nValue['status'];
}

function initialState(language: LanguageCode): State {
  const { strings, missing } = loadCachedCatalog(language);
  return { language, strings, status: missing.length > 0 ? 'translating' : 'idle' };
}

export interface I18nProviderProps {
  children: ReactNode;
  /** Defaults to the stored userLanguage, else English. */
  initialLanguage?: LanguageCode;
  /** For tests: batch size, parallelism, transport. */
  translateOptions?: TranslateOptions;
}

export function I18nProvider({ children, initialLanguage, translateOptions }: I18nProviderProps) {
  const [state, setState] = useState<State>(() => initialState(initialLanguage ?? getStoredLanguage() ?? 'en'));
  const requestId = useRef(0);

  const setLanguage = useCallback(async (language: LanguageCode) => {
    const id = ++requestId.current;
    if (language === 'en') {
      setState({ language, strings: { ...ENGLISH_STRINGS }, status: 'idle' });
      return;
    }
    const cached = loadCachedCatalog(language);
    if (cached.missing.length === 0) {
      setState({ language, strings: cached.strings, status: 'idle' });
      return;
    }
    setState((s) => ({ ...s, status: 'translating' }));
    const strings = await translateCatalog(language, translateOptions);
    if (id === requestId.current) setState({ language, strings, status: 'idle' });
  }, [translateOptions]);

  // A reload with a stored language whose cache is incomplete (new strings): fill the gaps.
  const startLanguage = useRef(state.status === 'translating' ? state.language : undefined);
  useEffect(() => {
    const language = startLanguage.current;
    startLanguage.current = undefined;
    if (language) void setLanguage(language);
  }, [setLanguage]);

  useEffect(() => {
    document.documentElement.lang = state.language;
  }, [state.language]);

  const t = useCallback<TFunction>((key, vars) => format(state.strings[key] ?? ENGLISH_STRINGS[key] ?? key, vars), [state.strings]);

  const value = useMemo<I18nValue>(
    () => ({ language: state.language, status: state.status, t, setLanguage }),
    [state.language, state.status, t, setLanguage],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
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
