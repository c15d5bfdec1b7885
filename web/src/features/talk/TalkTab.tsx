import { useEffect, useState } from 'react';
import { ArrowLeftRight, AudioLines, Info, Loader2, MicOff, PhoneOff, Volume2 } from 'lucide-react';
import { LANGUAGES, type LanguageCode, type VoiceCapabilities } from '@parley/common';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '../../components/ui/card.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { MicButton } from '../../components/MicButton.tsx';
import { TranscriptList } from './TranscriptList.tsx';
import { DEFAULT_DEPS, useVoiceTranslator, type VoiceDeps } from './useVoiceTranslator.ts';
import { displayLanguageName } from '../../lib/names.ts';

/** Which of the two languages speech recognition understands here; undefined while unknown. */
export function heardLanguages(capabilities: VoiceCapabilities | undefined, user: string, partner: string): string[] | undefined {
  if (!capabilities) return undefined;
  const known = new Set(capabilities.stt.languages);
  return [...new Set([user, partner])].filter((code) => known.has(code));
}

/** Spanish (spec section 9), unless that is the user's own language. */
function defaultPartner(user: LanguageCode): LanguageCode {
  return user === 'es' ? 'en' : 'es';
}

/** Talk tab: the voice translator panel (spec section 2). `deps` replaces the socket and audio in tests. */
export function TalkTab({ deps }: { deps?: Partial<VoiceDeps> } = {}) {
  const { language: userLanguage, t } = useI18n();
  const [partnerLanguage, setPartnerLanguage] = useState<LanguageCode>(() => defaultPartner(userLanguage));
  const voice = useVoiceTranslator({ userLanguage, partnerLanguage, t, deps });
  const { connection, recording, speaking } = voice;
  const connected = connection === 'connected';
  const [capabilities, setCapabilities] = useState<VoiceCapabilities>();
  const loadCapabilities = deps?.loadCapabilities ?? DEFAULT_DEPS.loadCapabilities;
  useEffect(() => {
    let live = true;
    loadCapabilities().then((c) => live && setCapabilities(c), (error: unknown) => console.warn('Voice capabilities unknown', error));
    return () => {
      live = false;
    };
  }, [loadCapabilities]);
  const name = (code: string, standalone = false) => displayLanguageName(code, userLanguage, standalone);
  // Never transcribe one language as another: one microphone per language, so the speaker says which
  // language they speak, and the microphone of a language the server cannot recognise is off.
  const heard = heardLanguages(capabilities, userLanguage, partnerLanguage);
  const deaf = heard !== undefined && heard.length === 0;
  const onlyOne = heard?.length === 1 && userLanguage !== partnerLanguage ? heard[0] : undefined;
  const notice = deaf
    ? t('talk.sttNoLanguage', { user: name(userLanguage), partner: name(partnerLanguage) })
    : onlyOne
      ? t('talk.sttOneLanguage', { spoken: name(onlyOne), other: name(onlyOne === userLanguage ? partnerLanguage : userLanguage) })
      : undefined;
  const microphones: LanguageCode[] = userLanguage === partnerLanguage ? [userLanguage] : [userLanguage, partnerLanguage];

  return (
    <section className="mx-auto flex h-full w-full max-w-2xl flex-col p-3 sm:p-4" data-testid="talk-tab" data-connection={connection}>
      <Card className="flex min-h-0 flex-1 flex-col overflow-hidden">
        <header className="flex flex-col gap-3 border-b border-border p-4">
          <div className="flex items-start gap-3">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-secondary text-primary">
              <AudioLines className="size-6" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1">
              <CardTitle className="text-lg">{t('talk.title')}</CardTitle>
              <CardDescription className="text-xs sm:text-sm">{t('talk.tagline')}</CardDescription>
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1 sm:flex-row">
              {connected && (
                <Badge variant="accent" data-testid="badge-connected" className="gap-1">
                  <span className="size-1.5 rounded-full bg-white" aria-hidden="true" />
                  {t('talk.connected')}
                </Badge>
              )}
              {speaking && (
                <Badge data-testid="badge-speaking" className="gap-1">
                  <Volume2 className="size-3 animate-pulse" aria-hidden="true" />
                  {t('talk.speaking')}
                </Badge>
              )}
            </div>
          </div>
          <div className="flex items-center gap-2 text-sm">
            {/* The user's language takes the room it needs; the partner's select gets the rest (long names). */}
            <div className="flex min-w-0 max-w-[45%] flex-col rounded-lg bg-muted px-3 py-1.5 sm:max-w-none sm:flex-1">
              <span className="text-[11px] text-muted-foreground">{t('talk.you')}</span>
              <span className="truncate font-medium" data-testid="talk-user-language">{name(userLanguage, true)}</span>
            </div>
            <ArrowLeftRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <label className="flex min-w-0 flex-1 flex-col rounded-lg bg-muted px-3 py-1.5 focus-within:ring-2 focus-within:ring-ring">
              <span className="text-[11px] text-muted-foreground">{t('talk.partner')}</span>
              <select
                value={partnerLanguage}
                onChange={(e) => setPartnerLanguage(e.target.value as LanguageCode)}
                className="-ms-1 w-full min-w-0 cursor-pointer truncate bg-transparent font-medium outline-none"
                aria-label={t('talk.partnerLanguage')}
                data-testid="talk-partner-language"
              >
                {LANGUAGES.map((l) => (
                  <option key={l.code} value={l.code}>
                    {name(l.code, true)}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </header>

        {notice && (
          <p className="flex items-start gap-2 border-b border-border bg-secondary/60 px-4 py-2.5 text-sm" role="note" data-testid="talk-stt-notice">
            {deaf ? <MicOff className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" /> : <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />}
            <span>{notice}</span>
          </p>
        )}

        <TranscriptList entries={voice.entries} />

        <footer className="flex flex-col items-center gap-2 border-t border-border p-4">
          {connected ? (
            <>
              <div className="flex w-full items-start justify-center gap-8">
                {microphones.map((code) => (
                  <div key={code} className="flex min-w-0 flex-col items-center gap-1">
                    <MicButton
                      label={t('talk.holdToSpeakLanguage', { language: name(code) })}
                      language={code}
                      recording={recording === code}
                      disabled={heard !== undefined && !heard.includes(code)}
                      onStart={() => void voice.startRecording(code)}
                      onStop={voice.stopRecording}
                    />
                    <span className="max-w-28 text-center text-sm font-medium" data-testid="mic-language">{name(code, true)}</span>
                  </div>
                ))}
              </div>
              <div className="flex w-full items-center justify-between gap-3">
                <p className="min-w-0 text-sm text-muted-foreground" data-testid="talk-hint" aria-live="polite">
                  {recording ? t('talk.releaseToStop') : t('talk.holdToSpeak')}
                </p>
                <Button variant="outline" size="sm" className="shrink-0" onClick={voice.disconnect} data-testid="talk-disconnect">
                  <PhoneOff aria-hidden="true" />
                  {t('talk.disconnect')}
                </Button>
              </div>
            </>
          ) : (
            <Button
              size="lg"
              className="h-14 w-full max-w-sm rounded-xl bg-gradient-to-r from-primary to-accent text-base"
              disabled={connection === 'connecting' || deaf}
              onClick={() => void voice.connect()}
              data-testid="talk-start"
            >
              {connection === 'connecting' ? <Loader2 className="animate-spin" aria-hidden="true" /> : <AudioLines aria-hidden="true" />}
              {connection === 'connecting' ? t('talk.connecting') : t('talk.start')}
            </Button>
          )}
        </footer>
      </Card>
    </section>
  );
}
