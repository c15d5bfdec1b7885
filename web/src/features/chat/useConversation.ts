import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CHAT_API, LIMITS } from '@parley/common/client';
import type { ChatMessage, ReactionEmoji } from '@parley/common';
import { useRealtime } from '../../lib/realtime.ts';
import { keepForOffline } from '../../lib/serviceWorker.ts';
import { chatApi, isNotFound } from './chatApi.ts';
import { localMessage, messagesReducer, newClientId, type ViewMessage } from './messages.ts';
import { fetchMissed, ResumeMark } from './resume.ts';
import { loadAround as fetchAround } from './jumpToMessage.ts';
import { useOutbox, useOutboxEntries, useOutboxEvents } from './useOutbox.ts';
import { updateList } from './listCache.ts';
import { localFileAttachment } from './media/documents/documentsApi.ts';
import type { SendOptions } from './Composer.tsx';

export interface ConversationState {
  messages: ViewMessage[];
  /** History is still loading. */
  loading: boolean;
  /** Send `content` (answering `replyTo`): kept on the device at once, then sent (resolves when it is stored, not sent). */
  send: (content: string, replyTo?: string, options?: SendOptions) => Promise<void>;
  /** Send a file as a message through the same outbox (issue 36). */
  sendFile: (file: File) => Promise<void>;
  /** Edit one's own message (rejects with the server's error). */
  edit: (messageId: string, content: string) => Promise<void>;
  /** Delete one's own message for everyone. */
  remove: (messageId: string) => Promise<void>;
  /** Add or take back my reaction (shown at once, corrected by the answer). */
  react: (messageId: string, emoji: ReactionEmoji, active: boolean) => Promise<void>;
  /** Fold in a row the caller already has (a correction's answer). */
  merge: (message: ChatMessage) => void;
  /** Hold the messages from `messageId` to the latest (a jump to it); false when it cannot be seen. */
  loadAround: (messageId: string) => Promise<boolean>;
}

export interface ConversationOptions {
  roomId: string;
  myId: string;
  /** The room was deleted or we are no longer in it. */
  onGone: () => void;
  /** The server refused a message for good (not a network failure): its text is handed back. */
  onSendError: (error: unknown, content: string) => void;
}

/**
 * One open conversation: history (latest 50), live messages and translations from the socket,
 * resume whenever the socket opens after events may have been missed (`?resume=` the newest message
 * received with nothing missed before it, read at the moment the socket opens: see resume.ts), sends
 * through the device's outbox (shown as waiting bubbles until the server has them), and read
 * markers for what arrives while it is open.
 */
export function useConversation({ roomId, myId, onGone, onSendError }: ConversationOptions): ConversationState {
  const queryClient = useQueryClient();
  const [messages, dispatch] = useReducer(messagesReducer, []);
  const [loading, setLoading] = useState(true);
  const [mark] = useState(() => new ResumeMark());
  const outbox = useOutbox();
  const waiting = useOutboxEntries();
  const readTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const historyLoaded = useRef(false);
  const handlers = useRef({ onGone, onSendError });

  useEffect(() => {
    handlers.current = { onGone, onSendError };
  });

  const markRead = useCallback(() => {
    clearTimeout(readTimer.current);
    readTimer.current = setTimeout(() => {
      updateList(queryClient, (list) => list.map((r) => (r.id === roomId ? { ...r, unreadCount: 0, mentioned: undefined } : r)));
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
      .history(roomId, controller.signal)
      .then((history) => {
        historyLoaded.current = true;
        mark.receivedHistory(history);
        dispatch({ type: 'merge', messages: history.messages });
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
  }, [roomId, markRead, failed, mark]);

  // The offline copy of this conversation follows what is on screen (socket messages included).
  useEffect(() => {
    if (loading || !historyLoaded.current) return; // never replace a good copy after a failed load
    const held = messages.filter((m) => !m.local).slice(-LIMITS.chatHistory);
    keepForOffline(CHAT_API.messages(roomId), { messages: held, resumeMark: mark.current ?? null });
  }, [messages, loading, roomId, mark]);

  // Called as the socket opens, before any of its events: the mark is what was held until then.
  const resync = async () => {
    try {
      const missed = await fetchMissed(roomId, mark.current);
      mark.received(missed);
      dispatch({ type: 'merge', messages: missed });
      if (missed.some((m) => m.sender_id !== myId)) markRead();
    } catch (error) {
      failed(error);
    }
  };

  useRealtime(
    (event) => {
      if ((event.type === 'message.created' || event.type === 'message.translated' || event.type === 'message.edited') && event.message.chat_room_id === roomId) {
        mark.received([event.message]);
        dispatch({ type: 'merge', messages: [event.message] });
        if (event.type === 'message.created' && event.message.sender_id !== myId) markRead();
      } else if (event.type === 'message.deleted' && event.roomId === roomId) {
        dispatch({ type: 'deleted', messageId: event.messageId, deletedAt: event.deletedAt });
      } else if (event.type === 'message.link_preview' && event.roomId === roomId) {
        dispatch({ type: 'linkPreview', messageId: event.messageId, preview: event.preview });
      } else if (event.type === 'message.reactions' && event.roomId === roomId) {
        dispatch({ type: 'reactions', messageId: event.messageId, reactions: event.reactions });
      } else if (event.type === 'room.deleted' && event.roomId === roomId) {
        handlers.current.onGone();
      } else if (event.type === 'group.you_were_removed' && event.reason === 'removed' && event.roomId === roomId) {
        void resync(); // the removal line ("ana removed you") ends the history I keep
      }
    },
    () => void resync(),
  );

  useOutboxEvents((event) => {
    if (event.type === 'changed' || event.entry.roomId !== roomId) return;
    if (event.type === 'sent') dispatch({ type: 'merge', messages: [event.message] });
    else if (isNotFound(event.error)) handlers.current.onGone();
    else handlers.current.onSendError(event.error, event.entry.content);
  });

  const send = useCallback(
    async (content: string, replyTo?: string, options?: SendOptions) =>
      void (await outbox.add({ clientId: newClientId(), roomId, content, replyTo, noLinkPreview: options?.linkPreview === false })),
    [outbox, roomId],
  );

  /** A file waits in the outbox with its message, like text (issue 36): sent when the device is back online. */
  const sendFile = useCallback(
    async (file: File) => void (await outbox.add({ clientId: newClientId(), roomId, content: '', file: { blob: file, name: file.name } })),
    [outbox, roomId],
  );

  const merge = useCallback((message: ChatMessage) => dispatch({ type: 'merge', messages: [message] }), []);

  const loadAround = useCallback(async (messageId: string) => {
    const around = await fetchAround(roomId, messageId);
    if (around) dispatch({ type: 'merge', messages: around });
    return around !== null;
  }, [roomId]);
  const edit = useCallback(async (messageId: string, content: string) => merge(await chatApi.edit(roomId, messageId, content)), [merge, roomId]);
  const remove = useCallback(async (messageId: string) => {
    const message = await chatApi.deleteMessage(roomId, messageId);
    dispatch({ type: 'deleted', messageId, deletedAt: message.deleted_at ?? new Date().toISOString() });
  }, [roomId]);
  const current = useRef(messages);
  useEffect(() => {
    current.current = messages;
  });
  const react = useCallback(async (messageId: string, emoji: ReactionEmoji, active: boolean) => {
    const before = current.current.find((m) => m.id === messageId)?.reactions ?? [];
    const others = before.filter((r) => r.emoji !== emoji);
    const entry = before.find((r) => r.emoji === emoji);
    const userIds = active ? [...new Set([...(entry?.userIds ?? []), myId])] : (entry?.userIds ?? []).filter((id) => id !== myId);
    const optimistic = userIds.length ? [...others, { emoji, count: userIds.length, userIds }] : others;
    dispatch({ type: 'reactions', messageId, reactions: entry ? before.map((r) => (r.emoji === emoji ? optimistic.find((o) => o.emoji === emoji) : r)).filter((r) => r !== undefined) : optimistic });
    try {
      dispatch({ type: 'reactions', messageId, reactions: await chatApi.react(roomId, messageId, emoji, active) });
    } catch (error) {
      dispatch({ type: 'reactions', messageId, reactions: before });
      throw error;
    }
  }, [roomId, myId]);

  // Server rows, then this room's messages still waiting on the device, in the order written.
  const view = useMemo(() => {
    const delivered = new Set(messages.filter((m) => m.sender_id === myId).map((m) => m.client_id));
    const local = waiting
      .filter((e) => e.roomId === roomId && !delivered.has(e.clientId))
      .map((e) => ({
        ...localMessage({ roomId, senderId: myId, clientId: e.clientId, content: e.content, now: new Date(e.createdAt), replyTo: e.replyTo }),
        ...(e.file ? { attachment: localFileAttachment(e.file) } : {}),
        failedAttempts: e.attempts,
      }));
    return local.length ? [...messages, ...local] : messages;
  }, [messages, waiting, roomId, myId]);

  return { messages: view, loading, send, sendFile, merge, loadAround, edit, remove, react };
}
