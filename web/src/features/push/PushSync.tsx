import { useEffect, useEffectEvent } from 'react';
import { useRealtime, useRealtimeClient } from '../../lib/realtime.ts';
import { enablePush, pushSupported, pushTurnedOff } from './device.ts';
import { pushApi } from './pushApi.ts';

/**
 * Keeps the server told, over the chat socket, which conversation this tab shows while the page is
 * visible (no push then for that conversation on this device), and registers this device for pushes
 * once notifications are allowed (by the banner, the first-message prompt, or the browser's settings)
 * unless the person turned them off here.
 */
export function PushSync({ openRoomId }: { openRoomId: string | null }): null {
  const client = useRealtimeClient();
  const viewing = () => ({ type: 'viewing' as const, roomId: document.visibilityState === 'visible' ? openRoomId : null });
  const report = useEffectEvent(() => client.send(viewing()));

  useEffect(() => report(), [openRoomId]);
  useEffect(() => {
    const onVisibility = () => report();
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);
  // Every (re)connection is a new socket on the server: say it again.
  useRealtime((event) => {
    if (event.type === 'hello') client.send(viewing());
  });

  useEffect(() => {
    if (!pushSupported()) return;
    let stopped = false;
    const sync = async () => {
      if (stopped || Notification.permission !== 'granted' || pushTurnedOff()) return;
      const settings = await pushApi.settings();
      if (!settings.subscribed && !stopped) await enablePush();
    };
    void sync().catch(() => undefined);
    let status: PermissionStatus | undefined;
    const onChange = () => void sync().catch(() => undefined);
    void navigator.permissions?.query({ name: 'notifications' }).then((s) => {
      status = s;
      s.addEventListener('change', onChange);
    }, () => undefined);
    return () => {
      stopped = true;
      status?.removeEventListener('change', onChange);
    };
  }, []);
  return null;
}
