/**
 * What happened, recorded in the transaction that made it happen (events/log.ts). Each names its room and who did it;
 * the rest is what a consumer needs to find the current state (consumers read rows when they run: an event carries
 * ids, never copies of content that an edit or a deletion could make stale).
 */
export type DomainEvent =
  /**
   * A message stored (a system line too: a group created, members added). `notify`: a member's device may need a push.
   * `link`: its text has a link to preview (linkPreviews/; absent: none, or the sender removed the preview).
   */
  | { type: 'message.sent'; roomId: string; messageId: string; actorId: string | null; notify: boolean; link?: boolean }
  /** `at`: the edit's or the deletion's time (ISO), which tells two changes of one message apart. */
  | { type: 'message.edited'; roomId: string; messageId: string; actorId: string; at: string }
  | { type: 'message.deleted'; roomId: string; messageId: string; actorId: string; at: string }
  | { type: 'reaction.changed'; roomId: string; messageId: string; actorId: string }
  | { type: 'member.joined'; roomId: string; userId: string; actorId: string | null }
  /** Left on their own (actorId = userId) or removed by an admin. */
  | { type: 'member.left'; roomId: string; userId: string; actorId: string | null }
  | { type: 'member.role_changed'; roomId: string; userId: string; actorId: string; admin: boolean }
  | { type: 'user.blocked'; actorId: string; userId: string }
  | { type: 'user.unblocked'; actorId: string; userId: string };

export type DomainEventType = DomainEvent['type'];

/**
 * What is known before the rows exist (a send asks before its insert whether anyone wants its event: when nobody
 * does, the send stays one statement with no transaction). A consumer's `wants` sees this, or the whole event.
 */
export type EventIntent = { type: DomainEventType; roomId?: string; notify?: boolean; link?: boolean };
