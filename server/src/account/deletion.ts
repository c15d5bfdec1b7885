import type { DeleteAccountBody } from '@parley/common';
import { AUTH_MESSAGES, MENTION_DELETED } from '@parley/common';
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { AppError, notFound } from '../http/errors.ts';
import { verifyPassword } from '../auth/passwords.ts';
import type { EventPublisher } from '../chat/types.ts';

/** What an account's removal changed for others, told to their screens after the commit. */
export interface DeletionOutcome {
  email: string;
  /** Every session the account had: each end goes through SessionEvents (sockets closed on every node). */
  sessionIds: string[];
  /** Rooms the remaining members should redraw, with who is left in each and, in a group, a new admin. */
  rooms: { roomId: string; kind: 'direct' | 'group'; remaining: string[]; heir: string | null }[];
}

/**
 * Remove an account inside the caller's transaction: its sessions, mail tokens, blocks, identities (cascades),
 * profile and avatar, the media it uploaded, its place in every room, and the account itself, so the username and
 * the e-mail address are free again. Its messages stay in the others' history with no sender ("Deleted user"),
 * unless `eraseMessages`. A group it was the only admin of gets the longest-standing member as admin; a group or a
 * pair left with no one is deleted. Shared by "Delete my account", the console and the CLI.
 */
export async function removeAccount(tx: Db, userId: string, options: { eraseMessages: boolean }): Promise<DeletionOutcome> {
  const user = await tx.selectFrom('users').select(['id', 'email']).where('id', '=', userId).forUpdate().executeTakeFirst();
  if (!user) throw notFound('No such user');
  const sessionIds = (await tx.deleteFrom('sessions').where('user_id', '=', userId).returning('id').execute()).map((r) => r.id);

  const memberships = await tx.selectFrom('chat_room_participants as me').innerJoin('chat_rooms as r', 'r.id', 'me.chat_room_id')
    .select(['r.id', 'r.kind', 'me.role']).where('me.user_id', '=', userId).forUpdate().execute();
  const rooms: DeletionOutcome['rooms'] = [];
  for (const room of memberships) {
    const others = await tx.selectFrom('chat_room_participants').select(['user_id', 'role'])
      .where('chat_room_id', '=', room.id).where('user_id', '!=', userId).orderBy('joined_at').orderBy('user_id').execute();
    if (others.length === 0) {
      // No one left to read it: the room, its messages and media go (ON DELETE CASCADE).
      await tx.deleteFrom('chat_rooms').where('id', '=', room.id).execute();
      continue;
    }
    let heir: string | null = null;
    if (room.kind === 'group' && room.role === 'admin' && !others.some((o) => o.role === 'admin')) {
      heir = others[0]!.user_id;
      await tx.updateTable('chat_room_participants').set({ role: 'admin' }).where('chat_room_id', '=', room.id).where('user_id', '=', heir).execute();
    }
    // A pair's name held the username ("Chat: ana"): it no longer names anyone.
    if (room.kind === 'direct') await tx.updateTable('chat_rooms').set({ name: 'Chat' }).where('id', '=', room.id).execute();
    rooms.push({ roomId: room.id, kind: room.kind, remaining: others.map((o) => o.user_id), heir });
  }

  await forgetMentions(tx, userId, memberships.map((m) => m.id));
  if (options.eraseMessages) await tx.deleteFrom('messages').where('sender_id', '=', userId).execute();
  await tx.deleteFrom('chat_media').where('uploader_id', '=', userId).execute();
  await tx.deleteFrom('stored_files').where('bucket', '=', 'avatars').where('key', 'like', sql<string>`${`${userId}/`} || '%'`).execute();
  await tx.deleteFrom('users').where('id', '=', userId).execute();
  return { email: user.email, sessionIds, rooms };
}

/**
 * Mentions of the account (issue 36 item 4) point at nobody from now on: its id becomes MENTION_DELETED, the name as
 * written stays (it is in the text anyway), and the others' screens and exports read "Deleted user". Only the rooms it
 * is or was in (a mention resolves against the members), read before the former-member rows cascade away.
 */
async function forgetMentions(tx: Db, userId: string, roomIds: string[]): Promise<void> {
  const former = await tx.selectFrom('room_former_members').select('chat_room_id').where('user_id', '=', userId).execute();
  const rooms = [...new Set([...roomIds, ...former.map((f) => f.chat_room_id)])];
  if (rooms.length === 0) return;
  await sql`
    UPDATE messages SET mentions = (
      SELECT jsonb_agg(CASE WHEN e->>'id' = ${userId} THEN jsonb_build_object('id', ${MENTION_DELETED}::text, 'name', e->'name') ELSE e END ORDER BY n)
        FROM jsonb_array_elements(mentions) WITH ORDINALITY AS x(e, n))
     WHERE chat_room_id IN (${sql.join(rooms)}) AND mentions @> jsonb_build_array(jsonb_build_object('id', ${userId}::text))`.execute(tx);
}

/** After the commit: end the sessions everywhere, then redraw the rooms for the people left in them. */
export function announceDeletion(outcome: DeletionOutcome, deps: { endSessions(ids: string[]): void; events?: EventPublisher; contexts?: { changed(): void } }): void {
  deps.endSessions(outcome.sessionIds);
  deps.contexts?.changed();
  if (!deps.events) return;
  for (const room of outcome.rooms) {
    deps.events.publish(room.remaining, { v: 1, type: 'room.member_deleted', roomId: room.roomId, memberCount: room.remaining.length });
    if (room.heir) deps.events.publish(room.remaining, { v: 1, type: 'group.admin_granted', roomId: room.roomId, userId: room.heir });
  }
}

export interface DeleteOwnAccountDeps {
  db: Db;
  endSessions(ids: string[]): void;
  events: EventPublisher;
  contexts: { changed(): void };
  /** The audit entry, written in the deletion's transaction (admin/ owns the audit log). */
  audit(tx: Db, entry: { userId: string; email: string; eraseMessages: boolean }): Promise<void>;
}

/** "Delete my account": the password confirms; everything above in one transaction, then the announcements. */
export async function deleteOwnAccount(deps: DeleteOwnAccountDeps, userId: string, body: DeleteAccountBody): Promise<void> {
  const row = await deps.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
  if (!row) throw notFound('No such user');
  if (!(await verifyPassword(row.password_hash, body.password))) throw new AppError(403, 'wrong_password', AUTH_MESSAGES.wrongPassword);
  const eraseMessages = body.eraseMessages ?? false;
  const outcome = await deps.db.transaction().execute(async (tx) => {
    const result = await removeAccount(tx, userId, { eraseMessages });
    await deps.audit(tx, { userId, email: result.email, eraseMessages });
    return result;
  });
  announceDeletion(outcome, deps);
}
