import { useEffect, useRef } from 'react';
import { AudioLines, Info } from 'lucide-react';
import { useI18n } from '../../lib/i18n.tsx';
import { cn } from '../../lib/utils.ts';
import { TranslationDetails } from '../../components/TranslationMade.tsx';
import type { CallView } from './callState.ts';
import { noticeText } from './callText.ts';
import { displayLanguageName } from '../../lib/names.ts';

/**
 * Live captions: my words as recognised (and what the partner hears), the partner's words translated with the
 * original under them, and the notices of what this server cannot hear or speak. The newest at the bottom.
 */
export function Captions({ view }: { view: CallView }) {
  const { t, language } = useI18n();
  const list = useRef<HTMLOListElement>(null);
  const name = view.partner?.username ?? '';
  const lang = (code: string | null) => (code ? displayLanguageName(code, language, true) : '');
  const last = view.items.at(-1);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [view.items.length, last, view.talking]);

  // Inside a sentence a language is named as the sentence writes it ('español' in Spanish, not 'Español').
  const notice = (code: Parameters<typeof noticeText>[0], speaker: 'self' | 'partner', named: string | null) =>
    noticeText(code, speaker, name, named ? displayLanguageName(named, language) : '', t);

  return (
    <ol ref={list} className="mx-3 flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto rounded-2xl bg-white/5 p-3" aria-live="polite" data-testid="call-captions">
      {view.items.length === 0 && !view.talking && <li className="m-auto max-w-xs text-center text-sm text-white/60">{t('calls.captionsEmpty')}</li>}
      {view.items.map((item) => {
        if (item.kind === 'notice') {
          return (
            <li key={`n-${item.id}`} className="flex gap-2 rounded-xl bg-amber-400/15 px-3 py-2 text-xs text-amber-100" data-testid="call-notice" data-code={item.code}>
              <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
              <span>{notice(item.code, item.speaker, item.language)}</span>
            </li>
          );
        }
        const mine = item.speaker === 'self';
        // The partner's words: the translation first (what I understand), the original under it. Mine: as recognised.
        const main = mine ? item.original : (item.translated ?? item.original);
        const second = mine ? item.translated : item.translated ? item.original : null;
        return (
          <li
            key={`c-${item.speaker}-${item.id}`}
            className={cn('flex max-w-[88%] flex-col gap-0.5 rounded-2xl px-3 py-2', mine ? 'self-end bg-indigo-500/40' : 'self-start bg-white/10')}
            data-testid="call-caption"
            data-speaker={item.speaker}
            data-final={item.final}
            data-language={main.language}
          >
            <span className="text-[11px] font-medium text-white/60">{mine ? t('calls.you') : name}</span>
            <span dir="auto" lang={main.language} className="text-base leading-snug" data-testid="caption-main">{main.text}</span>
            {second && (
              <span dir="auto" lang={second.language} className="text-xs leading-snug text-white/65" data-testid="caption-second">
                {lang(second.language)}: {second.text}
              </span>
            )}
            {!item.final && !item.translated && !item.notice && <span className="text-[11px] italic text-white/50">{t('calls.translating')}</span>}
            {item.notice && <span className="text-[11px] text-amber-200" data-testid="caption-notice">{notice(item.notice, item.speaker, item.original.language)}</span>}
            {item.final && item.translated?.engine && (
              <TranslationDetails made={{ engine: item.translated.engine, via: item.translated.via }} className="text-white/70" />
            )}
          </li>
        );
      })}
      {view.talking && (
        <li className="flex items-center gap-2 self-end text-xs text-white/70" data-testid="call-listening">
          <AudioLines className="size-4 animate-pulse" aria-hidden="true" />
          {t('calls.listening')}
        </li>
      )}
    </ol>
  );
}
