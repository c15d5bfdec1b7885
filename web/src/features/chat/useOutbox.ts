import { createContext, createElement, useContext, useEffect, useEffectEvent, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useRealtimeClient } from '../../lib/realtime.ts';
import { chatApi } from './chatApi.ts';
import { sendFile } from './media/documents/documentsApi.ts';
import { indexedDbStorage, memoryStorage, Outbox, type OutboxEntry, type OutboxEvent } from './outbox.ts';

const OutboxContext = createContext<Outbox | null>(null);

/**
 * The signed-in user's outbox for this tab (inside the realtime provider). It sends what waits
 * when mounted, when the browser comes back online and whenever the chat socket (re)opens.
 */
export function OutboxProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const client = useRealtimeClient();
  const [outbox] = useState(
    () => new Outbox({ senderId: userId, storage: typeof indexedDB === 'undefined' ? memoryStorage() : indexedDbStorage(), send: (e) => (e.file ? sendFile(e.roomId, e.file.blob, e.file.name, e.clientId) : chatApi.send(e.roomId, e.content, e.clientId, e.replyTo, e.noLinkPreview)) }),
  );
  useEffect(() => {
    outbox.start();
    const flush = () => void outbox.flush();
    window.addEventListener('online', flush);
    const unsubscribe = client.subscribeState(() => {
      if (client.getState() === 'connected') flush();
    });
    return () => {
      window.removeEventListener('online', flush);
      unsubscribe();
      outbox.stop();
    };
  }, [outbox, client]);
  return createElement(OutboxContext.Provider, { value: outbox }, children);
}

export function useOutbox(): Outbox {
  const outbox = useContext(OutboxContext);
  if (!outbox) throw new Error('useOutbox must be used within an OutboxProvider');
  return outbox;
}

/** Everything waiting to be sent from this device (re-renders on change). */
export function useOutboxEntries(): readonly OutboxEntry[] {
  const outbox = useOutbox();
  return useSyncExternalStore(
    (callback) => outbox.subscribe((event) => event.type === 'changed' && callback()),
    () => outbox.waiting(),
  );
}

/** Call `listener` for every outbox event, with the latest props. */
export function useOutboxEvents(listener: (event: OutboxEvent) => void): void {
  const outbox = useOutbox();
  const handle = useEffectEvent(listener);
  useEffect(() => outbox.subscribe((event) => handle(event)), [outbox]);
}
