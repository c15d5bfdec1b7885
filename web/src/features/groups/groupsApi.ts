import { CHAT_API } from '@parley/common/client';
import type { GroupRegister, GroupResponse } from '@parley/common';
import { api, apiFetch } from '../../lib/api.ts';

/** The group endpoints (common/src/api/groups.ts); every answer is the room and its members (members and leave are chat's: chatApi). */
export const groupsApi = {
  create: (name: string, memberIds: string[], register: GroupRegister) =>
    api.post<GroupResponse>(CHAT_API.groups, { name, memberIds, register }),
  add: (roomId: string, userIds: string[]) => api.post<GroupResponse>(CHAT_API.members(roomId), { userIds }),
  remove: (roomId: string, userId: string) => apiFetch<GroupResponse>(CHAT_API.member(roomId, userId), { method: 'DELETE' }),
  makeAdmin: (roomId: string, userId: string) => api.post<GroupResponse>(CHAT_API.memberAdmin(roomId, userId)),
  update: (roomId: string, change: { name?: string; register?: GroupRegister }) =>
    apiFetch<GroupResponse>(CHAT_API.group(roomId), { method: 'PATCH', body: change }),
};
