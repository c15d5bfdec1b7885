import type { QueryClient } from '@tanstack/react-query';
import type { ConversationListItem, SessionResponse } from '@parley/common';

/**
 * A signed-in visit to / or /chat/:roomId: the server's page carries the session and the conversation
 * list (server/src/webPage.ts; the answer is `no-store`, and the service worker's copy of the page has
 * none), so the first screen draws without an API round trip. Read once, then the element is removed.
 */
export interface Bootstrap {
  session: SessionResponse;
  conversations: ConversationListItem[];
  /** Server time of the render (ms). */
  renderedAt?: number;
}

/** A page older than this is a copy (the service worker's, server/src/webPage.ts): the session is checked again. */
const FRESH_MS = 30_000;

let cached: Bootstrap | null | undefined;

export function readBootstrap(): Bootstrap | null {
  if (cached !== undefined) return cached;
  cached = null;
  if (typeof document === 'undefined') return cached;
  const element = document.getElementById('parley-bootstrap');
  if (!element) return cached;
  element.remove();
  try {
    const value = JSON.parse(element.textContent ?? '') as Partial<Bootstrap> | null;
    if (value?.session?.user && Array.isArray(value.conversations)) cached = value as Bootstrap;
  } catch { /* a broken bootstrap is no bootstrap: the app asks the API */ }
  return cached;
}

/**
 * The page came straight from the server just now, so its session is this start's answer. A copy the
 * service worker kept (it answers / at once and refreshes it behind) is only a hint, like the stored one.
 */
export function bootstrapIsFresh(now = Date.now()): boolean {
  const renderedAt = readBootstrap()?.renderedAt;
  return renderedAt !== undefined && Math.abs(now - renderedAt) < FRESH_MS;
}

/** Seed the conversation list (['chats'], as in features/chat) from the page, fresh. */
export function seedFromBootstrap(client: QueryClient): void {
  const bootstrap = readBootstrap();
  if (bootstrap) client.setQueryData(['chats'], bootstrap.conversations);
}

/** Sign-out: the page's data was the previous user's. */
export function forgetBootstrap(): void {
  cached = null;
}
