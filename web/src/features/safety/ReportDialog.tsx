import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { toast } from 'sonner';
import { REPORT_REASON_MAX } from '@parley/common/client';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { errorMessage } from '../../lib/errorMessages.ts';
import { useT } from '../../lib/i18n.tsx';
import { safetyApi } from './safetyApi.ts';

export interface ReportTarget {
  user: { id: string; username: string };
  /** A message of theirs, when that is what is reported. */
  messageId?: string | undefined;
}

/** Report a person or one of their messages, with a reason (stored for the operators). */
export function ReportDialog({ target, onClose }: { target: ReportTarget | null; onClose: () => void }) {
  const t = useT();
  const [reason, setReason] = useState('');
  const report = useMutation({
    mutationFn: (to: ReportTarget) => safetyApi.report({ userId: to.user.id, reason: reason.trim(), ...(to.messageId ? { messageId: to.messageId } : {}) }),
    onSuccess: () => {
      toast.success(t('safety.reported'));
      setReason('');
      onClose();
    },
    onError: (error) => toast.error(errorMessage(error, t, 'safety.failed')),
  });
  const name = target?.user.username ?? '';
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && !report.isPending && onClose()}>
      <DialogContent closeLabel={t('general.close')} data-testid="report-dialog">
        <DialogHeader>
          <DialogTitle>{target?.messageId ? t('safety.reportMessageTitle', { name }) : t('safety.reportTitle', { name })}</DialogTitle>
          <DialogDescription>{t('safety.reportDescription')}</DialogDescription>
        </DialogHeader>
        <Textarea
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={REPORT_REASON_MAX}
          placeholder={t('safety.reportPlaceholder')}
          aria-label={t('safety.reportReason')}
          data-testid="report-reason"
        />
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={report.isPending} data-testid="safety-cancel">{t('chat.cancel')}</Button>
          <Button onClick={() => target && report.mutate(target)} disabled={report.isPending || reason.trim() === ''} data-testid="report-send">
            {report.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            {t('safety.reportSend')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
