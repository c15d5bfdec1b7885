import type { Db } from '../db/connect.ts';
import { foreignKeyViolation } from '../db/errors.ts';
import { roomNotFound } from './membership.ts';
import { sendContext } from './messageSender.ts';

export type SendContext = Awaited<ReturnType<typeof sendContext>>;

const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

/**
 * sendContext (membership, both languages, the partner, the sender's relationship context) kept
 * per (room, sender) for a few seconds, so a send under load is one statement (the insert) instead
 * of two. Safe because:
 *  - only a successful membership check is kept (a non-member always asks the database);
 *  - membership ends only with the room, and an insert into a deleted room fails its foreign key,
 *    which `refuseDeletedRoom` turns into the room's 404;
 *  - whatever changes the rest (a profile's language, a saved relationship context, a deleted room)
 *    calls `changed()`, which empties this cache here and, through `onChanged` (the cluster bus),
 *    on every other node. The time limit bounds staleness should a bus message be lost.
 */
export class SendContexts {
  private readonly entries = new Map<string, { context: SendContext; until: number }>();
  /** Bumped by every clear: a context read before a change must not be kept after it (it may name a removed member). */
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly options: { onChanged?: () => void; now?: () => number } = {},
  ) {}

  async get(roomId: string, senderId: string): Promise<SendContext> {
    const now = this.options.now?.() ?? Date.now();
    const key = `${roomId}:${senderId}`;
    const hit = this.entries.get(key);
    if (hit && now < hit.until) return hit.context;
    const generation = this.generation;
    const context = await sendContext(this.db, roomId, senderId);
    if (generation !== this.generation) return context;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { context, until: now + TTL_MS });
    return context;
  }

  /** Something a context depends on changed here: forget every context on every node. */
  changed(): void {
    this.clear();
    this.options.onChanged?.();
  }

  /** Forget every context on this node (another node reported a change; Redis came back). */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  /** An insert whose room was deleted meanwhile (cached context): the room's 404, as for a non-member. */
  refuseDeletedRoom = (err: unknown): never => {
    if (foreignKeyViolation(err) === 'messages_chat_room_id_fkey') {
      this.clear();
      throw roomNotFound();
    }
    throw err;
  };
}
