import { useRef, type RefObject } from 'react';
import { FileText, ImagePlus, Paperclip } from 'lucide-react';
import { toast } from 'sonner';
import { limitInMb } from '@parley/common/client';
import { Button } from '../../../../components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../../../components/ui/dropdown-menu.tsx';
import { useT } from '../../../../lib/i18n.tsx';
import { useFileMaxBytes } from './documentsApi.ts';

/** A hidden file input: the menu item clicks it; tests set its files. */
function Picker({ accept, testId, inputRef, onPick }: { accept?: string; testId: string; inputRef: RefObject<HTMLInputElement | null>; onPick: (file: File) => void }) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept={accept}
      className="sr-only"
      tabIndex={-1}
      aria-hidden="true"
      data-testid={testId}
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file) onPick(file);
      }}
    />
  );
}

/**
 * The composer's attach button (a paperclip, as in WhatsApp and Telegram): a photo, sent at once and read by OCR, or a
 * document or any other file, which waits in the outbox with its message like text. The server decides a file's type
 * from its bytes; PDF, DOCX, ODT, TXT and Markdown are read and translated for the readers.
 */
export function AttachButton({ onPhoto, onFile }: { onPhoto: (file: File) => void; onFile: (file: File) => void }) {
  const t = useT();
  const photo = useRef<HTMLInputElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const maxBytes = useFileMaxBytes();
  // A file the server would refuse never waits in the outbox or starts an upload: said at once, with the limit.
  const pickFile = (picked: File) => {
    if (maxBytes !== undefined && picked.size > maxBytes) toast.error(t('documents.tooLargeLimit', { mb: limitInMb(maxBytes) }));
    else onFile(picked);
  };
  // After the menu has closed: a click on a file input from inside a closing menu is dropped by some browsers.
  return (
    <>
      <Picker accept="image/*" testId="photo-input" inputRef={photo} onPick={onPhoto} />
      <Picker testId="file-input" inputRef={file} onPick={pickFile} />
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button type="button" variant="ghost" size="icon" className="size-11 shrink-0 rounded-full" aria-label={t('documents.attachMenu')} title={t('documents.attachMenu')} data-testid="attach-button">
            <Paperclip aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" side="top">
          <DropdownMenuItem onSelect={() => setTimeout(() => photo.current?.click(), 0)} data-testid="attach-photo">
            <ImagePlus aria-hidden="true" /> {t('chat.mediaPhotoButton')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setTimeout(() => file.current?.click(), 0)} data-testid="attach-file">
            <FileText aria-hidden="true" /> {t('documents.attach')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}
