import { Info } from 'lucide-react';
import { DropdownMenuLabel, DropdownMenuSeparator } from '../../components/ui/dropdown-menu.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import type { ViewMessage } from './messages.ts';

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

/**
 * In a message's menu: how the translation the reader sees was made (issue 34 item 4): by a machine
 * and which engine, the pivot language if it went through one, or corrected by a person.
 */
export function TranslationInfo({ message }: { message: ViewMessage }) {
  const { t, language } = useI18n();
  const detail = message.translation_detail;
  if (!detail) return null;
  const engine = ENGINE_NAMES[detail.engine] ?? detail.engine;
  return (
    <>
      <DropdownMenuSeparator />
      <DropdownMenuLabel className="max-w-64 text-xs text-muted-foreground" data-testid="translation-info">
        <span className="mb-0.5 flex items-center gap-1.5 font-medium text-foreground">
          <Info className="size-3.5" aria-hidden="true" />
          {t('translationInfo.title')}
        </span>
        <span className="block" data-testid="translation-info-engine">
          {detail.machine ? t('translationInfo.machine', { engine }) : t('translationInfo.corrected', { engine })}
        </span>
        {detail.via && (
          <span className="block" data-testid="translation-info-via">
            {t('translationInfo.via', { language: languageName(detail.via, language) })}
          </span>
        )}
      </DropdownMenuLabel>
    </>
  );
}
