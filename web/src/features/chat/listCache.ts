import type { QueryClient } from '@tanstack/react-query';
import type { ConversationListItem } from '@parley/common';
import { CHATS_KEY } from './chatApi.ts';

// The conversation list's cache, changed in place (chat's own: other features call conversations.ts).

type List = ConversationListItem[] | undefined;

/** Change the listed conversations, when they are loaded. */
export function updateList(client: QueryClient, update: (list: ConversationListItem[]) => ConversationListItem[]): void {
  client.setQueryData<ConversationListItem[]>(CHATS_KEY, (list: List) => (list ? update(list) : list));
}

/** Add a room to the list unless it is already there (room.created, a started chat). */
export function addRoom(list: ConversationListItem[], room: ConversationListItem): ConversationListItem[] {
  return list.some((r) => r.id === room.id) ? list : [room, ...list];
}
