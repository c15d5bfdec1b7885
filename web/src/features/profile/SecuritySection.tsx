import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { LoaderCircle } from 'lucide-react';
import { API, type DeviceSession } from '@parley/common';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { api, isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errorMessages.ts';
import { useT, type TFunction } from '../../lib/i18n.tsx';

const DEVICES_KEY = ['account', 'sessions'] as const;

function deviceLabel(d: DeviceSession, t: TFunction): string {
  if (d.browser && d.os) return t('general.deviceName', { browser: d.browser, os: d.os });
  return d.browser ?? d.os ?? t('general.unknownDevice');
}

/** Profile -> Security: change password (other sessions end), signed-in devices, sign out one or all others. */
export function SecuritySection() {
  const t = useT();
  const queryClient = useQueryClient();
  const devices = useQuery({ queryKey: DEVICES_KEY, queryFn: ({ signal }) => api.get<DeviceSession[]>(API.accountSessions, signal) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: DEVICES_KEY });
  const signOut = useMutation({
    mutationFn: (id: string | null) => (id ? api.delete(`${API.accountSessions}/${id}`) : api.post(API.accountSignOutOthers)),
    onSuccess: refresh,
    onError: (error) => toast.error(errorMessage(error, t, 'general.errorServer')),
  });
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState(false);

  const onChangePassword = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await api.post(API.accountPassword, { currentPassword: current, newPassword: next });
      setCurrent('');
      setNext('');
      toast.success(t('general.passwordChanged'));
      refresh();
    } catch (error) {
      const code = isApiError(error) ? error.code : undefined;
      toast.error(code === 'wrong_password' ? t('general.wrongPassword') : errorMessage(error, t, 'general.errorServer'));
    } finally {
      setBusy(false);
    }
  };

  const others = (devices.data ?? []).filter((d) => !d.current);
  return (
    <Card className="mx-auto mt-6 w-full max-w-2xl" data-testid="security-section">
      <CardContent className="flex flex-col gap-6 pt-6">
        <h2 className="text-base font-semibold">{t('general.securityTitle')}</h2>
        <form className="flex flex-col gap-3" onSubmit={onChangePassword} data-testid="change-password-form">
          <h3 className="text-sm font-medium">{t('general.changePassword')}</h3>
          <Label htmlFor="current-password">{t('general.currentPassword')}</Label>
          <Input id="current-password" type="password" autoComplete="current-password" required value={current} onChange={(e) => setCurrent(e.target.value)} />
          <Label htmlFor="new-password">{t('general.newPassword')}</Label>
          <Input id="new-password" type="password" autoComplete="new-password" required value={next} onChange={(e) => setNext(e.target.value)} />
          <p className="text-xs text-muted-foreground">{t('auth.passwordHint')}</p>
          <Button type="submit" className="self-start" disabled={busy} data-testid="change-password-submit">
            {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            {t('general.changePassword')}
          </Button>
        </form>
        <div className="flex flex-col gap-3">
          <h3 className="text-sm font-medium">{t('general.devices')}</h3>
          <ul className="flex flex-col divide-y rounded-lg border" data-testid="device-list">
            {(devices.data ?? []).map((d) => (
              <li key={d.id} className="flex items-center justify-between gap-3 px-3 py-2" data-testid="device">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">{deviceLabel(d, t)}</p>
                  <p className="text-xs text-muted-foreground">
                    {d.current ? t('general.thisDevice') : t('general.deviceLastUsed', { time: new Date(d.lastSeenAt).toLocaleString() })}
                  </p>
                </div>
                {!d.current && (
                  <Button variant="outline" size="sm" disabled={signOut.isPending} onClick={() => signOut.mutate(d.id)}>
                    {t('general.signOutDevice')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {others.length > 0 && (
            <Button variant="outline" className="self-start" disabled={signOut.isPending} onClick={() => signOut.mutate(null)} data-testid="sign-out-others">
              {t('general.signOutOthers')}
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
