import type { ReadMark } from '@parley/common';
import { compareIds, type ViewMessage } from '../messages.ts';

/** What to show under one of my messages: who has read it (read receipts). */
export interface SeenMarker {
  messageId: string;
  /** The members whose read mark reaches it. */
  readerIds: string[];
}

/**
 * "Seen" goes under my latest message that someone has read (a pair: the partner; a group: "Seen by N",
 * N counting every member whose mark reaches that message). Null when none of my messages is read yet.
 */
export function seenMarker(messages: readonly ViewMessage[], myId: string, marks: readonly ReadMark[]): SeenMarker | null {
  if (marks.length === 0) return null;
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const m = messages[i]!;
    if (m.local || m.sender_id !== myId || m.system_event) continue;
    const readerIds = marks.filter((r) => compareIds(r.lastReadMessageId, m.id) >= 0).map((r) => r.userId);
    if (readerIds.length > 0) return { messageId: m.id, readerIds };
  }
  return null;
}

/** A read.updated event folded into the marks (a mark only moves forward). */
export function applyRead(marks: readonly ReadMark[], event: ReadMark): ReadMark[] {
  const current = marks.find((r) => r.userId === event.userId);
  if (!current) return [...marks, event];
  if (compareIds(event.lastReadMessageId, current.lastReadMessageId) <= 0) return marks as ReadMark[];
  return marks.map((r) => (r.userId === event.userId ? event : r));
}
