import { useRef } from 'react';
import { Paperclip } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import { useT } from '../../../../lib/i18n.tsx';

/**
 * Send a document or any other file: it goes through the outbox with its message (offline it waits on the device).
 * The server decides its type from its bytes; PDF, DOCX, ODT, TXT and Markdown are read and translated for the readers.
 */
export function FileButton({ onFile }: { onFile: (file: File) => void }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <Button type="button" variant="ghost" size="icon" className="size-11 shrink-0 rounded-full" aria-label={t('documents.attach')} title={t('documents.attach')} onClick={() => input.current?.click()} data-testid="file-button">
        <Paperclip aria-hidden="true" />
      </Button>
    </>
  );
}
