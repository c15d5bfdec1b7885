import { useId, useState, type FormEvent } from 'react';
import { Check, Languages, LoaderCircle } from 'lucide-react';
import { LANGUAGES, resolveLanguage } from '@parley/common/client';
import type { LanguageCode, VoiceCapabilities } from '@parley/common';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { cn } from '../../lib/utils.ts';
import type { Serves } from './useCoverage.ts';
import { displayLanguageName } from '../../lib/names.ts';

export interface LanguageStepProps {
  /** First use: the welcome title; otherwise 'Settings - Language' with Cancel. */
  firstTime: boolean;
  /** Shown in 'Welcome, {name}!'. */
  name: string;
  /** Pre-filled text (e.g. the current language's name). */
  initialValue?: string;
  /** Apply the chosen language; the step shows 'Translating...' until it resolves. */
  onContinue: (code: LanguageCode) => Promise<void>;
  onCancel?: () => void;
  /** What this server translates (/api/languages): the step says it for the chosen language. */
  serves?: Serves | undefined;
  /** What this server hears and speaks (/api/voice/capabilities): the step says it for the chosen language. */
  voice?: VoiceCapabilities | undefined;
}

/** The coverage string saying whether speech in `code` is recognised and spoken here. */
export function speechCoverageKey(code: LanguageCode, voice: VoiceCapabilities): 'coverage.speechBoth' | 'coverage.speechHeardOnly' | 'coverage.speechSpokenOnly' | 'coverage.speechNone' {
  const heard = voice.stt.languages.includes(code);
  const spoken = voice.tts.languages.includes(code);
  return heard ? (spoken ? 'coverage.speechBoth' : 'coverage.speechHeardOnly') : spoken ? 'coverage.speechSpokenOnly' : 'coverage.speechNone';
}

/** The other languages a language is translated to and from (both ways); undefined while unknown. */
export function translatedWith(code: LanguageCode, serves: Serves | undefined): number | undefined {
  if (!serves) return undefined;
  let n = 0;
  for (const other of LANGUAGES) {
    if (other.code === code) continue;
    const both = [serves(code, other.code), serves(other.code, code)];
    if (both.includes(undefined)) return undefined;
    if (both[0] && both[1]) n += 1;
  }
  return n;
}

/**
 * The chosen language as the screen names it: its own name, then its name in the interface language when that
 * differs ('Español (Spanish)' in English, 'Deutsch (alemán)' in Spanish, 'Español' alone in Spanish).
 */
export function selectedName(resolved: { code: string; nativeName: string }, uiLanguage: string): string {
  const inUi = displayLanguageName(resolved.code, uiLanguage);
  return inUi.toLocaleLowerCase(uiLanguage) === resolved.nativeName.toLocaleLowerCase(uiLanguage) ? resolved.nativeName : `${resolved.nativeName} (${inUi})`;
}

/** Language selection step (spec section 2, Main app flow 1): free text resolved to a supported language. */
export function LanguageStep({ firstTime, name, initialValue = '', onContinue, onCancel, serves, voice }: LanguageStepProps) {
  const { t, language: uiLanguage } = useI18n();
  const inputId = useId();
  const messageId = useId();
  const [text, setText] = useState(initialValue);
  const [busy, setBusy] = useState(false);
  const [unknownInput, setUnknownInput] = useState<string | null>(null);
  const resolved = resolveLanguage(text);
  const blank = text.trim() === '';
  const coverage = resolved ? translatedWith(resolved.code, serves) : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (blank || busy) return;
    if (!resolved) {
      setUnknownInput(text.trim());
      return;
    }
    setBusy(true);
    try {
      await onContinue(resolved.code);
    } finally {
      setBusy(false);
    }
  };

  const change = (value: string) => {
    setText(value);
    setUnknownInput(null);
  };

  return (
    <main className="flex min-h-full items-start justify-center px-4 py-8 sm:items-center" data-testid="language-step">
      <Card className="w-full max-w-lg animate-in-up">
        <CardHeader className="items-center text-center">
          <span className="mb-2 flex size-12 items-center justify-center rounded-2xl bg-secondary text-primary">
            <Languages className="size-6" aria-hidden="true" />
          </span>
          <CardTitle data-testid="language-step-title">
            {firstTime ? t('languageSelector.welcomeTitle', { name }) : t('languageSelector.settingsTitle')}
          </CardTitle>
          <CardDescription>{t(firstTime ? 'languageSelector.welcomeSubtitle' : 'languageSelector.settingsSubtitle')}</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
            <div className="flex flex-col gap-2">
              <Label htmlFor={inputId}>{t('languageSelector.inputLabel')}</Label>
              <Input
                id={inputId}
                value={text}
                onChange={(e) => change(e.target.value)}
                placeholder={t('languageSelector.inputPlaceholder')}
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                autoFocus
                disabled={busy}
                aria-invalid={unknownInput !== null}
                aria-describedby={messageId}
                data-testid="language-input"
              />
              <p id={messageId} className="min-h-5 text-sm" aria-live="polite">
                {unknownInput !== null ? (
                  <span className="text-destructive" data-testid="language-unknown">
                    {t('languageSelector.unknownLanguage', { input: unknownInput })}
                  </span>
                ) : resolved ? (
                  <span className="inline-flex items-center gap-1 text-accent" data-testid="language-resolved">
                    <Check className="size-4" aria-hidden="true" />
                    {t('languageSelector.selected', { language: selectedName(resolved, uiLanguage) })}
                  </span>
                ) : (
                  <span className="text-muted-foreground">{t('languageSelector.inputHint')}</span>
                )}
              </p>
              {resolved && unknownInput === null && coverage !== undefined && (
                <p className="text-sm text-muted-foreground" data-testid="language-coverage">
                  {coverage > 0
                    ? t('coverage.translated', { language: resolved.nativeName, n: coverage })
                    : t('coverage.none', { language: resolved.nativeName })}
                </p>
              )}
              {resolved && unknownInput === null && voice && (
                <p className="text-sm text-muted-foreground" data-testid="language-speech">
                  {t(speechCoverageKey(resolved.code, voice), { language: resolved.nativeName })}
                </p>
              )}
            </div>

            <div>
              <p className="mb-2 text-xs font-medium uppercase tracking-wide text-muted-foreground">
                {t('languageSelector.supportedLanguages')}
              </p>
              <ul className="flex flex-wrap gap-1.5">
                {LANGUAGES.map((language) => (
                  <li key={language.code}>
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() => change(language.name)}
                      title={language.name}
                      lang={language.code}
                      className={cn(
                        'rounded-full border px-2.5 py-1 text-xs transition-colors disabled:opacity-50',
                        resolved?.code === language.code
                          ? 'border-primary bg-primary text-primary-foreground'
                          : 'border-border bg-card hover:border-primary/50 hover:bg-secondary',
                      )}
                    >
                      {language.nativeName}
                    </button>
                  </li>
                ))}
              </ul>
            </div>

            <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
              {!firstTime && onCancel && (
                <Button variant="outline" onClick={onCancel} disabled={busy} data-testid="language-cancel">
                  {t('languageSelector.cancel')}
                </Button>
              )}
              <Button type="submit" disabled={blank || busy} className="sm:min-w-32" data-testid="language-continue">
                {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
                {busy ? t('languageSelector.translating') : t('languageSelector.continue')}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </main>
  );
}
