import { useSyncExternalStore } from 'react';
import { useConnectionState, type ConnectionState } from './realtime.ts';

const subscribe = (callback: () => void) => {
  window.addEventListener('online', callback);
  window.addEventListener('offline', callback);
  return () => {
    window.removeEventListener('online', callback);
    window.removeEventListener('offline', callback);
  };
};

/** The browser's own view of the network (navigator.onLine): false means certainly offline. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
}

/** What the header and the conversation say: the real socket, overruled by a known-offline network. */
export type LinkStatus = 'online' | 'connecting' | 'offline';

export function linkStatus(networkUp: boolean, socket: ConnectionState): LinkStatus {
  if (!networkUp) return 'offline';
  return socket === 'connected' ? 'online' : 'connecting';
}

/** Inside the realtime provider: Online / Connecting / Offline. */
export function useLinkStatus(): LinkStatus {
  return linkStatus(useOnline(), useConnectionState());
}
