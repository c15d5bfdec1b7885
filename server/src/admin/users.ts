import type { AdminUser, AdminUserList, AuditAction, ResetLink, UserFilter } from '@parley/common';
import type { Kysely } from 'kysely';
import type { Database, UserRole } from '../db/schema.ts';
import { hashPassword } from '../auth/passwords.ts';
import { endApiTokensOf } from '../auth/apiTokens.ts';
import { issueMailToken, TOKEN_LIFETIME_MS } from '../auth/mailTokens.ts';
import { uniqueViolation } from '../db/errors.ts';
import { AppError, notFound } from '../http/errors.ts';
import { announceDeletion, removeAccount } from '../account/deletion.ts';
import type { EventPublisher } from '../chat/types.ts';
import { recordAudit, type Actor } from './audit.ts';

type Db = Kysely<Database>;

const userColumns = [
  'users.id', 'users.email', 'users.role', 'users.email_confirmed_at', 'users.disabled_at', 'users.created_at',
  'users.first_signed_in_at', 'profiles.username',
] as const;

function baseQuery(db: Db) {
  return db
    .selectFrom('users')
    .leftJoin('profiles', 'profiles.id', 'users.id')
    .select([...userColumns])
    .select((eb) => eb.selectFrom('sessions').select((s) => s.fn.max('created_at').as('m')).whereRef('sessions.user_id', '=', 'users.id').as('last_session'));
}

type UserRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

function present(r: UserRow): AdminUser {
  const last = r.last_session ?? r.first_signed_in_at;
  return {
    id: r.id,
    email: r.email,
    username: r.username,
    role: r.role,
    emailConfirmed: r.email_confirmed_at !== null,
    disabled: r.disabled_at !== null,
    createdAt: new Date(r.created_at).toISOString(),
    lastSignInAt: last ? new Date(last).toISOString() : null,
  };
}

const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listUsers(db: Db, query: { q?: string; filter: UserFilter; limit: number; offset: number }): Promise<AdminUserList> {
  let select = baseQuery(db);
  let count = db.selectFrom('users').leftJoin('profiles', 'profiles.id', 'users.id').select((eb) => eb.fn.countAll<string>().as('n'));
  if (query.q) {
    const like = likePattern(query.q);
    select = select.where((eb) => eb.or([eb(eb.fn('lower', ['users.email']), 'like', like), eb(eb.fn('lower', ['profiles.username']), 'like', like)]));
    count = count.where((eb) => eb.or([eb(eb.fn('lower', ['users.email']), 'like', like), eb(eb.fn('lower', ['profiles.username']), 'like', like)]));
  }
  if (query.filter === 'disabled') {
    select = select.where('users.disabled_at', 'is not', null);
    count = count.where('users.disabled_at', 'is not', null);
  } else if (query.filter === 'unconfirmed') {
    select = select.where('users.email_confirmed_at', 'is', null);
    count = count.where('users.email_confirmed_at', 'is', null);
  } else if (query.filter === 'admins') {
    select = select.where('users.role', '=', 'admin');
    count = count.where('users.role', '=', 'admin');
  }
  const [rows, total] = await Promise.all([
    select.orderBy('users.created_at', 'desc').orderBy('users.id').limit(query.limit).offset(query.offset).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { users: rows.map(present), total: Number(total.n) };
}

/** One user by id or e-mail (the command line accepts either). */
export async function findUser(db: Db, idOrEmail: string): Promise<AdminUser> {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrEmail);
  const row = await baseQuery(db)
    .where((eb) => (isUuid ? eb('users.id', '=', idOrEmail) : eb(eb.fn('lower', ['users.email']), '=', idOrEmail.toLowerCase())))
    .executeTakeFirst();
  if (!row) throw notFound('No such user');
  return present(row);
}

export interface AdminOps {
  db: Db;
  now: () => Date;
  /** Sessions of a disabled or deleted account were deleted: close their sockets and caches on every node. */
  endSessions: (sessionIds: string[]) => void;
  /** An account's role changed: its cached sessions are forgotten on every node (the admin flag counts at once). */
  userChanged?: (userId: string) => void;
  /** Tells the people left in a deleted account's rooms (absent in the CLI: they see it at their next load). */
  events?: EventPublisher;
  contexts?: { changed(): void };
}

export async function createUser(
  ops: AdminOps,
  actor: Actor,
  input: { email: string; username: string; password: string; admin: boolean },
): Promise<AdminUser> {
  const passwordHash = await hashPassword(input.password);
  const now = ops.now();
  let id: string;
  try {
    id = await ops.db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({ email: input.email, password_hash: passwordHash, email_confirmed_at: now, email_proven_at: now, role: input.admin ? 'admin' : 'user' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('profiles').values({ id: user.id, username: input.username, email: input.email }).execute();
      await recordAudit(trx, { action: 'user.created', actor, target: { id: user.id, email: input.email }, details: { admin: input.admin } }, now);
      return user.id;
    });
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint?.includes('email')) throw new AppError(409, 'email_taken', 'User already registered');
    if (constraint?.includes('username')) throw new AppError(409, 'username_taken', 'Username already taken');
    throw err;
  }
  return findUser(ops.db, id);
}

function refuseSelf(actor: Actor, userId: string) {
  if (actor.id === userId) throw new AppError(409, 'cannot_change_self', 'Admins cannot disable, demote or delete themselves');
}

/** Change one user in a transaction with its audit entry; 404 when there is no such user. */
async function change(
  ops: AdminOps,
  actor: Actor,
  userId: string,
  action: AuditAction,
  apply: (trx: Db, now: Date) => Promise<void>,
): Promise<AdminUser> {
  const now = ops.now();
  await ops.db.transaction().execute(async (trx) => {
    const target = await trx.selectFrom('users').select(['id', 'email']).where('id', '=', userId).forUpdate().executeTakeFirst();
    if (!target) throw notFound('No such user');
    await apply(trx, now);
    await recordAudit(trx, { action, actor, target }, now);
  });
  return findUser(ops.db, userId);
}

export async function setRole(ops: AdminOps, actor: Actor, userId: string, role: UserRole): Promise<AdminUser> {
  if (role === 'user') refuseSelf(actor, userId);
  const user = await change(ops, actor, userId, role === 'admin' ? 'user.made_admin' : 'user.unmade_admin', async (trx) => {
    await trx.updateTable('users').set({ role }).where('id', '=', userId).execute();
  });
  ops.userChanged?.(userId);
  return user;
}

export function confirmEmail(ops: AdminOps, actor: Actor, userId: string): Promise<AdminUser> {
  return change(ops, actor, userId, 'user.email_confirmed', async (trx, now) => {
    await trx.updateTable('users').set({ email_confirmed_at: now }).where('id', '=', userId).where('email_confirmed_at', 'is', null).execute();
    // The operator's word that the address is the holder's.
    await trx.updateTable('users').set({ email_proven_at: now }).where('id', '=', userId).where('email_proven_at', 'is', null).execute();
  });
}

/** Disable: no sign-in, and every session ends at once (rows deleted; sockets on every node closed). */
export async function disableUser(ops: AdminOps, actor: Actor, userId: string): Promise<AdminUser> {
  refuseSelf(actor, userId);
  let ended: string[] = [];
  const user = await change(ops, actor, userId, 'user.disabled', async (trx, now) => {
    await trx.updateTable('users').set({ disabled_at: now }).where('id', '=', userId).where('disabled_at', 'is', null).execute();
    ended = (await trx.deleteFrom('sessions').where('user_id', '=', userId).returning('id').execute()).map((r) => r.id);
    // Its API tokens (and its bots' tokens) end too: enabling the account again does not bring them back.
    await endApiTokensOf(trx, userId);
  });
  ops.endSessions(ended);
  return user;
}

export function enableUser(ops: AdminOps, actor: Actor, userId: string): Promise<AdminUser> {
  return change(ops, actor, userId, 'user.enabled', async (trx) => {
    await trx.updateTable('users').set({ disabled_at: null }).where('id', '=', userId).execute();
  });
}

/** A new password (the command line, for servers without e-mail): whoever knew the old one is signed out. */
export async function setPassword(ops: AdminOps, actor: Actor, userId: string, password: string): Promise<AdminUser> {
  const hash = await hashPassword(password);
  let ended: string[] = [];
  const user = await change(ops, actor, userId, 'user.password_set', async (trx) => {
    await trx.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute();
    ended = (await trx.deleteFrom('sessions').where('user_id', '=', userId).returning('id').execute()).map((r) => r.id);
    await endApiTokensOf(trx, userId);
  });
  ops.endSessions(ended);
  return user;
}

/** Delete the account (profile, sessions, memberships go with it by their foreign keys). */
export async function deleteUser(ops: AdminOps, actor: Actor, userId: string): Promise<void> {
  refuseSelf(actor, userId);
  const now = ops.now();
  // The same removal as "Delete my account": messages stay for the others, shown as from "Deleted user".
  const outcome = await ops.db.transaction().execute(async (trx) => {
    const result = await removeAccount(trx, userId, { eraseMessages: false });
    await recordAudit(trx, { action: 'user.deleted', actor, target: { id: null, email: result.email } }, now);
    return result;
  });
  announceDeletion(outcome, ops);
}

/**
 * A password-reset link for a server without e-mail (console and CLI): the very token a mailed reset carries
 * (same kind, 1 hour, single use; older unused links of the user are voided), handed to the operator instead.
 */
export async function resetLink(ops: AdminOps, actor: Actor, userId: string, publicUrl: string | undefined): Promise<ResetLink> {
  const now = ops.now();
  return ops.db.transaction().execute(async (trx) => {
    const target = await trx.selectFrom('users').select(['id', 'email']).where('id', '=', userId).forUpdate().executeTakeFirst();
    if (!target) throw notFound('No such user');
    const { token } = await issueMailToken(trx, target.id, 'password_reset', now);
    await recordAudit(trx, { action: 'user.reset_link', actor, target }, now);
    return {
      email: target.email,
      url: `${publicUrl ?? ''}/reset-password#token=${token}`,
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS.password_reset).toISOString(),
    };
  });
}
