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
}

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

/** Seed the conversation list (['chats'], as in features/chat) from the page, fresh. */
export function seedFromBootstrap(client: QueryClient): void {
  const bootstrap = readBootstrap();
  if (bootstrap) client.setQueryData(['chats'], bootstrap.conversations);
}

/** Sign-out: the page's data was the previous user's. */
export function forgetBootstrap(): void {
  cached = null;
}
