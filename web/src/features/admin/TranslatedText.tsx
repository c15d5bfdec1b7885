import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { TRANSLATION_API, type TranslateTextResponse } from '@parley/common';
import { api } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { cn } from '../../lib/utils.ts';

/**
 * A report's words for the operator (issue 38): translated into the console's language by the server's engines
 * (POST /api/translate), with the original one tap away; the original alone when it is already in that language
 * or nothing could translate it.
 */
export function TranslatedText({ text, className, testId }: { text: string; className?: string; testId?: string }) {
  const { t, language } = useI18n();
  const [original, setOriginal] = useState(false);
  const translated = useQuery({
    queryKey: ['admin', 'translate', language, text],
    queryFn: () => api.post<TranslateTextResponse>(TRANSLATION_API.translate, { text, targetLanguage: language, sourceLanguage: 'auto-detect' }),
    staleTime: Infinity,
    retry: false,
  });
  const shown = translated.data?.kind === 'translated' && translated.data.translatedText.trim() !== text.trim() ? translated.data.translatedText : null;
  if (!shown) return <p className={cn('whitespace-pre-wrap break-words', className)} dir="auto" data-testid={testId}>{text}</p>;
  return (
    <div className={className} data-testid={testId} data-translated="true">
      <p className="whitespace-pre-wrap break-words" dir="auto" data-testid={testId && `${testId}-translation`}>{shown}</p>
      {original ? (
        <p className="mt-1 whitespace-pre-wrap break-words border-s-2 border-border ps-2 text-muted-foreground" dir="auto" data-testid={testId && `${testId}-original`}>
          <span className="me-1 text-[11px] font-semibold uppercase">{t('moderation.reportOriginal')}</span>
          {text}
        </p>
      ) : (
        <button type="button" className="mt-0.5 text-xs text-primary underline-offset-2 hover:underline" onClick={() => setOriginal(true)}>
          {t('moderation.reportShowOriginal')}
        </button>
      )}
    </div>
  );
}
