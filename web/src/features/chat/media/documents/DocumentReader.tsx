import { useQuery } from '@tanstack/react-query';
import { Download, Loader2 } from 'lucide-react';
import type { DocumentProblem, DocumentTextResponse } from '@parley/common';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../../components/ui/dialog.tsx';
import { useI18n } from '../../../../lib/i18n.tsx';
import { displayLanguageName } from '../../../../lib/names.ts';
import { mediaUrl } from '../mediaApi.ts';
import { fetchDocumentText } from './documentsApi.ts';

const PROBLEM_KEYS = {
  encrypted: 'documents.encrypted',
  corrupt: 'documents.corrupt',
  no_text: 'documents.noText',
  failed: 'documents.failed',
} as const satisfies Record<DocumentProblem, string>;

/** Still working: the text is being read, or the reader's translation is being made. */
const working = (d: DocumentTextResponse | undefined) => !d || d.status === 'reading' || d.translation?.status === 'pending';

/**
 * The reader: the document's text translated into the reader's language beside the original, paragraph by paragraph
 * (two columns on a wide screen; on a phone each translated paragraph with its original under it). While the server
 * reads or translates it polls, showing "Translating… 3/10"; a file that cannot be read says why and offers the download.
 */
export function DocumentReader({ roomId, mediaId, name, open, onOpenChange }: { roomId: string; mediaId: string; name: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, language } = useI18n();
  const query = useQuery({
    queryKey: ['document-text', roomId, mediaId],
    queryFn: ({ signal }) => fetchDocumentText(roomId, mediaId, signal),
    enabled: open,
    refetchInterval: (q) => (working(q.state.data) && !q.state.error ? 1000 : false),
  });
  const doc = query.data;
  const translation = doc?.translation;
  const translated = translation && translation.status !== 'not_needed' ? translation : null;
  const languageName = translated ? displayLanguageName(translated.language, language, true) : '';
  const originalName = doc?.sourceLanguage ? `${t('talk.original')} (${displayLanguageName(doc.sourceLanguage, language, true)})` : t('talk.original');

  let status: string | null = null;
  if (query.isError) status = t('documents.failed');
  else if (!doc || doc.status === 'reading') status = t('documents.reading');
  else if (doc.status === 'unreadable') status = t(PROBLEM_KEYS[doc.problem ?? 'failed']);
  else if (translated?.status === 'pending') status = t('documents.translating', { done: translated.done, total: translated.total });
  else if (translated?.status === 'failed') status = t('documents.translationFailed');
  else if (translation?.status === 'not_needed') status = t('documents.sameLanguage');

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('general.close')} className="max-h-[calc(100dvh-1rem)] w-[calc(100vw-1rem)] max-w-4xl gap-3 p-4 sm:p-6" data-testid="document-reader">
        <DialogHeader>
          <DialogTitle className="break-words text-base sm:text-lg" dir="auto">{name}</DialogTitle>
          <DialogDescription className="flex flex-wrap items-center gap-x-3 gap-y-1">
            {doc?.pages ? <span>{t('documents.pages', { n: doc.pages })}</span> : null}
            <a href={mediaUrl(roomId, mediaId)} download={name} className="inline-flex items-center gap-1 font-medium text-primary hover:underline" data-testid="reader-download">
              <Download className="size-3.5" aria-hidden="true" />
              {t('documents.download')}
            </a>
          </DialogDescription>
        </DialogHeader>
        {status && (
          <div className="rounded-lg bg-muted px-3 py-2 text-sm" role="status" data-testid="reader-status" data-state={doc?.status ?? 'loading'}>
            <p className="flex items-center gap-2">
              {working(doc) && !query.isError && <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden="true" />}
              {status}
            </p>
            {translated?.status === 'pending' && translated.total > 0 && (
              <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-background" aria-hidden="true">
                <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${Math.round((translated.done / translated.total) * 100)}%` }} />
              </div>
            )}
          </div>
        )}
        {doc?.truncated && <p className="text-xs text-muted-foreground" data-testid="reader-truncated">{t('documents.truncated')}</p>}
        {doc?.status === 'ready' && (
          <div className="grid gap-x-6 gap-y-3 sm:grid-cols-2" data-testid="reader-text">
            {translated && <p className="hidden text-xs font-semibold uppercase tracking-wide text-muted-foreground sm:block">{languageName}</p>}
            <p className={translated ? 'hidden text-xs font-semibold uppercase tracking-wide text-muted-foreground sm:block' : 'text-xs font-semibold uppercase tracking-wide text-muted-foreground'}>{originalName}</p>
            {doc.original.map((paragraph, i) => (
              translated ? (
                <Pair key={i} translation={translated.paragraphs[i]} original={paragraph} />
              ) : (
                <p key={i} className="whitespace-pre-line text-sm leading-relaxed sm:col-span-2" dir="auto" data-testid="reader-original">{paragraph}</p>
              )
            ))}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** One paragraph: the translation (or a placeholder while it is made) and its original, side by side or stacked. */
function Pair({ translation, original }: { translation: string | undefined; original: string }) {
  return (
    <>
      {translation !== undefined ? (
        <p className="whitespace-pre-line text-sm leading-relaxed" dir="auto" data-testid="reader-translation">{translation}</p>
      ) : (
        <div className="h-4 animate-pulse rounded bg-muted" aria-hidden="true" />
      )}
      <p className="-mt-2 whitespace-pre-line border-s-2 border-border ps-2 text-xs leading-relaxed text-muted-foreground sm:mt-0 sm:border-0 sm:ps-0 sm:text-sm" dir="auto" data-testid="reader-original">{original}</p>
    </>
  );
}
