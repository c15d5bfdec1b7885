import type { Db } from '../db/connect.ts';
import { blockedEitherWayAmong } from '../safety/blocks.ts';
import { isUuid } from './membership.ts';
import { roomReaders } from './readers.ts';
import type { EventPublisher } from './types.ts';

/**
 * Relay "userId is typing in roomId" to the room's other members. A non-member's frame (or a room
 * that does not exist) is dropped silently: the sender learns nothing either way. The audience is
 * read now, through the event publisher, so it reaches every node and never a removed member, nor
 * anyone the writer blocked or who blocked the writer (their typing stops at once: issue 38 item 6).
 */
export async function relayTyping(db: Db, events: EventPublisher, roomId: string, userId: string): Promise<void> {
  if (!isUuid(roomId)) return;
  const readers = await roomReaders(db, roomId);
  if (!readers.some((r) => r.id === userId)) return;
  // A block either way: neither sees the other typing (block and report).
  const candidates = readers.filter((r) => r.id !== userId).map((r) => r.id);
  const hidden = await blockedEitherWayAmong(db, userId, candidates);
  const others = candidates.filter((id) => !hidden.has(id));
  if (others.length) events.publish(others, { v: 1, type: 'typing', roomId, userId });
}
