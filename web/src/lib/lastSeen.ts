import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { readJson, writeJson } from './userLanguage.ts';

/**
 * The last conversation list a user saw on this device, so a returning user's list draws at once
 * instead of after a round trip (features/chat's ['chats'] query; the key is repeated here so the
 * sign-in screen's download does not include the chat feature). It is shown stale and fetched
 * again at once. Kept per user and per build (a new deploy may change its shape); sign-out forgets it.
 */
const STORAGE_KEY = 'parley.lastSeen';
const REMEMBERED: QueryKey = ['chats'];
const MAX_AGE_MS = 30 * 24 * 3600 * 1000;

interface Stored {
  userId: string;
  build: string;
  savedAt: number;
  data: unknown;
}

/** The entry script's hashed name: it changes with every build that changes the app. */
const currentBuild = () => document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src ?? 'dev';

const isRemembered = (key: QueryKey) => key.length === REMEMBERED.length && key[0] === REMEMBERED[0];

/** Put `userId`'s last list into the cache as stale data (only when the app starts on the list itself). */
export function restoreLastSeen(client: QueryClient, userId: string | undefined): void {
  if (!userId || typeof window === 'undefined' || window.location.pathname !== '/') return;
  const stored = readJson<Stored>(STORAGE_KEY);
  if (!stored || stored.userId !== userId || stored.build !== currentBuild() || Date.now() - stored.savedAt > MAX_AGE_MS) return;
  if (client.getQueryData(REMEMBERED) === undefined) client.setQueryData(REMEMBERED, stored.data, { updatedAt: 0 });
}

/** Keep every successful answer of the list for `userId`; returns the unsubscribe function. */
export function rememberLastSeen(client: QueryClient, userId: string): () => void {
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !isRemembered(event.query.queryKey)) return;
    writeJson(STORAGE_KEY, { userId, build: currentBuild(), savedAt: Date.now(), data: event.query.state.data } satisfies Stored);
  });
}

/** Sign-out: the next person on this device must not see the previous one's conversations. */
export function forgetLastSeen(): void {
  writeJson(STORAGE_KEY, null);
}
