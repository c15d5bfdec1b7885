import { useState } from 'react';
import { Download, FileText, Languages } from 'lucide-react';
import { useOptionalAuth } from '../../../auth/index.ts';
import { useI18n } from '../../../../lib/i18n.tsx';
import { displayLanguageName } from '../../../../lib/names.ts';
import { cn } from '../../../../lib/utils.ts';
import type { ViewMessage } from '../../messages.ts';
import { mediaUrl } from '../mediaApi.ts';
import { DocumentReader } from './DocumentReader.tsx';
import { formatSize } from '../../../../lib/fileSize.ts';
import { fileTypeLabel } from './documentsApi.ts';

/**
 * A file in a message: its name, type, size and pages; "Read in {language}" for a document someone else sent (its
 * text translated into the reader's language, beside the original); Download gives the original bytes. A file still
 * waiting in the outbox shows the same card without the actions.
 */
export function FileCard({ message, mine }: { message: ViewMessage; mine: boolean }) {
  const { t, language } = useI18n();
  const profile = useOptionalAuth()?.profile;
  const [reading, setReading] = useState(false);
  const file = message.attachment;
  if (!file) return null;
  const name = file.name ?? 'file';
  const details = [fileTypeLabel(name), file.size !== undefined ? formatSize(file.size, language) : '', file.pages ? t('documents.pages', { n: file.pages }) : '']
    .filter(Boolean).join(' · ');
  const readLanguage = profile?.language || language;
  const sent = !message.local && file.id !== '';
  return (
    <div className={cn('mb-1 w-64 max-w-full rounded-xl border p-2.5', mine ? 'border-primary-foreground/25 bg-primary-foreground/10' : 'border-border bg-muted/40')} data-testid="file-card">
      <div className="flex items-start gap-2.5">
        <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg', mine ? 'bg-primary-foreground/15' : 'bg-primary/10 text-primary')}>
          <FileText className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="line-clamp-2 break-words text-sm font-medium leading-snug" dir="auto" data-testid="file-name">{name}</p>
          <p className={cn('mt-0.5 text-xs', mine ? 'text-primary-foreground/80' : 'text-muted-foreground')} data-testid="file-details">{details}</p>
        </div>
      </div>
      {sent && (
        <div className="mt-2 flex flex-wrap items-center gap-1.5">
          {file.document && !mine && (
            <button
              type="button"
              onClick={() => setReading(true)}
              className="inline-flex min-h-9 items-center gap-1.5 rounded-full bg-primary px-3 text-xs font-medium text-primary-foreground hover:bg-primary/90"
              data-testid="file-read"
            >
              <Languages className="size-3.5" aria-hidden="true" />
              {t('documents.readIn', { language: displayLanguageName(readLanguage, language) })}
            </button>
          )}
          <a
            href={mediaUrl(message.chat_room_id, file.id)}
            download={name}
            className={cn('inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 text-xs font-medium', mine ? 'hover:bg-primary-foreground/15' : 'border border-border bg-card hover:bg-muted')}
            aria-label={t('documents.downloadName', { name })}
            data-testid="file-download"
          >
            <Download className="size-3.5" aria-hidden="true" />
            {t('documents.download')}
          </a>
        </div>
      )}
      {reading && <DocumentReader roomId={message.chat_room_id} mediaId={file.id} name={name} open={reading} onOpenChange={setReading} />}
    </div>
  );
}
