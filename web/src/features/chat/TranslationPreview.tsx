import { Eye, EyeOff, Languages, Undo2 } from 'lucide-react';
import { useI18n } from '../../lib/i18n.tsx';
import { cn } from '../../lib/utils.ts';
import { useConversationSlots } from './slots.tsx';
import { usePreviewVisible, useTranslationPreview } from './useTranslationPreview.ts';
import { displayLanguageName } from '../../lib/names.ts';

/**
 * Under the composer: how the partner will read the draft (their language, the sender's tone) and
 * that text back in the sender's language, so a misleading translation is caught before sending.
 * One tap hides it; the choice is remembered.
 */
export function TranslationPreview({ roomId, draft }: { roomId: string; draft: string }) {
  const { t, language } = useI18n();
  const [visible, setVisible] = usePreviewVisible();
  const preview = useTranslationPreview(roomId, draft, visible);
  const { GroupPreviewLines } = useConversationSlots();
  if (!draft) return null;

  if (!visible) {
    return (
      <div className="mx-auto mt-1 flex max-w-3xl justify-end">
        <button
          type="button"
          onClick={() => setVisible(true)}
          className="inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-xs text-muted-foreground hover:text-foreground"
          data-testid="preview-show"
        >
          <Eye className="size-3.5" aria-hidden="true" />
          {t('chat.previewShow')}
        </button>
      </div>
    );
  }

  const data = preview.data;
  if (data?.status === 'not_needed' && preview.current) return null;
  return (
    <div
      className={cn('mx-auto mt-1.5 flex max-w-3xl items-start gap-2 rounded-xl border border-border bg-muted/50 px-3 py-2 text-sm', !preview.current && 'opacity-70')}
      data-testid="translation-preview"
      data-current={preview.current}
      aria-live="polite"
    >
      <div className="min-w-0 flex-1 space-y-1">
        {data?.languages && data.languages.length > 1 ? (
          <GroupPreviewLines languages={data.languages} />
        ) : data?.status === 'done' && data.translation ? (
          <>
            <p className="flex items-start gap-1.5">
              <Languages className="mt-0.5 size-3.5 shrink-0 text-primary" aria-hidden="true" />
              <span className="min-w-0">
                <span className="text-xs font-medium text-muted-foreground">
                  {t('chat.previewLabel', { language: displayLanguageName(data.targetLanguage, language) })}{' '}
                </span>
                <span className="whitespace-pre-wrap break-words" lang={data.targetLanguage} data-testid="preview-translation">{data.translation}</span>
              </span>
            </p>
            {data.backTranslation && (
              <p className="flex items-start gap-1.5 text-muted-foreground">
                <Undo2 className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
                <span className="min-w-0">
                  <span className="text-xs font-medium">{t('chat.previewBack')} </span>
                  <span className="whitespace-pre-wrap break-words italic" data-testid="preview-back">{data.backTranslation}</span>
                </span>
              </p>
            )}
          </>
        ) : data?.status === 'failed' || (preview.error && preview.current) ? (
          <p className="text-xs text-muted-foreground" data-testid="preview-failed">{t('chat.previewFailed')}</p>
        ) : (
          <p className="text-xs text-muted-foreground" data-testid="preview-loading">{t('chat.previewLoading')}</p>
        )}
      </div>
      <button
        type="button"
        onClick={() => setVisible(false)}
        className="shrink-0 rounded-md p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
        aria-label={t('chat.previewHide')}
        title={t('chat.previewHide')}
        data-testid="preview-hide"
      >
        <EyeOff className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
