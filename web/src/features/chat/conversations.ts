import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { ConversationListItem, RoomMember } from '@parley/common';
import { chatApi, CHATS_KEY } from './chatApi.ts';
import { departedRooms } from './groupEvents.ts';
import { membersKey } from './members.ts';
import { updateList, addRoom } from './listCache.ts';

// The conversation list as the other features change it: they call these, never chat's cache directly.

/** The conversations, as listed (kept live by the socket). */
export function useConversationList(enabled = true) {
  return useQuery({ queryKey: CHATS_KEY, queryFn: ({ signal }) => chatApi.list(signal), enabled });
}

/** A room started here (a chat from search, a new group): listed at once, with its members when known. */
export function roomStarted(client: QueryClient, room: ConversationListItem, members?: RoomMember[]): void {
  updateList(client, (list) => addRoom(list, room));
  if (members) client.setQueryData(membersKey(room.id), members);
}

/** I left a group: off the list, and opening it goes back to the list (departedRooms). */
export function roomLeft(client: QueryClient, roomId: string): void {
  departedRooms.add(roomId);
  updateList(client, (list) => list.filter((r) => r.id !== roomId));
}

/** Whether this tab left (or was removed from) the room: it closes without "not available". */
export const leftRoom = (roomId: string): boolean => departedRooms.has(roomId);
