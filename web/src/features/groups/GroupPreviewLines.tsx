import { useState } from 'react';
import { Languages, Undo2 } from 'lucide-react';
import type { LanguagePreview } from '@parley/common';
import { useI18n } from '../../lib/i18n.tsx';
import { displayLanguageName, joinNames } from '../../lib/names.ts';
import { compactPreview } from './compactPreview.ts';

/**
 * A group's draft preview: one line per translation (languages that read the same share it), each with its
 * back-translation; the first three show, the rest open on demand.
 */
export function GroupPreviewLines({ languages }: { languages: LanguagePreview[] }) {
  const { t, language } = useI18n();
  const [all, setAll] = useState(false);
  const lines = languages
    .filter((l) => l.status === 'done' && l.translation)
    .map((l) => ({ language: l.targetLanguage, translation: l.translation ?? '', backTranslation: l.backTranslation }));
  const { shown, hidden } = compactPreview(lines);
  const visible = all ? [...shown, ...hidden] : shown;
  const hiddenLanguages = hidden.reduce((n, l) => n + l.languages.length, 0);
  return (
    <ul className="space-y-1" data-testid="group-preview">
      {visible.map((line) => (
        <li key={line.languages.join()} className="min-w-0" data-testid="group-preview-line" data-languages={line.languages.join(' ')}>
          <p className="flex items-start gap-1.5">
            <Languages className="mt-0.5 size-3.5 shrink-0 text-primary" aria-hidden="true" />
            <span className="min-w-0">
              <span className="text-xs font-medium text-muted-foreground">
                {t('chat.previewLabel', { language: joinNames(line.languages.map((code) => displayLanguageName(code, language)), language) })}{' '}
              </span>
              <span className="whitespace-pre-wrap break-words" lang={line.language}>{line.translation}</span>
            </span>
          </p>
          {line.backTranslation && (
            <p className="flex items-start gap-1.5 ps-5 text-xs text-muted-foreground">
              <Undo2 className="mt-0.5 size-3 shrink-0" aria-hidden="true" />
              <span className="min-w-0 whitespace-pre-wrap break-words italic">{line.backTranslation}</span>
            </p>
          )}
        </li>
      ))}
      {hidden.length > 0 && (
        <li>
          <button type="button" onClick={() => setAll((v) => !v)} className="text-xs font-medium text-primary hover:underline" data-testid="group-preview-more">
            {all ? t('chat.previewLess') : t('chat.previewMore', { n: hiddenLanguages })}
          </button>
        </li>
      )}
    </ul>
  );
}
