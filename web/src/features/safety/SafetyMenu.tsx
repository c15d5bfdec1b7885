import { useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Ban, Flag, LoaderCircle, MoreVertical } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../components/ui/dropdown-menu.tsx';
import { errorMessage } from '../../lib/errorMessages.ts';
import { useT } from '../../lib/i18n.tsx';
import { ReportDialog } from './ReportDialog.tsx';
import { BLOCKS_KEY, safetyApi } from './safetyApi.ts';

interface SafetyMenuProps {
  user: { id: string; username: string };
  /** Where it sits, for test ids: 'conversation' (header) or 'search' (a result row). */
  place: 'conversation' | 'search';
  /** Items shown before Block and Report (the conversation header's actions that do not fit on a phone). */
  extra?: ReactNode;
}

/** The "More actions" menu of a person (conversation header, search result): Block (confirmed) and Report (with a reason). */
export function SafetyMenu({ user, place, extra }: SafetyMenuProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'block' | 'report' | null>(null);
  const close = () => setDialog(null);
  const block = useMutation({
    mutationFn: () => safetyApi.block(user.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: BLOCKS_KEY });
      toast.success(t('safety.blocked', { name: user.username }));
      close();
    },
    onError: (error) => toast.error(errorMessage(error, t, 'safety.failed')),
  });

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="shrink-0" aria-label={t('safety.moreActions')} title={t('safety.moreActions')} data-testid={`${place}-safety-menu`}>
            <MoreVertical aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {extra}
          <DropdownMenuItem onSelect={() => setDialog('block')} data-testid="safety-block">
            <Ban aria-hidden="true" /> {t('safety.block')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDialog('report')} data-testid="safety-report">
            <Flag aria-hidden="true" /> {t('safety.report')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      <Dialog open={dialog === 'block'} onOpenChange={(open) => !open && !block.isPending && close()}>
        <DialogContent closeLabel={t('general.close')} data-testid="block-dialog">
          <DialogHeader>
            <DialogTitle>{t('safety.blockTitle', { name: user.username })}</DialogTitle>
            <DialogDescription>{t('phone.blockDescription')}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={close} disabled={block.isPending} data-testid="safety-cancel">{t('chat.cancel')}</Button>
            <Button variant="destructive" onClick={() => block.mutate()} disabled={block.isPending} data-testid="block-confirm">
              {block.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
              {t('safety.block')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <ReportDialog target={dialog === 'report' ? { user } : null} onClose={close} />
    </>
  );
}
