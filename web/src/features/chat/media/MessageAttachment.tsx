import { useState } from 'react';
import { Mic, RotateCw, X } from 'lucide-react';
import type { AttachmentNote } from '@parley/common';
import { Dialog, DialogContent, DialogTitle } from '../../../components/ui/dialog.tsx';
import { useI18n } from '../../../lib/i18n.tsx';
import { cn } from '../../../lib/utils.ts';
import type { ViewMessage } from '../messages.ts';
import { mediaUrl } from './mediaApi.ts';
import { useMediaUploadActions } from './useMediaUploads.ts';
import { FileCard } from './documents/FileCard.tsx';
import { displayLanguageName } from '../../../lib/names.ts';

const NOTE_KEYS = {
  no_text: 'chat.mediaNoteNoText',
  ocr_failed: 'chat.mediaNoteOcrFailed',
  speech_unsupported_language: 'chat.mediaNoteUnsupported',
  no_speech: 'chat.mediaNoteNoSpeech',
  stt_failed: 'chat.mediaNoteSttFailed',
} as const satisfies Record<AttachmentNote, string>;

/** The photo (tap: full size) or the original recording of a message, and the honest note when it has no text. */
export function MessageAttachment({ message, mine }: { message: ViewMessage; mine: boolean }) {
  const { t, language } = useI18n();
  const [open, setOpen] = useState(false);
  const attachment = message.attachment;
  if (!attachment) return null;
  if (attachment.kind === 'file') return <FileCard message={message} mine={mine} />;
  const src = message.upload?.url ?? mediaUrl(message.chat_room_id, attachment.id);
  const note = attachment.note ? NOTE_KEYS[attachment.note] : null;
  return (
    <div className="mb-1.5" data-testid="message-attachment" data-kind={attachment.kind}>
      {attachment.kind === 'photo' ? (
        <>
          <button type="button" onClick={() => setOpen(true)} className="block overflow-hidden rounded-xl" aria-label={t('chat.mediaOpenPhoto')} data-testid="message-photo">
            <img
              src={src}
              alt={t('chat.mediaPhoto')}
              className="block h-auto max-w-full bg-black/5 object-contain"
              style={photoBox(attachment.width, attachment.height)}
              loading="lazy"
            />
          </button>
          <Dialog open={open} onOpenChange={setOpen}>
            <DialogContent closeLabel={t('general.close')} className="max-w-[min(96vw,64rem)] p-2 sm:p-3" data-testid="photo-dialog">
              <DialogTitle className="sr-only">{t('chat.mediaPhoto')}</DialogTitle>
              <img src={src} alt={t('chat.mediaPhoto')} className="max-h-[85dvh] w-full rounded-lg object-contain" />
            </DialogContent>
          </Dialog>
        </>
      ) : (
        <div className="flex items-center gap-2">
          <Mic className="size-4 shrink-0 opacity-80" aria-hidden="true" />
          <audio
            src={src}
            controls
            preload="metadata"
            className="h-10 w-56 max-w-full sm:w-64"
            aria-label={t('chat.mediaOriginalRecording')}
            data-testid="message-audio"
          />
        </div>
      )}
      {note && (
        <p className={cn('mt-1 text-xs italic', mine ? 'text-primary-foreground/85' : 'text-muted-foreground')} data-testid="attachment-note" data-note={attachment.note}>
          {t(note, { language: displayLanguageName(message.original_language ?? language, language) })}
        </p>
      )}
      {message.upload && <UploadState clientId={message.client_id} failed={message.upload.failed} />}
    </div>
  );
}

/** At most 18rem high and the bubble's width, its space kept before it loads (no jump of the list). */
function photoBox(width: number | undefined, height: number | undefined) {
  if (!width || !height) return { maxHeight: '18rem' };
  return { aspectRatio: `${width} / ${height}`, width: `min(100%, ${Math.round((288 * width) / height)}px)` };
}

function UploadState({ clientId, failed }: { clientId: string; failed: boolean }) {
  const { t } = useI18n();
  const actions = useMediaUploadActions();
  if (!failed) return <p className="mt-1 text-xs opacity-80" data-testid="upload-sending">{t('chat.sending')}</p>;
  return (
    <div className="mt-1 flex items-center gap-2 text-xs" data-testid="upload-failed">
      <span className="font-medium">{t('chat.mediaNotSent')}</span>
      <button type="button" className="inline-flex items-center gap-1 rounded-full px-2 py-0.5 hover:bg-black/10" onClick={() => actions?.retry(clientId)}>
        <RotateCw className="size-3" aria-hidden="true" />
        {t('chat.mediaRetry')}
      </button>
      <button type="button" className="inline-flex items-center gap-1 rounded-full px-2 py-0.5 hover:bg-black/10" onClick={() => actions?.discard(clientId)}>
        <X className="size-3" aria-hidden="true" />
        {t('chat.mediaDiscard')}
      </button>
    </div>
  );
}
