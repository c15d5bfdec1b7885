/** System notifications for new messages while the tab is hidden. */

export function notificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

/** Ask once, at a moment the user understands (after their first message), never on load. */
export function askNotificationPermission(): void {
  if (!notificationsSupported() || Notification.permission !== 'default') return;
  void Notification.requestPermission().catch(() => undefined);
}

export interface MessageNotification {
  title: string;
  body: string;
  roomId: string;
  /** Bring the tab forward and open the conversation. */
  onClick: () => void;
}

/**
 * Show a notification when allowed. Desktop browsers take `new Notification`; Android Chrome only
 * lets the service worker show one (its notificationclick handler, public/sw-notify.js, opens the room).
 * One notification per conversation (tag): a newer message replaces the older one.
 */
export async function showMessageNotification({ title, body, roomId, onClick }: MessageNotification): Promise<boolean> {
  if (!notificationsSupported() || Notification.permission !== 'granted') return false;
  const options: NotificationOptions = { body, tag: `parley-room-${roomId}`, data: { roomId }, icon: '/icons/icon-192.png' };
  try {
    const notification = new Notification(title, options);
    notification.onclick = () => {
      window.focus();
      onClick();
      notification.close();
    };
    return true;
  } catch {
    const registration = await navigator.serviceWorker?.getRegistration();
    if (!registration) return false;
    await registration.showNotification(title, options);
    return true;
  }
}

/** The service worker asks the page to open a conversation (a notification was clicked). */
export function onNotificationOpen(open: (roomId: string) => void): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined;
  const listener = (event: MessageEvent) => {
    const data = event.data as { type?: string; roomId?: unknown } | null;
    if (data?.type === 'parley:open-chat' && typeof data.roomId === 'string') open(data.roomId);
  };
  navigator.serviceWorker.addEventListener('message', listener);
  return () => navigator.serviceWorker.removeEventListener('message', listener);
}
