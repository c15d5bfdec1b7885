import { useEffect, useRef, useSyncExternalStore } from 'react';
import { LIMITS } from '@parley/common/client';
import type { ChatMessage } from '@parley/common';
import { chatApi } from './chatApi.ts';
import { compareIds } from './messages.ts';

/**
 * Open a conversation at one message (a search result, a reply's quote): `requestJump(roomId, messageId)`
 * asks the conversation view of that room (open now, or opened next by the caller) to show it. The view
 * (`useJumpToMessage`) loads the page around it when it is not held, scrolls it into the middle of the
 * screen and highlights it for a moment.
 */
interface Jump {
  roomId: string;
  messageId: string;
}

let pending: Jump | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export function requestJump(roomId: string, messageId: string): void {
  pending = { roomId, messageId };
  notify();
}

/** How long the message stays highlighted. */
export const HIGHLIGHT_MS = 2500;
const HIGHLIGHT = ['bg-primary/15', 'ring-2', 'ring-primary/40', 'rounded-2xl', 'transition-colors'];

/** Server message ids are digits (a bigint sequence). */
const findMessage = (messageId: string) =>
  /^\d{1,18}$/.test(messageId) ? document.querySelector<HTMLElement>(`[data-testid="message-list"] [data-message-id="${messageId}"]`) : null;

/** Scroll to a message on screen and highlight it briefly; false when it is not on screen. */
export function showMessage(messageId: string): boolean {
  const element = findMessage(messageId);
  if (!element) return false;
  element.scrollIntoView({ block: 'center' });
  element.classList.add(...HIGHLIGHT);
  element.dataset.highlighted = 'true';
  setTimeout(() => {
    element.classList.remove(...HIGHLIGHT);
    delete element.dataset.highlighted;
  }, HIGHLIGHT_MS);
  return true;
}

type MessagesApi = Pick<typeof chatApi, 'around' | 'messages'>;

/**
 * The messages to hold so that `messageId` is on screen with no gap up to the latest: the page around it,
 * then further pages after it while they come full (at most 10). Null when the message is not one the
 * reader can see (deleted, another room's, before they joined).
 */
export async function loadAround(roomId: string, messageId: string, api: MessagesApi = chatApi): Promise<ChatMessage[] | null> {
  let page: ChatMessage[];
  try {
    page = await api.around(roomId, messageId);
  } catch (error) {
    if ((error as { status?: number }).status === 404) return null;
    throw error;
  }
  const all = [...page];
  let full = page.filter((m) => compareIds(m.id, messageId) >= 0).length >= LIMITS.chatHistory / 2;
  for (let i = 0; full && i < 10; i += 1) {
    const last = all.reduce((max, m) => (compareIds(m.id, max) > 0 ? m.id : max), messageId);
    page = await api.messages(roomId, last);
    all.push(...page);
    full = page.length >= LIMITS.messagesPage;
  }
  return all;
}

/**
 * The conversation view's side of a jump: once its history is in (`ready`), a jump asked for this room is
 * taken; a message not held is loaded with `load` (which merges it), then shown. `onMissing`: it cannot be shown.
 */
export function useJumpToMessage(roomId: string, ready: boolean, load: (messageId: string) => Promise<boolean>, onMissing: () => void): void {
  const jump = useSyncExternalStore(subscribe, () => pending, () => null);
  const live = useRef(true);
  const callbacks = useRef({ load, onMissing });
  useEffect(() => {
    callbacks.current = { load, onMissing };
  });
  useEffect(() => {
    live.current = true;
    return () => void (live.current = false);
  }, []);
  useEffect(() => {
    if (!jump || jump.roomId !== roomId || !ready) return;
    pending = null;
    notify();
    void (async () => {
      if (showMessage(jump.messageId)) return;
      const found = await callbacks.current.load(jump.messageId).catch(() => false);
      if (!live.current) return;
      if (!found) return callbacks.current.onMissing();
      // Shown once the merged messages are drawn (a few frames).
      for (let frame = 0; frame < 120 && live.current; frame += 1) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        if (showMessage(jump.messageId)) return;
      }
    })();
  }, [jump, roomId, ready]);
}
