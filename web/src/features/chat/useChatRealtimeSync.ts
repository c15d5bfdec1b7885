import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { LIMITS } from '@parley/common/client';
import type { ConversationListItem, RoomMember } from '@parley/common';
import { useT } from '../../lib/i18n.tsx';
import { showMessageNotification } from '../../lib/notify.ts';
import { useRealtime } from '../../lib/realtime.ts';
import { useAuth } from '../auth/index.ts';
import { chatApi, CHATS_KEY } from './chatApi.ts';
import { attachmentLabel, truncate } from './format.ts';
import { applyGroupEvent, departedRooms } from './groupEvents.ts';
import { addRoom, updateList } from './listCache.ts';
import { membersKey } from './members.ts';

/** How long an incoming toast waits for the message's translation before showing the original. */
const TOAST_WAIT_MS = 2_500;

export interface ChatSyncOptions {
  /** The conversation on screen (no toast for its messages). */
  openRoomId: string | null;
  /** A notification was clicked: open this conversation. */
  onOpenRoom: (roomId: string) => void;
}

/**
 * App-wide chat upkeep, mounted once in the shell (any tab): keeps the conversation list in step
 * with the socket and tells the user about new messages: a system notification while the tab is
 * hidden, otherwise a toast (none for the conversation already open). The list reloads 1 s after
 * the last new message (debounced); new rooms are added without duplicates; deleted rooms disappear.
 */
export function useChatRealtimeSync({ openRoomId, onOpenRoom }: ChatSyncOptions): void {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const t = useT();
  const refreshTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** Received messages still being translated: their toast waits (briefly) for the reader's language. */
  const awaiting = useRef(new Map<string, { name: string; content: string; prefix: string; roomId: string; timer: ReturnType<typeof setTimeout> }>());
  // A toast shown after a wait reads the screen as it is then.
  const latest = useRef({ openRoomId, onOpenRoom, t });
  useEffect(() => {
    latest.current = { openRoomId, onOpenRoom, t };
  });

  /** A notification while the tab is hidden, else a toast (none for the conversation on screen). */
  const tell = (name: string, text: string, roomId: string) => {
    const { openRoomId: open, onOpenRoom: openRoom, t: tr } = latest.current;
    const title = tr('chat.newMessageFrom', { name });
    const body = truncate(text, LIMITS.incomingToastChars);
    if (document.visibilityState === 'hidden') {
      void showMessageNotification({ title, body, roomId, onClick: () => openRoom(roomId) });
    } else if (roomId !== open) {
      toast(title, { description: body, duration: LIMITS.incomingToastMs, testId: 'incoming-message-toast' });
    }
  };

  const refreshSoon = () => {
    clearTimeout(refreshTimer.current);
    refreshTimer.current = setTimeout(() => void queryClient.invalidateQueries({ queryKey: CHATS_KEY }), LIMITS.listRefreshMs);
  };

  useRealtime(
    (event) => {
      switch (event.type) {
        case 'message.created': {
          const { message } = event;
          if (message.sender_id && message.sender_id !== user?.id) {
            const list = queryClient.getQueryData<ConversationListItem[]>(CHATS_KEY);
            const room = list?.find((r) => r.id === message.chat_room_id);
            const roomId = message.chat_room_id;
            if (message.system_event) {
              refreshSoon();
              break; // a system line is no message to announce
            }
            // A group's toast is titled by the group and says who wrote ("Ana: ...").
            const sender = room?.kind === 'group' ? queryClient.getQueryData<RoomMember[]>(membersKey(roomId))?.find((m) => m.id === message.sender_id)?.username : undefined;
            const name = room?.kind === 'group' ? room.name : room?.otherUser?.username || t('chat.partner');
            const prefix = room?.kind === 'group' ? t('chat.senderPrefix', { sender: sender || t('chat.groupSomeone') }) : '';
            // A photo or recording without text is named as one.
            const content = prefix + (message.content || attachmentLabel(message.attachment?.kind, t));
            if (message.translation_status === 'pending') {
              // The reader's language first: wait up to TOAST_WAIT_MS for the translation, else show the original.
              const timer = setTimeout(() => {
                awaiting.current.delete(message.id);
                tell(name, content, roomId);
              }, TOAST_WAIT_MS);
              awaiting.current.set(message.id, { name, content, prefix, roomId, timer });
            } else tell(name, message.translated_content ? prefix + message.translated_content : content, roomId);
          }
          refreshSoon();
          break;
        }
        case 'message.translated': {
          const waiting = awaiting.current.get(event.message.id);
          if (waiting && event.message.translation_status !== 'pending') {
            clearTimeout(waiting.timer);
            awaiting.current.delete(event.message.id);
            tell(waiting.name, event.message.translated_content ? waiting.prefix + event.message.translated_content : waiting.content, waiting.roomId);
          }
          refreshSoon();
          break;
        }
        // An edit or a deletion may change the list's preview and unread count.
        case 'message.edited':
        case 'message.deleted':
          refreshSoon();
          break;
        case 'room.created':
          updateList(queryClient, (list) => addRoom(list, event.room));
          break;
        case 'room.deleted':
          updateList(queryClient, (list) => list.filter((r) => r.id !== event.roomId));
          queryClient.removeQueries({ queryKey: ['chat', event.roomId] });
          break;
        case 'room.member_deleted':
          // Someone in the room deleted their account: the list (a pair's name), the members and the senders change.
          void queryClient.invalidateQueries({ queryKey: CHATS_KEY });
          void queryClient.invalidateQueries({ queryKey: ['chat', event.roomId] });
          break;
        case 'group.member_added':
        case 'group.member_removed':
        case 'group.renamed':
        case 'group.register_changed':
        case 'group.admin_granted':
          applyGroupEvent(queryClient, event, user?.id ?? '');
          break;
        case 'group.you_were_removed': {
          const room = queryClient.getQueryData<ConversationListItem[]>(CHATS_KEY)?.find((r) => r.id === event.roomId);
          if (event.reason === 'removed') {
            // Removed by an admin: the group stays, read-only up to the removal, until I delete it (issue 38).
            updateList(queryClient, (list) => list.map((r) => (r.id === event.roomId ? { ...r, readOnly: true, isAdmin: false, unreadCount: 0, mentioned: undefined } : r)));
            void queryClient.invalidateQueries({ queryKey: CHATS_KEY });
            void queryClient.invalidateQueries({ queryKey: ['chat', event.roomId, 'members'] });
          } else {
            departedRooms.add(event.roomId);
            updateList(queryClient, (list) => list.filter((r) => r.id !== event.roomId));
            queryClient.removeQueries({ queryKey: ['chat', event.roomId] });
          }
          // Leaving was our own doing (another tab): no news. Being removed is.
          if (event.reason === 'removed') toast(t('chat.groupRemovedYou', { group: room?.name ?? '' }), { id: `removed-${event.roomId}`, testId: 'group-removed-toast' });
          break;
        }
        case 'read.updated':
          if (event.userId === user?.id) {
            updateList(queryClient, (list) => list.map((r) => (r.id === event.roomId ? { ...r, unreadCount: 0, mentioned: undefined } : r)));
          }
          break;
        default:
          break;
      }
    },
    () => void queryClient.invalidateQueries({ queryKey: CHATS_KEY }),
  );

  // Spec section 4: one second after the app opens, the chat data is preloaded once.
  useEffect(() => {
    const timer = setTimeout(
      () => void queryClient.prefetchQuery({ queryKey: CHATS_KEY, queryFn: ({ signal }) => chatApi.list(signal), staleTime: Infinity }),
      LIMITS.preloadDelayMs,
    );
    const waiting = awaiting.current;
    return () => {
      clearTimeout(timer);
      clearTimeout(refreshTimer.current);
      for (const { timer: t } of waiting.values()) clearTimeout(t);
    };
  }, [queryClient]);
}

/** Renders nothing; runs useChatRealtimeSync inside the realtime provider. */
export function ChatRealtimeSync(props: ChatSyncOptions): null {
  useChatRealtimeSync(props);
  return null;
}
