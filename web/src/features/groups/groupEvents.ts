import type { QueryClient } from '@tanstack/react-query';
import type { ConversationListItem, RoomMember, ServerEvent } from '@parley/common';
import { CHATS_KEY } from '../chat/chatApi.ts';
import { membersKey } from './groupsApi.ts';

/** Groups this tab was removed from (or left): opening one goes back to the list without "not available". */
export const departedRooms = new Set<string>();

type GroupChange = Extract<ServerEvent, { type: 'group.member_added' | 'group.member_removed' | 'group.renamed' | 'group.register_changed' | 'group.admin_granted' }>;

/** Keep the list item and the member list in step with a group event (the system line arrives as a message). */
export function applyGroupEvent(client: QueryClient, event: GroupChange, myId: string): void {
  const room = (patch: (r: ConversationListItem) => Partial<ConversationListItem>) =>
    client.setQueryData<ConversationListItem[]>(CHATS_KEY, (list) => list?.map((r) => (r.id === event.roomId ? { ...r, ...patch(r) } : r)));
  const members = (patch: (list: RoomMember[]) => RoomMember[]) =>
    client.setQueryData<RoomMember[]>(membersKey(event.roomId), (list) => (list ? patch(list) : list));
  switch (event.type) {
    case 'group.member_added':
      room(() => ({ memberCount: event.memberCount }));
      members((list) => [...list.filter((m) => !event.members.some((n) => n.id === m.id)), ...event.members]);
      break;
    case 'group.member_removed':
      room(() => ({ memberCount: event.memberCount }));
      members((list) => list.filter((m) => m.id !== event.userId));
      break;
    case 'group.renamed':
      room(() => ({ name: event.name }));
      break;
    case 'group.register_changed':
      room(() => ({ register: event.register }));
      break;
    case 'group.admin_granted':
      room((r) => ({ isAdmin: r.isAdmin || event.userId === myId }));
      members((list) => list.map((m) => (m.id === event.userId ? { ...m, is_admin: true } : m)));
      break;
  }
}
