import { randomInt } from 'node:crypto';
import { AUTH_MESSAGES, LIMITS } from '@parley/common';
import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/connect.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../http/errors.ts';
import type { AuthHooks } from '../hooks.ts';
import type { SessionStore } from '../sessions.ts';
import type { SsoClaims } from './provider.ts';

/** No argon2 hash looks like this: a password sign-in never matches until the person sets a password (reset link). */
export const NO_PASSWORD = '!sso';

export interface SsoAccount {
  user: { id: string; email: string };
  /** The account was made by this sign-in (then the language step). */
  created: boolean;
  /** An existing account was linked to this identity by this sign-in. */
  linked: boolean;
}

const disabled = () => new AppError(403, 'account_disabled', AUTH_MESSAGES.accountDisabled);

/**
 * The account of a provider identity: the one linked to issuer + subject; else the account with that e-mail,
 * linked only when the provider says the address is verified (an unconfirmed account loses its password, and
 * any linked account its sessions: issue 32 item 1); else a new account, under the registration rules
 * (closed / invite / e-mail domains: hooks.beforeSignUp) and ADMIN_EMAILS (hooks.afterSignUp, verified only).
 */
export interface SsoContext {
  invite: string | null;
  now: Date;
  hooks?: AuthHooks;
  request: FastifyRequest;
  /** Linking an existing account ends every session it had (on every node). */
  sessions: SessionStore;
  /** A confirmed account was linked: tell its owner (a mail), after the commit. */
  onLinked?: (user: { id: string; email: string }) => Promise<void>;
}

export async function ssoAccount(db: Db, claims: SsoClaims, context: SsoContext): Promise<SsoAccount> {
  const known = await db
    .selectFrom('user_identities')
    .innerJoin('users', 'users.id', 'user_identities.user_id')
    .select(['users.id', 'users.email', 'users.disabled_at'])
    .where('user_identities.issuer', '=', claims.issuer)
    .where('user_identities.subject', '=', claims.subject)
    .executeTakeFirst();
  if (known) {
    if (known.disabled_at) throw disabled();
    return { user: { id: known.id, email: known.email }, created: false, linked: false };
  }
  if (!claims.email) throw new AppError(403, 'sso_email_missing', AUTH_MESSAGES.ssoEmailMissing);
  const email = claims.email;
  const existing = await db
    .selectFrom('users')
    .select(['id', 'email', 'disabled_at', 'email_proven_at', 'password_hash', 'is_bot'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .executeTakeFirst();
  // A bot never signs in (issue 35 item 3): it acts only through its tokens.
  if (existing?.is_bot) throw new AppError(403, 'sso_failed', AUTH_MESSAGES.ssoFailed);
  if (existing) {
    // Taking over an account needs the provider's word that the address is this person's.
    if (!claims.emailVerified) throw new AppError(403, 'sso_email_unverified', AUTH_MESSAGES.ssoEmailUnverified);
    if (existing.disabled_at) throw disabled();
    // A password on an address nobody proved (sign-up with confirmation off, or never confirmed) may be anyone's.
    const squatted = existing.password_hash !== NO_PASSWORD && !existing.email_proven_at;
    const announce = await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('user_identities')
        .values({ issuer: claims.issuer, subject: claims.subject, user_id: existing.id, email })
        .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
        .execute();
      if (squatted) {
        // Nothing shows the password was set by the address's owner (anyone can sign up with any address): it is
        // cleared, with every link mailed for it, before the account becomes the owner's (a reset sets a new one).
        await trx.updateTable('users').set({ password_hash: NO_PASSWORD }).where('id', '=', existing.id).execute();
        await trx.updateTable('account_tokens').set({ used_at: context.now }).where('user_id', '=', existing.id).where('used_at', 'is', null).execute();
      }
      await trx.updateTable('users')
        .set((eb) => ({ email_confirmed_at: eb.fn.coalesce('email_confirmed_at', eb.val(context.now)), email_proven_at: eb.fn.coalesce('email_proven_at', eb.val(context.now)) }))
        .where('id', '=', existing.id).execute();
      // Whoever was signed in to it before this link (a squatter, or a thief of the owner's password) is signed out.
      return context.sessions.endAllOf(existing.id, { tx: trx });
    });
    announce();
    if (!squatted) await context.onLinked?.({ id: existing.id, email: existing.email });
    return { user: { id: existing.id, email: existing.email }, created: false, linked: true };
  }
  return { user: await createSsoAccount(db, claims, email, context), created: true, linked: false };
}

async function createSsoAccount(
  db: Db, claims: SsoClaims, email: string, context: SsoContext,
): Promise<{ id: string; email: string }> {
  const { hooks, request } = context;
  const base = usernameBase(claims, email);
  for (let attempt = 0; ; attempt++) {
    const username = await freeUsername(db, base, attempt);
    try {
      return await db.transaction().execute(async (trx) => {
        await hooks?.beforeSignUp?.(trx, { username, email, password: '', ...(context.invite ? { invite: context.invite } : {}) }, request);
        const user = await trx
          .insertInto('users')
          .values({ email, password_hash: NO_PASSWORD, email_confirmed_at: claims.emailVerified ? context.now : null, email_proven_at: claims.emailVerified ? context.now : null })
          .returning(['id', 'email'])
          .executeTakeFirstOrThrow();
        await trx.insertInto('profiles').values({ id: user.id, username, email }).execute();
        await trx.insertInto('user_identities').values({ issuer: claims.issuer, subject: claims.subject, user_id: user.id, email }).execute();
        await hooks?.afterSignUp?.(trx, { ...user, confirmed: claims.emailVerified }, request);
        return user;
      });
    } catch (err) {
      // Someone took the name (or the e-mail) between the check and the insert: another name, or the e-mail's answer.
      const constraint = uniqueViolation(err);
      if (constraint?.includes('username') && attempt < 5) continue;
      if (constraint?.includes('email')) throw new AppError(409, 'email_taken', AUTH_MESSAGES.emailTaken);
      throw err;
    }
  }
}

/** A username from the token: preferred_username, else name, else the e-mail's local part; only allowed characters. */
export function usernameBase(claims: Pick<SsoClaims, 'preferredUsername' | 'name'>, email: string): string {
  const clean = (value: string | null) =>
    (value ?? '').normalize('NFC').replace(/\s+/g, '.').replace(/[^\p{L}\p{N}_.-]/gu, '').replace(/^[.-]+|[.-]+$/g, '');
  // preferred_username is often an e-mail address (Entra, Authentik): its local part.
  const candidates = [claims.preferredUsername?.split('@')[0] ?? null, claims.name, email.split('@')[0] ?? null].map(clean);
  const picked = candidates.find((c) => c.length >= LIMITS.usernameMin) ?? 'user';
  return picked.slice(0, LIMITS.usernameMax - 5);
}

/** `base`, or base + a number, that no profile has (case-insensitively); later attempts use random numbers. */
async function freeUsername(db: Db, base: string, attempt: number): Promise<string> {
  if (attempt > 0) return `${base}${randomInt(1000, 100_000)}`;
  const taken = new Set(
    (await db
      .selectFrom('profiles')
      .select(sql<string>`lower(username)`.as('name'))
      .where(sql<string>`lower(username)`, 'like', `${base.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`)
      .limit(1000)
      .execute()).map((r) => r.name),
  );
  if (!taken.has(base.toLowerCase())) return base;
  for (let n = 2; n < 10_000; n++) if (!taken.has(`${base}${n}`.toLowerCase())) return `${base}${n}`;
  return `${base}${randomInt(10_000, 100_000)}`;
}
