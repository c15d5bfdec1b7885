import { createHash, randomBytes } from 'node:crypto';
import { retryOnConnectionLoss } from '../db/availability.ts';
import type { Db } from '../db/connect.ts';
import { endApiTokensOf } from './apiTokens.ts';
import type { SessionEvents } from './sessionEvents.ts';

export interface SessionSettings {
  idleMs: number;
  absoluteMs: number;
  now: () => Date;
  /** Told when a session ends here (sign-out, or found expired); closes its sockets. */
  events?: SessionEvents;
}

export interface SessionInfo {
  sessionId: string;
  userId: string;
  email: string;
  /** users.role is 'admin' (display only: admin routes read the role again). */
  admin: boolean;
}

/** Touch last_seen_at at most this often, so reads do not turn into writes on every request. */
const TOUCH_EVERY_MS = 60_000;
/**
 * A resolved session is reused this long without asking the database (one query less per
 * request). Sign-out drops it at once on this node and, through the cluster bus, on the others
 * (forget()).
 */
const CACHE_MS = 5_000;
const CACHE_MAX = 10_000;

interface CachedSession {
  info: SessionInfo;
  lastSeenAt: number;
  expiresAt: number;
  cachedAt: number;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Server-side sessions: the cookie holds a random token, the table only its hash. */
export class SessionStore {
  private readonly cache = new Map<string, CachedSession>();

  constructor(
    private readonly db: Db,
    private readonly settings: SessionSettings,
  ) {}

  /** `userAgent`: the browser's User-Agent (the device list shows it), cut to 512 characters. */
  async create(userId: string, userAgent?: string): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const now = this.settings.now();
    const expiresAt = new Date(now.getTime() + this.settings.absoluteMs);
    await this.db
      .insertInto('sessions')
      .values({ id: hashToken(token), user_id: userId, created_at: now, last_seen_at: now, expires_at: expiresAt, user_agent: userAgent?.slice(0, 512) ?? null })
      .execute();
    return { token, expiresAt };
  }

  /** The live session for a token, or null when unknown, idle too long or past its absolute expiry. */
  async resolve(token: string): Promise<SessionInfo | null> {
    // Every step is safe to repeat (a read, a delete of an expired row, a touch).
    return retryOnConnectionLoss(() => this.lookup(hashToken(token)));
  }

  private async lookup(id: string): Promise<SessionInfo | null> {
    const now = this.settings.now().getTime();
    const cached = this.cache.get(id);
    if (cached && now - cached.cachedAt < CACHE_MS && now < cached.expiresAt && now - cached.lastSeenAt < this.settings.idleMs) {
      return cached.info;
    }
    this.cache.delete(id);
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.id', 'sessions.user_id', 'sessions.last_seen_at', 'sessions.expires_at', 'users.email', 'users.role'])
      .where('sessions.id', '=', id)
      // A disabled account has no live session (its rows are deleted when it is disabled; this covers a race).
      .where('users.disabled_at', 'is', null)
      .executeTakeFirst();
    if (!row) return null;
    const idleFor = now - new Date(row.last_seen_at).getTime();
    if (now >= new Date(row.expires_at).getTime() || idleFor >= this.settings.idleMs) {
      await this.db.deleteFrom('sessions').where('id', '=', id).execute();
      this.settings.events?.ended(id, 'expired');
      return null;
    }
    let lastSeenAt = new Date(row.last_seen_at).getTime();
    if (idleFor >= TOUCH_EVERY_MS) {
      await this.db.updateTable('sessions').set({ last_seen_at: new Date(now) }).where('id', '=', id).execute();
      lastSeenAt = now;
    }
    const info = { sessionId: id, userId: row.user_id, email: row.email, admin: row.role === 'admin' };
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    this.cache.set(id, { info, lastSeenAt, expiresAt: new Date(row.expires_at).getTime(), cachedAt: now });
    return info;
  }

  /** End those of the given sessions that are gone, idle too long or past their absolute limit. */
  async endExpired(sessionIds: readonly string[]): Promise<string[]> {
    if (sessionIds.length === 0) return [];
    const rows = await retryOnConnectionLoss(() =>
      this.db.selectFrom('sessions').select(['id', 'last_seen_at', 'expires_at']).where('id', 'in', [...sessionIds]).execute(),
    );
    const now = this.settings.now().getTime();
    const live = new Set(
      rows
        .filter((r) => now < new Date(r.expires_at).getTime() && now - new Date(r.last_seen_at).getTime() < this.settings.idleMs)
        .map((r) => r.id),
    );
    const ended = sessionIds.filter((id) => !live.has(id));
    if (ended.length === 0) return [];
    for (const id of ended) this.cache.delete(id);
    await this.db.deleteFrom('sessions').where('id', 'in', ended).execute();
    for (const id of ended) this.settings.events?.ended(id, 'expired');
    return ended;
  }

  /** Drop a cached session (it ended on another node). */
  forget(sessionId: string): void {
    this.cache.delete(sessionId);
  }

  /** Drop every cached session of a user (their role changed): the next request reads the account again. */
  forgetUser(userId: string): void {
    for (const [id, cached] of this.cache) if (cached.info.userId === userId) this.cache.delete(id);
  }

  async destroy(sessionId: string): Promise<void> {
    this.cache.delete(sessionId);
    await this.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
    this.settings.events?.ended(sessionId, 'signed_out');
  }

  /**
   * End every session of a user (a password reset or change, signing out everywhere), but `exceptSessionId`;
   * each end is announced, so their sockets close on every node. Their API tokens (and their bots' tokens) end too
   * (issue 35 item 2). Inside a caller's transaction pass `tx` and call the returned function after the commit.
   */
  async endAllOf(userId: string, options: { exceptSessionId?: string; tx?: Db } = {}): Promise<() => void> {
    await endApiTokensOf(options.tx ?? this.db, userId);
    let query = (options.tx ?? this.db).deleteFrom('sessions').where('user_id', '=', userId);
    if (options.exceptSessionId) query = query.where('id', '!=', options.exceptSessionId);
    const ended = (await query.returning('id').execute()).map((r) => r.id);
    const announce = () => {
      for (const id of ended) {
        this.cache.delete(id);
        this.settings.events?.ended(id, 'signed_out');
      }
    };
    if (!options.tx) announce();
    return announce;
  }

  /** Remove expired rows; called now and then, not per request. */
  async prune(): Promise<void> {
    const now = this.settings.now();
    const idleCutoff = new Date(now.getTime() - this.settings.idleMs);
    await this.db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleCutoff)]))
      .execute();
  }
}
