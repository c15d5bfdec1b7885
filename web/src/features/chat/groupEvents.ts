import type { QueryClient } from '@tanstack/react-query';
import type { ConversationListItem, FormerMember, RoomMember, ServerEvent } from '@parley/common';
import { CHATS_KEY } from './chatApi.ts';
import { membersKey, formerKey } from './members.ts';

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
      client.setQueryData<FormerMember[]>(formerKey(event.roomId), (list) => list?.filter((f) => !event.members.some((n) => n.id === f.id)));
      members((list) => [...list.filter((m) => !event.members.some((n) => n.id === m.id)), ...event.members]);
      break;
    case 'group.member_removed': {
      room(() => ({ memberCount: event.memberCount }));
      // Their words keep their name: a former member now (issue 38).
      const gone = client.getQueryData<RoomMember[]>(membersKey(event.roomId))?.find((m) => m.id === event.userId);
      if (gone) {
        client.setQueryData<FormerMember[]>(formerKey(event.roomId), (list) => [
          ...(list ?? []).filter((f) => f.id !== gone.id), { id: gone.id, username: gone.username, joined_at: gone.joined_at },
        ]);
      }
      members((list) => list.filter((m) => m.id !== event.userId));
      break;
    }
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
