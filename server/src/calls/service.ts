import {
  CALL_LIMITS, isLanguageCode, type CallCapabilities, type CallEndReason, type CallEventKind, type CallInfo, type CallState, type GroupSystemEvent,
} from '@parley/common';
import { insertSystemLine, sendContext } from '../chat/messageSender.ts';
import type { EventPublisher } from '../chat/types.ts';
import type { Db } from '../db/connect.ts';
import { AppError } from '../http/errors.ts';
import { createRateLimit } from '../http/rateLimit.ts';
import { blockedEitherWay } from '../safety/blocks.ts';
import {
  callNotFound, insertCall, isDisabled, loadCall, markAnswered, markEnded, openCallBetween, openCallOf, openCallsOfSession, overdueCalls, presentCall,
  type CallRow,
} from './store.ts';

export interface CallTimings {
  /** Ring time before 'missed' (CALL_RING_SECONDS). */
  ringMs: number;
  /** A side without a media socket this long ends the call ('connection_lost'). */
  graceMs: number;
  /** How often a node renews the sides it carries and sweeps overdue calls; a side not renewed for 3x this lost its server. */
  aliveMs: number;
}

export interface CallServiceDeps {
  db: Db;
  events: EventPublisher;
  now: () => Date;
  timings: CallTimings;
  /** Can this server recognise / speak a language (the voice engines' checks). */
  recognises: (language: string) => boolean;
  speaks: (language: string) => boolean;
  warn: (err: unknown, message: string) => void;
  /** Ringing, and a call that ended unanswered: Web Push to the callee's devices (app.ts wires push/'s queueCallPush). */
  onRinging?: ((call: CallInfo) => void) | undefined;
  onMissed?: ((call: CallInfo) => void) | undefined;
}

/** Something every node's media layer must hear: this call ended. */
export type CallEndedListener = (call: CallInfo) => void;

const OUTCOME_LINES: Partial<Record<CallEndReason, CallEventKind>> = {
  missed: 'call_missed', declined: 'call_declined', cancelled: 'call_cancelled', busy: 'call_busy',
};

/**
 * Calling: the state machine over the `calls` table (ringing -> active -> ended), the chat-socket signalling,
 * the system lines. Every transition is one conditional UPDATE, so two nodes (or two devices) acting at once
 * cannot both win. The media sockets are elsewhere (media.ts); they hear ends through `onEnded`.
 */
export class CallService {
  private readonly attempts = createRateLimit({
    name: 'call', points: CALL_LIMITS.attemptsPerMinute, durationSec: 60,
    tooMany: (s) => `Too many calls. Try again in ${s} seconds.`,
  });
  private readonly endedListeners: CallEndedListener[] = [];
  private readonly ringTimers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly deps: CallServiceDeps) {}

  onEnded(listener: CallEndedListener): void {
    this.endedListeners.push(listener);
  }

  /** The pre-call notice: can this server hear and speak each side (members only; others the room's 404). */
  async capabilities(userId: string, roomId: string): Promise<CallCapabilities> {
    const room = await sendContext(this.deps.db, roomId, userId);
    const names = await this.deps.db.selectFrom('profiles').select(['id', 'username']).where('id', 'in', room.readers.map((r) => r.id)).execute();
    const side = (id: string, language: string | null) => {
      const code = isLanguageCode(language) ? language : null;
      return { userId: id, username: names.find((n) => n.id === id)?.username ?? '', language: code, recognised: code !== null && this.deps.recognises(code), spoken: code !== null && this.deps.speaks(code) };
    };
    const me = room.readers.find((r) => r.id === userId)!;
    const other = room.kind === 'direct' ? room.readers.find((r) => r.id !== userId) : undefined;
    const self = side(userId, me.language);
    if (!other) return { roomId, callable: false, reason: 'not_a_pair', self, partner: null, sameLanguage: false };
    const partner = side(other.id, other.language);
    const blocked = await blockedEitherWay(this.deps.db, userId, other.id);
    return { roomId, callable: !blocked, reason: blocked ? 'cannot_call' : null, self, partner, sameLanguage: self.language === partner.language };
  }

  /** Call the other member of a one-to-one room. */
  async start(userId: string, sessionId: string, roomId: string): Promise<CallInfo> {
    const { db } = this.deps;
    const room = await sendContext(db, roomId, userId); // the room's 404 for non-members
    if (room.kind !== 'direct') throw new AppError(400, 'not_a_pair', 'Calls are between two people; a group cannot be called');
    const calleeId = room.readers.find((r) => r.id !== userId)?.id;
    if (!calleeId) throw new AppError(400, 'not_a_pair', 'Calls are between two people; a group cannot be called');
    if (await blockedEitherWay(db, userId, calleeId)) throw new AppError(403, 'cannot_call', "You can't call this person");
    await this.attempts.consume(userId);
    await this.sweep(); // an overdue call (a dead node's, an unanswered one) must not make anyone busy
    const now = this.deps.now();
    const row = await insertCall(db, { roomId, callerId: userId, calleeId, callerSession: sessionId, ringUntil: new Date(now.getTime() + this.deps.timings.ringMs) }, now);
    const call = await presentCall(db, row);
    if (row.state === 'ended') {
      await this.announceEnd(row, call, []);
      return call;
    }
    this.deps.events.publish([userId, calleeId], { v: 1, type: 'call.ringing', call });
    this.deps.onRinging?.(call);
    this.armRingTimer(row.id);
    return call;
  }

  /** The callee answers on one device; the other devices hear `call.accepted` with another deviceId. */
  async accept(userId: string, sessionId: string, callId: string, deviceId: string): Promise<CallInfo> {
    const { db } = this.deps;
    const before = await this.participantCall(userId, callId);
    if (before.callee_id !== userId) throw callNotFound();
    const row = await markAnswered(db, callId, sessionId, deviceId, this.deps.now());
    if (!row) {
      const now = await loadCall(db, callId);
      if (now?.state === 'active') throw new AppError(409, 'call_answered_elsewhere', 'This call was answered on another device');
      throw new AppError(409, 'call_ended', 'This call is over');
    }
    this.clearRingTimer(callId);
    const call = await presentCall(db, row);
    this.deps.events.publish([row.caller_id, row.callee_id], { v: 1, type: 'call.accepted', call, deviceId });
    return call;
  }

  async decline(userId: string, callId: string): Promise<CallInfo> {
    const row = await this.participantCall(userId, callId);
    if (row.callee_id !== userId) throw callNotFound();
    return this.finish(row, ['ringing'], 'declined', userId);
  }

  /** The caller cancels a ringing call; either side hangs up an active one. */
  async end(userId: string, callId: string): Promise<CallInfo> {
    const row = await this.participantCall(userId, callId);
    if (row.state === 'ringing') {
      if (row.caller_id !== userId) throw new AppError(409, 'call_ended', 'Decline a call that rings; end it once answered');
      return this.finish(row, ['ringing'], 'cancelled', userId);
    }
    return this.finish(row, ['active'], 'hangup', userId);
  }

  async current(userId: string): Promise<CallInfo | null> {
    const row = await openCallOf(this.deps.db, userId);
    return row ? presentCall(this.deps.db, row) : null;
  }

  /** A session ended (sign-out, expiry, disabled account): its calls end, the partner told why. */
  async endForSession(sessionId: string): Promise<void> {
    for (const row of await openCallsOfSession(this.deps.db, sessionId)) {
      const who = row.caller_session === sessionId ? row.caller_id : row.callee_id;
      const reason = (await isDisabled(this.deps.db, who)) ? 'account_disabled' : 'signed_out';
      await this.endRow(row, reason, who);
    }
  }

  /** One blocked the other: a call between them ends at once. */
  async endBetween(blockerId: string, blockedId: string): Promise<void> {
    const row = await openCallBetween(this.deps.db, blockerId, blockedId);
    if (row) await this.endRow(row, 'blocked', blockerId);
  }

  /** End it whatever its state, for a reason that is not the people's choice (ringing: reads as cancelled). */
  async endRow(row: CallRow, reason: CallEndReason, endedBy: string | null): Promise<void> {
    const why = row.state === 'ringing' && reason !== 'missed' ? 'cancelled' : reason;
    await this.finish(row, ['ringing', 'active'], why, endedBy).catch((err: unknown) => {
      if (!(err instanceof AppError)) throw err; // someone else ended it first
    });
  }

  /** Overdue calls (rang out, a side's server or connection gone): ended here; another node may win each. */
  async sweep(): Promise<void> {
    const { timings } = this.deps;
    const overdue = await overdueCalls(this.deps.db, this.deps.now(), timings.aliveMs * 3, timings.graceMs);
    for (const { row, reason } of overdue) await this.endRow(row, reason, null);
  }

  close(): void {
    for (const timer of this.ringTimers.values()) clearTimeout(timer);
    this.ringTimers.clear();
  }

  private async participantCall(userId: string, callId: string): Promise<CallRow> {
    const row = await loadCall(this.deps.db, callId);
    if (!row || (row.caller_id !== userId && row.callee_id !== userId)) throw callNotFound();
    return row;
  }

  private async finish(row: CallRow, from: readonly CallState[], reason: CallEndReason, endedBy: string | null): Promise<CallInfo> {
    const { db } = this.deps;
    const ended = await markEnded(db, row.id, from, reason, endedBy, this.deps.now());
    if (!ended) {
      const now = await loadCall(db, row.id);
      if (now?.state === 'active' && from.includes('ringing') && !from.includes('active')) {
        throw new AppError(409, 'call_answered_elsewhere', 'This call was answered already');
      }
      throw new AppError(409, 'call_ended', 'This call is over');
    }
    this.clearRingTimer(row.id);
    const call = await presentCall(db, ended.row);
    await this.announceEnd(ended.row, call, ended.transcript);
    return call;
  }

  /** The system line(s), `call.ended` to both users, the media layer, the missed-call hook. */
  private async announceEnd(row: CallRow, call: CallInfo, transcript: GroupSystemEvent['transcript'] & object): Promise<void> {
    const { db, events } = this.deps;
    const users = [row.caller_id, row.callee_id];
    const lines: GroupSystemEvent[] = [];
    const base = { actor: { id: call.caller.id, username: call.caller.username }, target: { id: call.callee.id, username: call.callee.username }, name: null, register: null };
    const outcome = row.end_reason ? OUTCOME_LINES[row.end_reason] : undefined;
    if (outcome) lines.push({ kind: outcome, ...base });
    else if (row.answered_at) {
      const seconds = Math.max(0, Math.round((new Date(row.ended_at!).getTime() - new Date(row.answered_at).getTime()) / 1000));
      lines.push({ kind: 'call_completed', ...base, durationSeconds: seconds });
      if (transcript.length) lines.push({ kind: 'call_transcript', ...base, transcript });
    }
    for (const line of lines) {
      try {
        const message = await insertSystemLine(db, row.room_id, row.caller_id, line);
        events.publish(users, { v: 1, type: 'message.created', message });
      } catch (err) {
        this.deps.warn(err, 'calls: could not write the call system line'); // the room was deleted meanwhile
      }
    }
    events.publish(users, { v: 1, type: 'call.ended', call });
    for (const listener of this.endedListeners) listener(call);
    // Not answered, whether it rang out or the caller gave up: the callee's ringing notification becomes "Missed call".
    if (row.end_reason === 'missed' || (row.end_reason === 'cancelled' && !row.answered_at)) this.deps.onMissed?.(call);
  }

  private armRingTimer(callId: string): void {
    const timer = setTimeout(() => {
      this.ringTimers.delete(callId);
      void this.sweep().catch((err: unknown) => this.deps.warn(err, 'calls: ring timeout failed'));
    }, this.deps.timings.ringMs + 50);
    timer.unref();
    this.ringTimers.set(callId, timer);
  }

  private clearRingTimer(callId: string): void {
    clearTimeout(this.ringTimers.get(callId));
    this.ringTimers.delete(callId);
  }
}
