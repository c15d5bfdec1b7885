import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import type { toast as sonnerToast } from 'sonner';

/**
 * The toaster (sonner) is not part of the sign-in screen's first download: it is loaded when a toast is
 * first wanted there, and at once for a signed-in user (whose screens import sonner anyway). Sonner
 * replays toasts created before its Toaster subscribed, so nothing shown early is lost.
 */
const SonnerToaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

let wanted = false;
const listeners = new Set<() => void>();

function want(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** sonner's `toast`, loaded on first use (and the toaster mounted to show it). */
export async function loadToast(): Promise<typeof sonnerToast> {
  want();
  return (await import('sonner')).toast;
}

/** Fetch sonner ahead of a toast the user is about to cause (typing into a form), so it shows even if the network drops. */
export function preloadToasts(): void {
  void import('sonner').catch(() => undefined);
}

/** Mounts sonner's Toaster once a toast is wanted or `signedIn`; once mounted it stays, so no toast is cut off. */
export function AppToaster({ signedIn }: { signedIn: boolean }) {
  const mounted = useSyncExternalStore(subscribe, () => wanted, () => wanted);
  useEffect(() => {
    if (signedIn) want();
  }, [signedIn]);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      {/* Toasts let clicks through (index.css), so they never block the controls beneath them. They start below
          the app's 64 px header, never over the logo and the name (issue 38 item 8). */}
      <SonnerToaster position="top-center" richColors offset={{ top: 72 }} mobileOffset={{ top: 72 }} toastOptions={{ duration: 4000 }} />
    </Suspense>
  );
}
