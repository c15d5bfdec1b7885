import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CHAT_API } from '@parley/common/client';
import type { ReadMark } from '@parley/common';
import { api } from '../../../lib/api.ts';
import { useRealtime } from '../../../lib/realtime.ts';
import { applyRead } from './readReceipts.ts';

export const readMarksKey = (roomId: string) => ['chat', roomId, 'reads'] as const;

/**
 * The other members' read marks I may see (the server leaves out everyone when my read receipts are off, and
 * whoever turned theirs off or is blocked either way): loaded when the conversation opens and again whenever the
 * socket reopens (a resume) or someone turns read receipts on or off, moved forward by read.updated events.
 */
export function useReadMarks(roomId: string, myId: string, enabled: boolean): ReadMark[] {
  const queryClient = useQueryClient();
  const key = readMarksKey(roomId);
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => (await api.get<{ reads: ReadMark[] }>(CHAT_API.reads(roomId), signal)).reads,
    enabled,
  });
  useRealtime(
    (event) => {
      // Someone here (or I, on another device) turned read receipts on or off: what I may see changed.
      if (event.type === 'read.receipts_changed') return void queryClient.invalidateQueries({ queryKey: key });
      if (event.type !== 'read.updated' || event.roomId !== roomId || event.userId === myId) return;
      queryClient.setQueryData<ReadMark[]>(key, (marks) => applyRead(marks ?? [], { userId: event.userId, lastReadMessageId: event.lastReadMessageId }));
    },
    () => void queryClient.invalidateQueries({ queryKey: key }),
  );
  return enabled ? (query.data ?? []) : [];
}
