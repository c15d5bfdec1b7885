import { useState } from 'react';
import { LoaderCircle } from 'lucide-react';
import { Button } from './ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './ui/dialog.tsx';
import { useT } from '../lib/i18n.tsx';

/** "Revoke ...?" / "Delete the bot ...?": Cancel, or the action (the dialog stays while it runs). */
export function ConfirmDialog({ open, title, description, action, onClose, onConfirm, testId }: {
  open: boolean; title: string; description: string; action: string; onClose: () => void; onConfirm: () => Promise<void>; testId: string;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent closeLabel={t('general.close')} data-testid={testId}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>{t('general.cancel')}</Button>
          <Button variant="destructive" onClick={() => void confirm().catch(() => undefined)} disabled={busy} data-testid={`${testId}-confirm`}>
            {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            {action}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
