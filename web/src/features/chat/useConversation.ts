import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@parley/common';
import { useRealtime } from '../../lib/realtime.ts';
import { chatApi, isNotFound, withRetry } from './chatApi.ts';
import { lastServerId, localMessage, messagesReducer, newClientId, type ViewMessage } from './messages.ts';
import { updateList } from './useChatRealtimeSync.ts';

export interface ConversationState {
  messages: ViewMessage[];
  /** History is still loading. */
  loading: boolean;
  /** A send is in flight. */
  busy: boolean;
  /** Send `content`; resolves false when it failed (the caller restores the text). */
  send: (content: string) => Promise<boolean>;
  /** Fold in a row the caller already has (a correction's answer). */
  merge: (message: ChatMessage) => void;
}

export interface ConversationOptions {
  roomId: string;
  myId: string;
  /** The room was deleted or we are no longer in it. */
  onGone: () => void;
  /** A send failed for another reason. */
  onSendError: (error: unknown) => void;
}

/**
 * One open conversation: history (latest 50), live messages and translations from the socket,
 * resume after a reconnect (`?after=` the last id held), optimistic sends with idempotent retries,
 * and read markers for what arrives while it is open.
 */
export function useConversation({ roomId, myId, onGone, onSendError }: ConversationOptions): ConversationState {
  const queryClient = useQueryClient();
  const [messages, dispatch] = useReducer(messagesReducer, []);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState(false);
  const messagesRef = useRef(messages);
  const readTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const handlers = useRef({ onGone, onSendError });

  useEffect(() => {
    messagesRef.current = messages;
    handlers.current = { onGone, onSendError };
  });

  const markRead = useCallback(() => {
    clearTimeout(readTimer.current);
    readTimer.current = setTimeout(() => {
      updateList(queryClient, (list) => list.map((r) => (r.id === roomId ? { ...r, unreadCount: 0 } : r)));
      chatApi.markRead(roomId).catch((error: unknown) => console.warn('Could not mark the conversation read', error));
    }, 300);
  }, [queryClient, roomId]);

  const failed = useCallback((error: unknown) => {
    if (isNotFound(error)) handlers.current.onGone();
    else console.error('Could not load messages', error); // Spec section 8: logged only.
  }, []);

  // History, then mark the room read (spec section 4: selecting a chat marks it read).
  useEffect(() => {
    const controller = new AbortController();
    chatApi
      .messages(roomId, undefined, controller.signal)
      .then((history) => {
        dispatch({ type: 'merge', messages: history });
        markRead();
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) failed(error);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => {
      controller.abort();
      clearTimeout(readTimer.current);
    };
  }, [roomId, markRead, failed]);

  const resync = async () => {
    const held = messagesRef.current;
    const after = lastServerId(held);
    try {
      const batches: ChatMessage[][] = [await chatApi.messages(roomId, after)];
      // Translations that finished while we were away came as events we missed: reload them.
      if (held.some((m) => !m.local && m.translation_status === 'pending')) batches.push(await chatApi.messages(roomId));
      for (const batch of batches) dispatch({ type: 'merge', messages: batch });
      if (batches[0]?.some((m) => m.sender_id !== myId)) markRead();
    } catch (error) {
      failed(error);
    }
  };

  useRealtime(
    (event) => {
      if ((event.type === 'message.created' || event.type === 'message.translated') && event.message.chat_room_id === roomId) {
        dispatch({ type: 'merge', messages: [event.message] });
        if (event.type === 'message.created' && event.message.sender_id !== myId) markRead();
      } else if (event.type === 'room.deleted' && event.roomId === roomId) {
        handlers.current.onGone();
      }
    },
    () => void resync(),
  );

  const send = useCallback(
    async (content: string) => {
      const clientId = newClientId();
      dispatch({ type: 'local', message: localMessage({ roomId, senderId: myId, clientId, content }) });
      setBusy(true);
      try {
        const message = await withRetry(() => chatApi.send(roomId, content, clientId));
        dispatch({ type: 'merge', messages: [message] });
        return true;
      } catch (error) {
        dispatch({ type: 'drop', clientId });
        if (isNotFound(error)) handlers.current.onGone();
        else handlers.current.onSendError(error);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [roomId, myId],
  );

  const merge = useCallback((message: ChatMessage) => dispatch({ type: 'merge', messages: [message] }), []);

  return { messages, loading, busy, send, merge };
}
