import { Info } from 'lucide-react';
import { useState } from 'react';
import { useI18n } from '../lib/i18n.tsx';
import { cn } from '../lib/utils.ts';

/** Product names, as they are written everywhere. */
const ENGINE_NAMES: Record<string, string> = { apertium: 'Apertium', deepl: 'DeepL', libretranslate: 'LibreTranslate', openai: 'OpenAI' };

/** A language code (the pivot may be one outside the 20, e.g. 'ca') named in the interface language. */
function languageName(code: string, uiLanguage: string): string {
  try {
    return new Intl.DisplayNames([uiLanguage], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export interface MadeBy {
  engine: string;
  /** The pivot language, if the translation went through one. */
  via?: string | null | undefined;
  /** false: corrected by a person (messages only). */
  machine?: boolean;
}

/** How a translation was made (issue 34 item 4), as lines: machine or corrected, which engine, the pivot. */
export function TranslationMadeLines({ engine, via, machine = true }: MadeBy) {
  const { t, language } = useI18n();
  const name = ENGINE_NAMES[engine] ?? engine;
  return (
    <>
      <span className="block" data-testid="translation-info-engine">
        {machine ? t('translationInfo.machine', { engine: name }) : t('translationInfo.corrected', { engine: name })}
      </span>
      {via && (
        <span className="block" data-testid="translation-info-via">
          {t('translationInfo.via', { language: languageName(via, language) })}
        </span>
      )}
    </>
  );
}

/**
 * A details affordance for a translation outside a message (Talk and call captions): an info button that
 * opens the same lines as a message's menu under it.
 */
export function TranslationDetails({ made, className }: { made: MadeBy; className?: string }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <span className={cn('block', className)}>
      <button
        type="button"
        onClick={() => setOpen((v) => !v)}
        aria-expanded={open}
        aria-label={t('translationInfo.title')}
        title={t('translationInfo.title')}
        className="-m-1 inline-flex size-6 items-center justify-center rounded-full opacity-70 hover:opacity-100 focus-visible:opacity-100"
        data-testid="translation-details"
      >
        <Info className="size-3.5" aria-hidden="true" />
      </button>
      {open && (
        <span className="mt-0.5 block text-[11px] leading-snug opacity-80" data-testid="translation-info">
          <TranslationMadeLines {...made} />
        </span>
      )}
    </span>
  );
}
