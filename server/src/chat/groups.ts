import {
  DEFAULT_GROUP_REGISTER, GROUP_LIMITS, type ChatMessage, type CreateGroupBody,
  type FormerMember, type GroupResponse, type GroupSystemEvent, type RoomMember, type UpdateGroupBody,
} from '@parley/common';
import type { Db } from '../db/connect.ts';
import { AppError } from '../http/errors.ts';
import { withoutThoseWhoBlocked } from '../safety/reach.ts';
import { formerReader, isUuid, roomNotFound } from './membership.ts';
import { presentMessage } from './presenters.ts';
import { getConversation } from './rooms.ts';
import type { Committed, DomainEvent, EventLog } from '../events/index.ts';
import type { EventPublisher } from './types.ts';

/** What a membership change needs: the database, the sockets, and the send-context cache to empty on every node. */
export interface GroupDeps {
  db: Db;
  events: EventPublisher;
  contexts: { changed(): void };
  /** Where each change records its domain events (push for the lines that invite, webhooks, ...). */
  eventLog: EventLog;
}

/** A group's system lines as sent messages: only 'created' and 'member_added' tell a phone (they invite). */
const linesSent = (roomId: string, actorId: string | null, lines: readonly ChatMessage[]): DomainEvent[] => lines.map((l) => ({
  type: 'message.sent', roomId, messageId: l.id, actorId, notify: l.system_event?.kind === 'created' || l.system_event?.kind === 'member_added',
}));

const notAdmin = () => new AppError(403, 'not_admin', 'Only an admin of this group can do that');
const notAGroup = () => new AppError(400, 'not_a_group', 'This conversation is not a group');
const unknownMember = () => new AppError(400, 'unknown_member', 'No such person');

/**
 * The members of a room, oldest first, and its former members (their names stay on their words).
 * A removed member reading their history gets no members, and as former members the people who were there
 * before their removal (current or gone). Others and missing rooms get the room's 404.
 */
export async function listMembers(db: Db, callerId: string, roomId: string): Promise<{ members: RoomMember[]; former: FormerMember[] }> {
  const members = await membersOf(db, roomId);
  if (members.some((m) => m.id === callerId)) return { members, former: await formerOf(db, roomId) };
  const access = await formerReader(db, roomId, callerId);
  if (!access?.until) throw roomNotFound();
  const before = access.until.at.getTime();
  const everyone = [...members, ...(await formerOf(db, roomId))];
  return { members: [], former: everyone.filter((p) => new Date(p.joined_at).getTime() <= before).map(({ id, username, joined_at }) => ({ id, username, joined_at })) };
}

/** A group's former members who still have an account, in the order they joined. */
async function formerOf(db: Db, roomId: string): Promise<FormerMember[]> {
  const rows = await db
    .selectFrom('room_former_members as f')
    .innerJoin('profiles as pr', 'pr.id', 'f.user_id')
    .select(['pr.id', 'pr.username', 'f.joined_at'])
    .where('f.chat_room_id', '=', roomId)
    .orderBy('f.joined_at').orderBy('f.user_id')
    .execute();
  return rows.map((r) => ({ id: r.id, username: r.username, joined_at: new Date(r.joined_at).toISOString() }));
}

/** Record someone who is no longer in a group (their name, and for a removal the history they keep up to `line`). */
async function recordFormer(tx: Db, roomId: string, member: { user_id: string; joined_at: Date }, reason: 'removed' | 'left', line: ChatMessage | undefined): Promise<void> {
  if (!line) return;
  const row = { reason, joined_at: member.joined_at, left_at: new Date(line.created_at), until_message_id: line.id, hidden: reason === 'left' };
  await tx.insertInto('room_former_members').values({ chat_room_id: roomId, user_id: member.user_id, ...row })
    .onConflict((oc) => oc.columns(['chat_room_id', 'user_id']).doUpdateSet(row)).execute();
}

async function membersOf(db: Db, roomId: string): Promise<RoomMember[]> {
  if (!isUuid(roomId)) return [];
  const rows = await db
    .selectFrom('chat_room_participants as p')
    .innerJoin('profiles as pr', 'pr.id', 'p.user_id')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['pr.id', 'pr.username', 'pr.language', 'p.role', 'p.joined_at', 'u.is_bot'])
    .where('p.chat_room_id', '=', roomId)
    .orderBy('p.joined_at').orderBy('p.user_id')
    .execute();
  return rows.map((r) => ({ id: r.id, username: r.username, language: r.language, is_admin: r.role === 'admin', joined_at: new Date(r.joined_at).toISOString(), ...(r.is_bot ? { bot: true as const } : {}) }));
}

/** Existing accounts among `ids` (a deleted account has no profile). */
async function usernames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('profiles').select(['id', 'username']).where('id', 'in', ids as string[]).execute();
  return new Map(rows.map((r) => [r.id, r.username]));
}

async function insertEvents(tx: Db, roomId: string, actorId: string | null, events: GroupSystemEvent[]): Promise<ChatMessage[]> {
  if (events.length === 0) return [];
  const rows = await tx
    .insertInto('messages')
    .values(events.map((e, i) => ({
      chat_room_id: roomId, sender_id: actorId, client_id: `system-${crypto.randomUUID()}-${i}`, content: '',
      original_language: null, system_event: JSON.stringify(e),
    })))
    .returningAll()
    .execute();
  return rows.map((r) => presentMessage(r));
}

const event = (kind: GroupSystemEvent['kind'], p: Partial<Omit<GroupSystemEvent, 'kind'>> = {}): GroupSystemEvent => ({
  kind, actor: p.actor ?? null, target: p.target ?? null, name: p.name ?? null, register: p.register ?? null,
});

/** Create a group: the creator (admin) and 2-255 existing people, a 'created' line; each member's list gets the room. */
export async function createGroup(deps: GroupDeps, creatorId: string, body: CreateGroupBody): Promise<GroupResponse> {
  const { db } = deps;
  if (body.memberIds.includes(creatorId)) throw new AppError(400, 'duplicate_member', 'You are in the group already');
  const names = await usernames(db, [creatorId, ...body.memberIds]);
  if (body.memberIds.some((id) => !names.has(id))) throw unknownMember();
  // Whoever blocked the creator is left out, without a word (safety/reach.ts).
  body = { ...body, memberIds: await withoutThoseWhoBlocked(db, creatorId, body.memberIds) };
  const register = body.register ?? DEFAULT_GROUP_REGISTER;
  const { roomId, recorded } = await db.transaction().execute(async (tx) => {
    const room = await tx.insertInto('chat_rooms')
      .values({ name: body.name, created_by: creatorId, pair_key: null, kind: 'group', register })
      .returning('id').executeTakeFirstOrThrow();
    await tx.insertInto('chat_room_participants')
      .values([{ chat_room_id: room.id, user_id: creatorId, role: 'admin' as const }, ...body.memberIds.map((id) => ({ chat_room_id: room.id, user_id: id, role: 'member' as const }))])
      .execute();
    const lines = await insertEvents(tx, room.id, creatorId, [event('created', { actor: { id: creatorId, username: names.get(creatorId) ?? '' }, name: body.name, register })]);
    const joined = [creatorId, ...body.memberIds].map((userId): DomainEvent => ({ type: 'member.joined', roomId: room.id, userId, actorId: creatorId }));
    return { roomId: room.id, recorded: await deps.eventLog.record(tx, [...linesSent(room.id, creatorId, lines), ...joined]) };
  });
  recorded.wake();
  const room = await getConversation(db, creatorId, roomId);
  deps.events.publish([creatorId], { v: 1, type: 'room.created', room });
  for (const id of body.memberIds) {
    deps.events.publish([id], { v: 1, type: 'room.created', room: { ...room, isAdmin: false, unreadCount: 1, lastMessage: room.lastMessage && { ...room.lastMessage, isFromCurrentUser: false } } });
  }
  return { room, members: await membersOf(db, roomId) };
}

/**
 * One membership change: the members locked (FOR UPDATE, so two changes of one group queue), the
 * caller checked (a non-member gets the room's 404; a pair is not a group; `admin`: only admins),
 * `change` run, all in one transaction. Then the send-context cache is emptied on every node, so a
 * removed member's next send asks the database, and `after` publishes.
 */
async function change<T>(
  deps: GroupDeps, callerId: string, roomId: string, admin: boolean,
  fn: (tx: Db, ctx: { members: { user_id: string; role: string; joined_at: Date }[]; names: Map<string, string> }, record: RecordEvents) => Promise<T>,
): Promise<T> {
  if (!isUuid(roomId)) throw roomNotFound();
  const recorded: Committed[] = [];
  const record: RecordEvents = async (tx, events) => void recorded.push(await deps.eventLog.record(tx, events));
  const result = await deps.db.transaction().execute(async (tx) => {
    const room = await tx.selectFrom('chat_rooms').select(['kind']).where('id', '=', roomId).forUpdate().executeTakeFirst();
    const members = await tx.selectFrom('chat_room_participants').select(['user_id', 'role', 'joined_at']).where('chat_room_id', '=', roomId)
      .orderBy('joined_at').orderBy('user_id').execute();
    const me = members.find((m) => m.user_id === callerId);
    if (!room || !me) throw roomNotFound();
    if (room.kind !== 'group') throw notAGroup();
    if (admin && me.role !== 'admin') throw notAdmin();
    return fn(tx, { members, names: await usernames(tx, members.map((m) => m.user_id)) }, record);
  });
  for (const r of recorded) r.wake();
  deps.contexts.changed();
  return result;
}

type RecordEvents = (tx: Db, events: DomainEvent[]) => Promise<void>;

const person = (names: Map<string, string>, id: string) => ({ id, username: names.get(id) ?? '' });

/** Admins add people (existing accounts, not yet in; the group stays within 256). */
export async function addMembers(deps: GroupDeps, callerId: string, roomId: string, requested: string[]): Promise<GroupResponse> {
  let userIds = requested;
  const { lines, before } = await change(deps, callerId, roomId, true, async (tx, { members, names }, record) => {
    if (userIds.some((id) => members.some((m) => m.user_id === id))) throw new AppError(409, 'already_member', 'That person is in the group already');
    if (members.length + userIds.length > GROUP_LIMITS.maxMembers) throw new AppError(400, 'too_many_members', `A group has at most ${GROUP_LIMITS.maxMembers} members`);
    const added = await usernames(tx, userIds);
    if (userIds.some((id) => !added.has(id))) throw unknownMember();
    // Whoever blocked the adder is left out, with the same answer as if they were added (safety/reach.ts).
    userIds = await withoutThoseWhoBlocked(tx, callerId, userIds);
    if (userIds.length === 0) return { lines: [], before: members.map((m) => m.user_id) };
    await tx.insertInto('chat_room_participants').values(userIds.map((id) => ({ chat_room_id: roomId, user_id: id, role: 'member' as const }))).execute();
    // Back in the group: a member again, no longer a former one (their old read-only copy goes with it).
    await tx.deleteFrom('room_former_members').where('chat_room_id', '=', roomId).where('user_id', 'in', userIds).execute();
    const lines = await insertEvents(tx, roomId, callerId, userIds.map((id) => event('member_added', { actor: person(names, callerId), target: { id, username: added.get(id) ?? '' } })));
    const joined = userIds.map((userId): DomainEvent => ({ type: 'member.joined', roomId, userId, actorId: callerId }));
    await record(tx, [...linesSent(roomId, callerId, lines), ...joined]);
    return { lines, before: members.map((m) => m.user_id) };
  });
  if (userIds.length === 0) return { room: await getConversation(deps.db, callerId, roomId), members: await membersOf(deps.db, roomId) };
  const members = await membersOf(deps.db, roomId);
  const added = members.filter((m) => userIds.includes(m.id));
  deps.events.publish(before, { v: 1, type: 'group.member_added', roomId, members: added, memberCount: members.length });
  for (const line of lines) deps.events.publish(before, { v: 1, type: 'message.created', message: line });
  for (const id of userIds) deps.events.publish([id], { v: 1, type: 'room.created', room: await getConversation(deps.db, id, roomId) });
  return { room: await getConversation(deps.db, callerId, roomId), members };
}

/** Admins remove a member; removing yourself is leaving, except for the last admin (who must leave, handing admin on). */
export async function removeMember(deps: GroupDeps, callerId: string, roomId: string, targetId: string): Promise<GroupResponse> {
  const { lines, remaining } = await change(deps, callerId, roomId, true, async (tx, { members, names }, record) => {
    const target = members.find((m) => m.user_id === targetId);
    if (!target) throw unknownMember();
    if (targetId === callerId && members.filter((m) => m.role === 'admin').length === 1 && members.length > 1) {
      throw new AppError(409, 'last_admin_needs_successor', 'Make another member an admin first, or leave the group');
    }
    await tx.deleteFrom('chat_room_participants').where('chat_room_id', '=', roomId).where('user_id', '=', targetId).execute();
    const lines = await insertEvents(tx, roomId, callerId, [event('member_removed', { actor: person(names, callerId), target: person(names, targetId) })]);
    // Removed by an admin: they keep the history up to this line, read-only (a member removing themselves has left).
    await recordFormer(tx, roomId, target, targetId === callerId ? 'left' : 'removed', lines[0]);
    await record(tx, [...linesSent(roomId, callerId, lines), { type: 'member.left', roomId, userId: targetId, actorId: callerId }]);
    return { lines, remaining: members.filter((m) => m.user_id !== targetId).map((m) => m.user_id) };
  });
  deps.events.publish([targetId], { v: 1, type: 'group.you_were_removed', roomId, reason: 'removed' });
  deps.events.publish(remaining, { v: 1, type: 'group.member_removed', roomId, userId: targetId, memberCount: remaining.length });
  for (const line of lines) deps.events.publish(remaining, { v: 1, type: 'message.created', message: line });
  return { room: await getConversation(deps.db, callerId, roomId), members: await membersOf(deps.db, roomId) };
}

/** Admins make another member an admin. */
export async function makeAdmin(deps: GroupDeps, callerId: string, roomId: string, targetId: string): Promise<GroupResponse> {
  const { lines, all } = await change(deps, callerId, roomId, true, async (tx, { members, names }, record) => {
    const target = members.find((m) => m.user_id === targetId);
    if (!target) throw unknownMember();
    if (target.role === 'admin') return { lines: [], all: [] };
    await tx.updateTable('chat_room_participants').set({ role: 'admin' }).where('chat_room_id', '=', roomId).where('user_id', '=', targetId).execute();
    const lines = await insertEvents(tx, roomId, callerId, [event('admin_granted', { actor: person(names, callerId), target: person(names, targetId) })]);
    await record(tx, [...linesSent(roomId, callerId, lines), { type: 'member.role_changed', roomId, userId: targetId, actorId: callerId, admin: true }]);
    return { lines, all: members.map((m) => m.user_id) };
  });
  if (lines.length) deps.events.publish(all, { v: 1, type: 'group.admin_granted', roomId, userId: targetId });
  for (const line of lines) deps.events.publish(all, { v: 1, type: 'message.created', message: line });
  return { room: await getConversation(deps.db, callerId, roomId), members: await membersOf(deps.db, roomId) };
}

/** Admins rename the group and/or change its register (the tone of every later translation). */
export async function updateGroup(deps: GroupDeps, callerId: string, roomId: string, body: UpdateGroupBody): Promise<GroupResponse> {
  const { lines, all } = await change(deps, callerId, roomId, true, async (tx, { members, names }, record) => {
    await tx.updateTable('chat_rooms').set({ ...(body.name !== undefined ? { name: body.name } : {}), ...(body.register ? { register: body.register } : {}) }).where('id', '=', roomId).execute();
    const actor = person(names, callerId);
    const lines = await insertEvents(tx, roomId, callerId, [
      ...(body.name !== undefined ? [event('renamed', { actor, name: body.name })] : []),
      ...(body.register ? [event('register_changed', { actor, register: body.register })] : []),
    ]);
    await record(tx, linesSent(roomId, callerId, lines));
    return { lines, all: members.map((m) => m.user_id) };
  });
  if (body.name !== undefined) deps.events.publish(all, { v: 1, type: 'group.renamed', roomId, name: body.name });
  if (body.register) deps.events.publish(all, { v: 1, type: 'group.register_changed', roomId, register: body.register });
  for (const line of lines) deps.events.publish(all, { v: 1, type: 'message.created', message: line });
  return { room: await getConversation(deps.db, callerId, roomId), members: await membersOf(deps.db, roomId) };
}

/**
 * Anyone leaves. The last admin leaving hands admin to `successorId` (a member) or else to the
 * longest-standing member; the last member leaving deletes the group, its messages and media.
 */
export async function leaveGroup(deps: GroupDeps, callerId: string, roomId: string, successorId?: string): Promise<{ deleted: boolean }> {
  const outcome = await change(deps, callerId, roomId, false, async (tx, { members, names }, record) => {
    const others = members.filter((m) => m.user_id !== callerId);
    if (others.length === 0) {
      await record(tx, [{ type: 'member.left', roomId, userId: callerId, actorId: callerId }]);
      await tx.deleteFrom('chat_rooms').where('id', '=', roomId).execute();
      return { deleted: true, lines: [] as ChatMessage[], remaining: [] as string[] };
    }
    await tx.deleteFrom('chat_room_participants').where('chat_room_id', '=', roomId).where('user_id', '=', callerId).execute();
    const events = [event('member_left', { actor: person(names, callerId) })];
    const me = members.find((m) => m.user_id === callerId);
    if (me?.role === 'admin' && !others.some((m) => m.role === 'admin')) {
      const heir = successorId !== undefined ? others.find((m) => m.user_id === successorId) : others[0];
      if (!heir) throw unknownMember();
      await tx.updateTable('chat_room_participants').set({ role: 'admin' }).where('chat_room_id', '=', roomId).where('user_id', '=', heir.user_id).execute();
      events.push(event('admin_granted', { target: person(names, heir.user_id) }));
    }
    const lines = await insertEvents(tx, roomId, callerId, events);
    if (me) await recordFormer(tx, roomId, me, 'left', lines[0]);
    const heir = events[1]?.target?.id;
    await record(tx, [
      ...linesSent(roomId, callerId, lines), { type: 'member.left', roomId, userId: callerId, actorId: callerId },
      ...(heir ? [{ type: 'member.role_changed', roomId, userId: heir, actorId: callerId, admin: true } as const] : []),
    ]);
    return { deleted: false, lines, remaining: others.map((m) => m.user_id), heir: events[1]?.target?.id };
  });
  deps.events.publish([callerId], { v: 1, type: 'group.you_were_removed', roomId, reason: 'left' });
  if (!outcome.deleted) {
    deps.events.publish(outcome.remaining, { v: 1, type: 'group.member_removed', roomId, userId: callerId, memberCount: outcome.remaining.length });
    if ('heir' in outcome && outcome.heir) deps.events.publish(outcome.remaining, { v: 1, type: 'group.admin_granted', roomId, userId: outcome.heir });
    for (const line of outcome.lines) deps.events.publish(outcome.remaining, { v: 1, type: 'message.created', message: line });
  }
  return { deleted: outcome.deleted };
}
