import { pushApi } from './pushApi.ts';

/** This browser can receive web pushes (service worker + PushManager + notifications; not in dev builds). */
export function pushSupported(): boolean {
  return !import.meta.env.DEV && typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The person turned notifications off on this device (Profile): never subscribe it again by itself. */
const OFF_KEY = 'parley:push:off';
/** "Not now" on the banner. */
const DISMISSED_KEY = 'parley:push:dismissed';

export const pushTurnedOff = () => localStorage.getItem(OFF_KEY) === '1';
export const askDismissed = () => localStorage.getItem(DISMISSED_KEY) === '1';
export const dismissAsk = () => localStorage.setItem(DISMISSED_KEY, '1');

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const s = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(s + '='.repeat((4 - (s.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Ask for permission (when not granted yet), subscribe this browser with the server's VAPID key and
 * register the subscription for this signed-in device. false: not possible (denied, unsupported).
 */
export async function enablePush(): Promise<boolean> {
  if (!pushSupported()) return false;
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') return false;
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await pushApi.key();
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with another key (the server's key changed) cannot be used: make a new one.
  const current = subscription?.options.applicationServerKey;
  if (subscription && current && btoa(String.fromCharCode(...new Uint8Array(current))) !== btoa(String.fromCharCode(...keyBytes(publicKey)))) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  await pushApi.register(subscription.toJSON());
  localStorage.removeItem(OFF_KEY);
  return true;
}

/** Off on this device: the browser's subscription ends and the server forgets it. */
export async function disablePush(): Promise<void> {
  localStorage.setItem(OFF_KEY, '1');
  if (pushSupported()) {
    const registration = await navigator.serviceWorker.getRegistration();
    await (await registration?.pushManager.getSubscription())?.unsubscribe().catch(() => undefined);
  }
  await pushApi.unregister();
}
