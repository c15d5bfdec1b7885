import { useMemo } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ConversationListItem, FormerMember, GroupResponse, RoomMember } from '@parley/common';
import { chatApi, CHATS_KEY } from './chatApi.ts';
import { updateList } from './listCache.ts';

/** React Query key of a room's member list. */
export const membersKey = (roomId: string) => ['chat', roomId, 'members'] as const;
/** React Query key of a group's former members (left or removed): the names on their words. Filled with the members. */
export const formerKey = (roomId: string) => ['chat', roomId, 'former'] as const;

/** The group as the conversation list has it (name, size, admin flag, register), kept live by the socket. */
export function useListedRoom(roomId: string, enabled: boolean): ConversationListItem | undefined {
  const list = useQuery({ queryKey: CHATS_KEY, queryFn: ({ signal }) => chatApi.list(signal), enabled });
  return list.data?.find((r) => r.id === roomId);
}

/** A room's members (username, language, admin mark); kept in step by the socket's group events. */
export function useMembers(roomId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: membersKey(roomId),
    queryFn: async ({ signal }) => {
      const { members, former } = await chatApi.members(roomId, signal);
      queryClient.setQueryData<FormerMember[]>(formerKey(roomId), former);
      return members;
    },
    enabled,
    staleTime: 60_000,
  });
}

/**
 * Everyone whose words are in a group, by id: its members and its former members (left or removed), so who said
 * what never changes (issue 38). Read with the members (useMembers fills both).
 */
export function useRoomNames(roomId: string, members: readonly RoomMember[] | undefined): Map<string, string> {
  const former = useQuery({ queryKey: formerKey(roomId), queryFn: () => [] as FormerMember[], enabled: false }).data;
  return useMemo(() => new Map([...(former ?? []), ...(members ?? [])].map((p) => [p.id, p.username])), [former, members]);
}

/** Apply a membership change's answer: the room as we list it and its members. */
export function applyGroupResponse(queryClient: QueryClient, { room, members }: GroupResponse): void {
  updateList(queryClient, (list) => list.map((r) => (r.id === room.id ? { ...r, ...room, lastMessage: room.lastMessage ?? r.lastMessage } : r)));
  queryClient.setQueryData<RoomMember[]>(membersKey(room.id), members);
}
