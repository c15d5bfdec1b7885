import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { useT } from '../../lib/i18n.tsx';
import { disablePush, enablePush, pushSupported } from './device.ts';
import { PUSH_SETTINGS_KEY, pushApi } from './pushApi.ts';

/** Profile -> Notifications: on/off on this device, and "hide message text" for every device. */
export function NotificationsSection() {
  const t = useT();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: PUSH_SETTINGS_KEY, queryFn: ({ signal }) => pushApi.settings(signal) });
  const [busy, setBusy] = useState(false);
  const supported = pushSupported();
  const denied = supported && Notification.permission === 'denied';
  const refresh = () => queryClient.invalidateQueries({ queryKey: PUSH_SETTINGS_KEY });
  const toggleDevice = async (on: boolean) => {
    setBusy(true);
    try {
      if (on && !(await enablePush())) toast(Notification.permission === 'denied' ? t('phone.notificationsBlocked') : t('phone.notificationsFailed'));
      if (!on) await disablePush();
    } catch {
      toast.error(t('phone.notificationsFailed'));
    } finally {
      setBusy(false);
      void refresh();
    }
  };
  const hideText = useMutation({
    mutationFn: (hide: boolean) => pushApi.setHideText(hide),
    onSuccess: (answer) => queryClient.setQueryData(PUSH_SETTINGS_KEY, answer),
    onError: () => toast.error(t('safety.failed')),
  });
  return (
    <Card data-testid="notifications-section">
      <CardContent className="flex flex-col gap-4 pt-6">
        <h2 className="font-semibold">{t('push.sectionTitle')}</h2>
        {!supported && <p className="text-sm text-muted-foreground">{t('push.unsupported')}</p>}
        {denied && <p className="text-sm text-muted-foreground" data-testid="push-blocked">{t('phone.notificationsBlocked')}</p>}
        <label className="flex min-h-11 items-center justify-between gap-3">
          <span>{t('push.thisDevice')}</span>
          <input
            type="checkbox" role="switch" className="size-5 shrink-0 accent-primary"
            checked={!!settings.data?.subscribed} disabled={!supported || denied || busy || !settings.data}
            onChange={(e) => void toggleDevice(e.target.checked)} data-testid="push-device-toggle"
          />
        </label>
        <label className="flex min-h-11 items-center justify-between gap-3">
          <span className="flex flex-col">
            <span>{t('push.hideText')}</span>
            <span className="text-sm text-muted-foreground">{t('push.hideTextHint')}</span>
          </span>
          <input
            type="checkbox" role="switch" className="size-5 shrink-0 accent-primary"
            checked={hideText.isPending ? hideText.variables : !!settings.data?.hideText} disabled={!settings.data || hideText.isPending}
            onChange={(e) => hideText.mutate(e.target.checked)} data-testid="push-hide-text"
          />
        </label>
      </CardContent>
    </Card>
  );
}
