import { useEffect, useRef } from 'react';
import { MessagesSquare } from 'lucide-react';
import { resolveLanguage, textSpeechUrl } from '@parley/common';
import { useI18n } from '../../lib/i18n.tsx';
import { cn } from '../../lib/utils.ts';
import { SpeakButton } from '../speech/index.ts';
import { TranslationDetails } from '../../components/TranslationMade.tsx';
import type { TranscriptEntry } from './transcript.ts';
import { displayLanguageName } from '../../lib/names.ts';

/** The language's name in the interface language ('inglés' for a Spanish reader). */
function displayLanguage(language: string, locale: string): string {
  return displayLanguageName(resolveLanguage(language)?.code ?? language, locale, true);
}

/** Originals on the left, translations on the right, each labelled with its kind and language. */
export function TranscriptList({ entries }: { entries: TranscriptEntry[] }) {
  const { t, language: locale } = useI18n();
  const scroller = useRef<HTMLDivElement>(null);
  const last = entries.at(-1);

  // Follow the conversation: keep the newest entry (and its growing text) in view.
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [entries.length, last?.text]);

  if (entries.length === 0) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-2 px-6 py-8 text-center" data-testid="talk-empty">
        <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
          <MessagesSquare className="size-7" aria-hidden="true" />
        </span>
        <h3 className="text-base font-semibold">{t('talk.readyToTranslate')}</h3>
        <p className="max-w-xs text-sm text-muted-foreground">{t('talk.readyDescription')}</p>
      </div>
    );
  }

  return (
    <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-3" data-testid="transcript">
      <ol className="flex flex-col gap-2" aria-live="polite">
        {entries.map((entry) => (
          <li
            key={entry.id}
            className={cn('flex animate-in-up', entry.isTranslation ? 'justify-end' : 'justify-start')}
            data-testid="transcript-entry"
            data-kind={entry.isTranslation ? 'translation' : 'original'}
          >
            <div
              className={cn(
                'max-w-[85%] rounded-2xl px-3.5 py-2 shadow-sm',
                entry.isTranslation ? 'rounded-ee-md bg-primary text-primary-foreground' : 'rounded-es-md bg-muted text-foreground',
              )}
            >
              <p className={cn('flex items-center gap-1 text-[11px] font-medium tracking-wide', entry.isTranslation ? 'text-primary-foreground/80' : 'text-muted-foreground')}>
                <span className="flex-1">{t(entry.isTranslation ? 'talk.translation' : 'talk.original')} · {displayLanguage(entry.language, locale)}</span>
                {resolveLanguage(entry.language) && entry.text.trim() && (
                  <SpeakButton url={textSpeechUrl(entry.text, resolveLanguage(entry.language)!.code)} testId="transcript-speak" className="-my-1 -mr-2 size-6" />
                )}
              </p>
              <p dir="auto" lang={resolveLanguage(entry.language)?.code} className="whitespace-pre-wrap break-words text-start text-sm leading-relaxed" data-testid="transcript-text">
                {entry.text}
              </p>
              {entry.made && <TranslationDetails made={entry.made} className="text-primary-foreground/80" />}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
