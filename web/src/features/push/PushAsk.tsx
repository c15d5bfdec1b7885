import { useState } from 'react';
import { BellRing, X } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useConversationList } from '../chat/index.ts';
import { askDismissed, dismissAsk, enablePush, pushSupported } from './device.ts';

/**
 * "Get notified when someone writes": a small banner above the conversation list once there is a
 * conversation (never on a first visit), until notifications are allowed, refused, or "Not now".
 */
export function PushAsk() {
  const t = useT();
  const list = useConversationList();
  const [hidden, setHidden] = useState(() => !pushSupported() || Notification.permission !== 'default' || askDismissed());
  const [busy, setBusy] = useState(false);
  if (hidden || !list.data?.length) return null;
  const enable = async () => {
    setBusy(true);
    try {
      if (!(await enablePush()) && Notification.permission === 'denied') toast(t('phone.notificationsBlocked'));
    } catch {
      toast.error(t('phone.notificationsFailed'));
    } finally {
      setBusy(false);
      setHidden(true);
    }
  };
  return (
    <div className="mx-auto mt-3 flex w-full max-w-3xl items-start gap-3 rounded-lg border border-border bg-card px-3 py-3 shadow-sm" role="region" aria-label={t('push.askTitle')} data-testid="push-ask">
      <BellRing className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{t('push.askTitle')}</p>
        <p className="text-sm text-muted-foreground">{t('push.askBody')}</p>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button size="sm" onClick={() => void enable()} disabled={busy} data-testid="push-ask-enable">{t('push.askEnable')}</Button>
          <Button size="sm" variant="ghost" onClick={() => (dismissAsk(), setHidden(true))} data-testid="push-ask-dismiss">{t('push.askDismiss')}</Button>
        </div>
      </div>
      <Button variant="ghost" size="icon" className="-me-1 -mt-1 size-8 shrink-0" onClick={() => (dismissAsk(), setHidden(true))} aria-label={t('push.askDismiss')}>
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}
