import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { useT } from '../../lib/i18n.tsx';
import { IntegrationsSection } from '../integrations/index.ts';

/** A one-to-one conversation's webhooks (either person manages them), in a dialog of its own. */
export function IntegrationsDialog({ roomId, open, onOpenChange }: { roomId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('general.close')} className="top-[5%] max-h-[90dvh] translate-y-0 grid-cols-[minmax(0,1fr)] overflow-y-auto sm:max-w-lg" data-testid="integrations-dialog">
        <DialogHeader>
          <DialogTitle>{t('integrations.section')}</DialogTitle>
        </DialogHeader>
        {open && <IntegrationsSection roomId={roomId} heading={false} />}
      </DialogContent>
    </Dialog>
  );
}
