import { isLanguageCode, type CallEndReason, type CallInfo, type CallState, type CallTranscriptLine } from '@parley/common';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { CallsTable } from '../db/schema.ts';
import { AppError, notFound } from '../http/errors.ts';

export type CallRow = Selectable<CallsTable>;

const iso = (d: Date | string | null) => (d === null ? null : (d instanceof Date ? d : new Date(d)).toISOString());
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Not a participant, an unknown id, a malformed id: one answer. */
export const callNotFound = () => notFound('Call not found');

export async function loadCall(db: Db, callId: string): Promise<CallRow | undefined> {
  if (!UUID.test(callId)) return undefined;
  return db.selectFrom('calls').selectAll().where('id', '=', callId).executeTakeFirst();
}

/** The call as its participants see it (names and languages read now). */
export async function presentCall(db: Db, row: CallRow): Promise<CallInfo> {
  const people = await db.selectFrom('profiles').select(['id', 'username', 'language']).where('id', 'in', [row.caller_id, row.callee_id]).execute();
  const party = (id: string) => {
    const p = people.find((x) => x.id === id);
    return { id, username: p?.username ?? '', language: p && isLanguageCode(p.language) ? p.language : null };
  };
  return {
    id: row.id, roomId: row.room_id, state: row.state, caller: party(row.caller_id), callee: party(row.callee_id),
    createdAt: iso(row.created_at)!, ringUntil: iso(row.ring_until)!, answeredAt: iso(row.answered_at), endedAt: iso(row.ended_at),
    endReason: row.end_reason, endedBy: row.ended_by,
  };
}

export interface NewCall {
  roomId: string;
  callerId: string;
  calleeId: string;
  callerSession: string;
  ringUntil: Date;
}

/**
 * Insert a ringing call and take both people's place in `user_calls` in one transaction. The caller
 * already in a call: 409 `already_in_call` (nothing written). The callee already in one: the call is
 * stored as ended 'busy' and holds no place (the outcome is still a call row and a system line).
 */
export async function insertCall(db: Db, input: NewCall, now: Date): Promise<CallRow> {
  return db.transaction().execute(async (tx) => {
    const row = await tx.insertInto('calls').values({
      room_id: input.roomId, caller_id: input.callerId, callee_id: input.calleeId, state: 'ringing',
      created_at: now, ring_until: input.ringUntil, caller_session: input.callerSession,
    }).returningAll().executeTakeFirstOrThrow();
    const take = (userId: string) => tx.insertInto('user_calls').values({ user_id: userId, call_id: row.id })
      .onConflict((oc) => oc.column('user_id').doNothing()).returning('user_id').executeTakeFirst();
    if (!(await take(input.callerId))) throw new AppError(409, 'already_in_call', 'You are in a call already');
    if (await take(input.calleeId)) return row;
    await tx.deleteFrom('user_calls').where('call_id', '=', row.id).execute();
    return tx.updateTable('calls').set({ state: 'ended', ended_at: now, end_reason: 'busy' })
      .where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
  });
}

/** Ringing -> active, once: the first accept wins; anything else gets undefined. */
export async function markAnswered(db: Db, callId: string, sessionId: string, deviceId: string, now: Date): Promise<CallRow | undefined> {
  return db.updateTable('calls')
    .set({ state: 'active', answered_at: now, callee_session: sessionId, accepted_device: deviceId, caller_alive_at: now, callee_alive_at: now })
    .where('id', '=', callId).where('state', '=', 'ringing').where('ring_until', '>', now)
    .returningAll().executeTakeFirst();
}

/**
 * End a call that is in one of `from`, once (two nodes ending it at the same moment: one wins; the other
 * gets undefined). Frees both people's place and empties the transcript (returned to the winner).
 */
export async function markEnded(db: Db, callId: string, from: readonly CallState[], reason: CallEndReason, endedBy: string | null, now: Date): Promise<{ row: CallRow; transcript: CallTranscriptLine[] } | undefined> {
  return db.transaction().execute(async (tx) => {
    const before = await tx.selectFrom('calls').select(['transcript', 'state']).where('id', '=', callId).forUpdate().executeTakeFirst();
    if (!before || !from.includes(before.state)) return undefined;
    const row = await tx.updateTable('calls')
      .set({ state: 'ended', ended_at: now, end_reason: reason, ended_by: endedBy, transcript: '[]', caller_node: null, callee_node: null })
      .where('id', '=', callId).returningAll().executeTakeFirstOrThrow();
    await tx.deleteFrom('user_calls').where('call_id', '=', callId).execute();
    const transcript = typeof before.transcript === 'string' ? (JSON.parse(before.transcript) as CallTranscriptLine[]) : before.transcript;
    return { row, transcript: row.caller_consent && row.callee_consent ? transcript : [] };
  });
}

/** The ringing or active call a user is in, if any. */
export async function openCallOf(db: Db, userId: string): Promise<CallRow | undefined> {
  return db.selectFrom('user_calls as u').innerJoin('calls as c', 'c.id', 'u.call_id').selectAll('c').where('u.user_id', '=', userId).executeTakeFirst();
}

/** Open calls a session takes part in (the caller's, or the device that answered). */
export async function openCallsOfSession(db: Db, sessionId: string): Promise<CallRow[]> {
  return db.selectFrom('calls').selectAll().where('state', '<>', 'ended')
    .where((eb) => eb.or([eb('caller_session', '=', sessionId), eb('callee_session', '=', sessionId)])).execute();
}

/** The open call between two people, if any. */
export async function openCallBetween(db: Db, a: string, b: string): Promise<CallRow | undefined> {
  return db.selectFrom('calls').selectAll().where('state', '<>', 'ended')
    .where((eb) => eb.or([eb.and([eb('caller_id', '=', a), eb('callee_id', '=', b)]), eb.and([eb('caller_id', '=', b), eb('callee_id', '=', a)])]))
    .executeTakeFirst();
}

export type Side = 'caller' | 'callee';
export const sideOf = (row: Pick<CallRow, 'caller_id'>, userId: string): Side => (row.caller_id === userId ? 'caller' : 'callee');

/** A side's media socket opened on `node` (or closed: null). */
export async function setSideNode(db: Db, callId: string, side: Side, node: string | null, now: Date): Promise<void> {
  const set = side === 'caller' ? { caller_node: node, caller_alive_at: now } : { callee_node: node, callee_alive_at: now };
  await db.updateTable('calls').set(set).where('id', '=', callId).where('state', '=', 'active').execute();
}

/** This node still carries these sides: one statement per side. */
export async function renewSides(db: Db, node: string, sides: { callId: string; side: Side }[], now: Date): Promise<void> {
  for (const side of ['caller', 'callee'] as const) {
    const ids = sides.filter((s) => s.side === side).map((s) => s.callId);
    if (ids.length === 0) continue;
    const set = side === 'caller' ? { caller_alive_at: now } : { callee_alive_at: now };
    await db.updateTable('calls').set(set).where('id', 'in', ids).where(`${side}_node`, '=', node).where('state', '=', 'active').execute();
  }
}

/**
 * Calls that must end now, and why: ringing past their time ('missed'); a side whose node stopped renewing it
 * ('server_lost', after `staleMs`); a side away (no socket) for longer than `graceMs` ('connection_lost').
 */
export async function overdueCalls(db: Db, now: Date, staleMs: number, graceMs: number): Promise<{ row: CallRow; reason: CallEndReason }[]> {
  const stale = new Date(now.getTime() - staleMs);
  const away = new Date(now.getTime() - graceMs);
  const rows = await db.selectFrom('calls').selectAll().where('state', '<>', 'ended')
    .where((eb) => eb.or([
      eb.and([eb('state', '=', 'ringing'), eb('ring_until', '<=', now)]),
      eb.and([eb('state', '=', 'active'), eb.or([
        eb.and([eb('caller_node', 'is not', null), eb('caller_alive_at', '<', stale)]),
        eb.and([eb('callee_node', 'is not', null), eb('callee_alive_at', '<', stale)]),
        eb.and([eb('caller_node', 'is', null), eb('caller_alive_at', '<', away)]),
        eb.and([eb('callee_node', 'is', null), eb('callee_alive_at', '<', away)]),
      ])]),
    ]))
    .limit(100).execute();
  return rows.map((row) => {
    if (row.state === 'ringing') return { row, reason: 'missed' as const };
    const lostServer = (row.caller_node !== null && new Date(row.caller_alive_at!) < stale) || (row.callee_node !== null && new Date(row.callee_alive_at!) < stale);
    return { row, reason: lostServer ? ('server_lost' as const) : ('connection_lost' as const) };
  });
}

/** Record one side's transcript agreement; answers both sides' agreement as it stands. */
export async function setConsent(db: Db, callId: string, side: Side, agree: boolean): Promise<{ caller: boolean; callee: boolean } | undefined> {
  const set = side === 'caller' ? { caller_consent: agree } : { callee_consent: agree };
  const row = await db.updateTable('calls').set(set).where('id', '=', callId).where('state', '=', 'active')
    .returning(['caller_consent', 'callee_consent']).executeTakeFirst();
  return row && { caller: row.caller_consent, callee: row.callee_consent };
}

/** Keep one utterance for the transcript, only while both agree and under the cap. */
export async function appendTranscript(db: Db, callId: string, line: CallTranscriptLine, maxLines: number): Promise<void> {
  await db.updateTable('calls').set({ transcript: sql`transcript || ${JSON.stringify([line])}::jsonb` as never })
    .where('id', '=', callId).where('state', '=', 'active').where('caller_consent', '=', true).where('callee_consent', '=', true)
    .where(sql<boolean>`jsonb_array_length(transcript) < ${maxLines}`)
    .execute();
}

/** Whether an account is disabled (a session end then reads 'account_disabled'). */
export async function isDisabled(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('disabled_at').where('id', '=', userId).executeTakeFirst();
  return Boolean(row?.disabled_at);
}
