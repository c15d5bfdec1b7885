import { useState } from 'react';
import { AlertCircle, Info, RotateCw } from 'lucide-react';
import { toast } from 'sonner';
import type { ChatMessage } from '@parley/common';
import { useI18n } from '../../lib/i18n.tsx';
import { cn } from '../../lib/utils.ts';
import { useCoverage } from '../language/index.ts';
import { chatApi } from './chatApi.ts';
import { displayLanguageName } from '../../lib/names.ts';

/**
 * Why a message arrived untranslated, in the reader's language: the server cannot translate the
 * pair (from /api/languages); the engine answered with the text unchanged (it knows none of these
 * words: not a failure, and a retry would answer the same); or the engine failed, with Retry (the
 * translation runs again).
 */
export function TranslationFailure({ message, mine }: { message: ChatMessage; mine: boolean }) {
  const { t, language } = useI18n();
  const serves = useCoverage();
  const [busy, setBusy] = useState(false);
  const from = message.original_language;
  const to = message.target_language;
  const unsupported = from && to && serves(from, to) === false;
  const unchanged = !unsupported && message.translation_error === 'unchanged';
  const reason = unsupported
    ? t('chat.failedUnsupported', { from: displayLanguageName(from, language), to: displayLanguageName(to, language) })
    : unchanged
      ? t('chat.failedUnchanged')
      : t('chat.failedEngine');
  const Icon = unchanged ? Info : AlertCircle;

  const retry = async () => {
    setBusy(true);
    try {
      await chatApi.retryTranslation(message.chat_room_id, message.id);
    } catch (error) {
      console.warn('Retry of the translation failed', error);
      toast.error(t('chat.error'), { description: t('chat.retryFailed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className="flex flex-wrap items-center justify-end gap-x-2 gap-y-0.5 text-start" data-testid="message-translation-failed" data-reason={unchanged ? 'unchanged' : undefined}>
      <span className="inline-flex items-center gap-1">
        <Icon className="size-3 shrink-0" aria-hidden="true" />
        <span data-testid="message-translation-failed-reason">{reason}</span>
      </span>
      {!unsupported && !unchanged && (
        <button
          type="button"
          onClick={() => void retry()}
          disabled={busy}
          className={cn('inline-flex items-center gap-1 rounded-full px-1.5 py-0.5 font-medium underline-offset-2 hover:underline disabled:opacity-60', mine ? 'text-white' : 'text-primary')}
          data-testid="message-translation-retry"
        >
          <RotateCw className={cn('size-3', busy && 'animate-spin')} aria-hidden="true" />
          {t('chat.retryTranslation')}
        </button>
      )}
    </span>
  );
}
