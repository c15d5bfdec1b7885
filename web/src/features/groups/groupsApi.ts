import { CHAT_API } from '@parley/common/client';
import type { GroupRegister, GroupResponse, RoomMembersResponse } from '@parley/common';
import { api, apiFetch } from '../../lib/api.ts';

/** React Query key of a room's member list. */
export const membersKey = (roomId: string) => ['chat', roomId, 'members'] as const;
/** React Query key of a group's former members (left or removed): the names on their words. Filled with the members. */
export const formerKey = (roomId: string) => ['chat', roomId, 'former'] as const;

/** The group endpoints (common/src/api/groups.ts); every answer but leave is the room and its members. */
export const groupsApi = {
  create: (name: string, memberIds: string[], register: GroupRegister) =>
    api.post<GroupResponse>(CHAT_API.groups, { name, memberIds, register }),
  members: (roomId: string, signal?: AbortSignal) => api.get<RoomMembersResponse>(CHAT_API.members(roomId), signal),
  add: (roomId: string, userIds: string[]) => api.post<GroupResponse>(CHAT_API.members(roomId), { userIds }),
  remove: (roomId: string, userId: string) => apiFetch<GroupResponse>(CHAT_API.member(roomId, userId), { method: 'DELETE' }),
  makeAdmin: (roomId: string, userId: string) => api.post<GroupResponse>(CHAT_API.memberAdmin(roomId, userId)),
  update: (roomId: string, change: { name?: string; register?: GroupRegister }) =>
    apiFetch<GroupResponse>(CHAT_API.group(roomId), { method: 'PATCH', body: change }),
  leave: (roomId: string) => api.post<unknown>(CHAT_API.leave(roomId), {}),
};
