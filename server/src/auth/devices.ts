import { AUTH_MESSAGES, LIMITS, type ChangePasswordBody, type DeviceSession } from '@parley/common';
import type { Db } from '../db/connect.ts';
import { AppError, notFound } from '../http/errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { SessionStore } from './sessions.ts';

/** A device's public id: part of its session id (itself a hash), so the cookie's hash never leaves the server whole. */
const publicId = (sessionId: string) => sessionId.slice(0, 24);

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'], [/OPR\/|Opera/, 'Opera'], [/SamsungBrowser\//, 'Samsung Internet'], [/Firefox\//, 'Firefox'],
  [/Chrome\/|Chromium\/|CriOS\//, 'Chrome'], [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'], [/iPhone|iPad|iPod/, 'iOS'], [/Windows/, 'Windows'], [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'], [/Linux/, 'Linux'],
];

/** "Chrome" and "Linux" from a User-Agent (good enough to tell one's own devices apart). */
export function describeUserAgent(userAgent: string | null): { browser: string | null; os: string | null } {
  if (!userAgent) return { browser: null, os: null };
  return {
    browser: BROWSERS.find(([re]) => re.test(userAgent))?.[1] ?? null,
    os: SYSTEMS.find(([re]) => re.test(userAgent))?.[1] ?? null,
  };
}

/** The user's live sessions, most recently used first, this one marked. */
export async function listDevices(db: Db, userId: string, currentSessionId: string, now: Date, idleMs: number): Promise<DeviceSession[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', new Date(now.getTime() - idleMs))
    .orderBy('last_seen_at', 'desc')
    .execute();
  return rows.map((r) => ({
    id: publicId(r.id),
    ...describeUserAgent(r.user_agent),
    createdAt: new Date(r.created_at).toISOString(),
    lastSeenAt: new Date(r.last_seen_at).toISOString(),
    current: r.id === currentSessionId,
  }));
}

/** Sign out one of the user's own devices; another user's (or a made-up) id is the same 404. */
export async function signOutDevice(db: Db, sessions: SessionStore, userId: string, deviceId: string): Promise<void> {
  if (!/^[0-9a-f]{24}$/.test(deviceId)) throw notFound('No such device');
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', 'like', `${deviceId}%`)
    .executeTakeFirst();
  if (!row) throw notFound('No such device');
  await sessions.destroy(row.id);
}

/** Change the password (the current one required); every other session of the account ends. */
export async function changePassword(db: Db, sessions: SessionStore, user: { id: string; sessionId: string }, body: ChangePasswordBody): Promise<void> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
  if (!(await verifyPassword(row.password_hash, body.currentPassword))) throw new AppError(403, 'wrong_password', AUTH_MESSAGES.wrongPassword);
  if (body.newPassword.length < LIMITS.passwordMin) throw new AppError(400, 'weak_password', AUTH_MESSAGES.weakPassword);
  const passwordHash = await hashPassword(body.newPassword);
  const announce = await db.transaction().execute(async (tx) => {
    await tx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
    return sessions.endAllOf(user.id, { exceptSessionId: user.sessionId, tx });
  });
  announce();
}
