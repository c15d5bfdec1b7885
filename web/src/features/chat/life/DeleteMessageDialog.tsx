import { useState } from 'react';
import { LoaderCircle } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { errorMessage } from '../../../lib/errorMessages.ts';
import { useT } from '../../../lib/i18n.tsx';
import type { ViewMessage } from '../messages.ts';

/** "Delete this message for everyone?" with Cancel and Delete; the list shows the result (the socket tells the others). */
export function DeleteMessageDialog({ message, onClose, onDelete }: { message: ViewMessage | null; onClose: () => void; onDelete: (id: string) => Promise<void> }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!message) return;
    setBusy(true);
    try {
      await onDelete(message.id);
      onClose();
    } catch (error) {
      console.error('Could not delete the message', error);
      toast.error(t('chat.deleteMessageFailed'), { description: errorMessage(error, t, 'general.errorServer') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={message !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent closeLabel={t('general.close')} data-testid="delete-message-dialog">
        <DialogHeader>
          <DialogTitle>{t('chat.deleteMessageTitle')}</DialogTitle>
          <DialogDescription>{t('chat.deleteMessageDescription')}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy} data-testid="delete-message-cancel">
            {t('chat.cancel')}
          </Button>
          <Button variant="destructive" onClick={() => void confirm()} disabled={busy} data-testid="delete-message-confirm">
            {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            {t('chat.delete')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
