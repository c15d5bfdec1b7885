import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/connect.ts';
import type { PendingChecks } from './provider.ts';

/** How long a person has at the provider (login, consent) before the sign-in must start again. */
export const LOGIN_TTL_MS = 10 * 60_000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const random = () => randomBytes(32).toString('base64url');

export interface PendingLogin extends PendingChecks {
  invite: string | null;
}

/**
 * Start a sign-in: a fresh state, nonce and PKCE verifier, kept server-side under the state's hash and bound
 * to the browser by `browser` (the value of a short-lived HttpOnly cookie; only its hash is stored).
 * Expired rows of earlier sign-ins are swept here.
 */
export async function createLogin(db: Db, input: { redirectUri: string; invite: string | null }, now: Date): Promise<{ checks: PendingChecks; browser: string }> {
  const checks = { state: random(), nonce: random(), codeVerifier: random(), redirectUri: input.redirectUri };
  const browser = random();
  await db.deleteFrom('oidc_logins').where('expires_at', '<', now).execute();
  await db
    .insertInto('oidc_logins')
    .values({
      state_hash: sha256(checks.state), browser_hash: sha256(browser), nonce: checks.nonce, code_verifier: checks.codeVerifier,
      redirect_uri: checks.redirectUri, invite: input.invite, expires_at: new Date(now.getTime() + LOGIN_TTL_MS),
    })
    .execute();
  return { checks, browser };
}

/**
 * Take the sign-in a callback's state names, once: one DELETE ... RETURNING, so a replayed state (or two
 * callbacks at once) finds nothing. Null when unknown, used, expired, or started by another browser.
 */
export async function takeLogin(db: Db, state: string, browser: string | undefined, now: Date): Promise<PendingLogin | null> {
  if (!state || state.length > 200) return null;
  const row = await db.deleteFrom('oidc_logins').where('state_hash', '=', sha256(state)).returningAll().executeTakeFirst();
  if (!row || new Date(row.expires_at) <= now || !browser) return null;
  const expected = Buffer.from(row.browser_hash, 'hex');
  const given = Buffer.from(sha256(browser), 'hex');
  if (!timingSafeEqual(expected, given)) return null;
  return { state, nonce: row.nonce, codeVerifier: row.code_verifier, redirectUri: row.redirect_uri, invite: row.invite };
}
