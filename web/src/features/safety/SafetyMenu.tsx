import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Ban, Flag, LoaderCircle, MoreVertical } from 'lucide-react';
import { toast } from 'sonner';
import { REPORT_REASON_MAX } from '@parley/common/client';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../components/ui/dropdown-menu.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { errorMessage } from '../../lib/errorMessages.ts';
import { useT } from '../../lib/i18n.tsx';
import { BLOCKS_KEY, safetyApi } from './safetyApi.ts';

interface SafetyMenuProps {
  user: { id: string; username: string };
  /** Where it sits, for test ids: 'conversation' (header) or 'search' (a result row). */
  place: 'conversation' | 'search';
}

/** The "More actions" menu of a person (conversation header, search result): Block (confirmed) and Report (with a reason). */
export function SafetyMenu({ user, place }: SafetyMenuProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'block' | 'report' | null>(null);
  const [reason, setReason] = useState('');
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
  const report = useMutation({
    mutationFn: () => safetyApi.report({ userId: user.id, reason: reason.trim() }),
    onSuccess: () => {
      toast.success(t('safety.reported'));
      setReason('');
      close();
    },
    onError: (error) => toast.error(errorMessage(error, t, 'safety.failed')),
  });
  const pending = block.isPending || report.isPending;

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="shrink-0" aria-label={t('safety.moreActions')} title={t('safety.moreActions')} data-testid={`${place}-safety-menu`}>
            <MoreVertical aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => setDialog('block')} data-testid="safety-block">
            <Ban aria-hidden="true" /> {t('safety.block')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDialog('report')} data-testid="safety-report">
            <Flag aria-hidden="true" /> {t('safety.report')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      <Dialog open={dialog !== null} onOpenChange={(open) => !open && !pending && close()}>
        <DialogContent closeLabel={t('general.close')} data-testid={dialog === 'block' ? 'block-dialog' : 'report-dialog'}>
          <DialogHeader>
            <DialogTitle>{dialog === 'block' ? t('safety.blockTitle', { name: user.username }) : t('safety.reportTitle', { name: user.username })}</DialogTitle>
            <DialogDescription>{dialog === 'block' ? t('safety.blockDescription') : t('safety.reportDescription')}</DialogDescription>
          </DialogHeader>
          {dialog === 'report' && (
            <Textarea
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              maxLength={REPORT_REASON_MAX}
              placeholder={t('safety.reportPlaceholder')}
              aria-label={t('safety.reportReason')}
              data-testid="report-reason"
            />
          )}
          <DialogFooter>
            <Button variant="outline" onClick={close} disabled={pending} data-testid="safety-cancel">{t('chat.cancel')}</Button>
            {dialog === 'block' ? (
              <Button variant="destructive" onClick={() => block.mutate()} disabled={pending} data-testid="block-confirm">
                {block.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
                {t('safety.block')}
              </Button>
            ) : (
              <Button onClick={() => report.mutate()} disabled={pending || reason.trim() === ''} data-testid="report-send">
                {report.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
                {t('safety.reportSend')}
              </Button>
            )}
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
