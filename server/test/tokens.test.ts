import { createHash } from 'node:crypto';
import type { AdminTokenView, ApiTokenView, AuditEntry, CreatedToken } from '@parley/common';
import { describe, expect, it } from 'vitest';
import { signIn, signUpAndIn, uniqueUser, useTestServer } from './helpers.ts';

/** Personal access tokens (issue 35 item 2) through the one requireUser; the console's view (item 6). */
const adminUser = uniqueUser('tokadmin');
const s = useTestServer({ env: { ADMIN_EMAILS: adminUser.email } });

type Person = Awaited<ReturnType<typeof signUpAndIn>>;

async function makeToken(person: Person, body: Record<string, unknown> = { name: 'ci', scopes: ['read', 'write'] }): Promise<CreatedToken> {
  const res = await s.app.inject({ method: 'POST', url: '/api/account/tokens', payload: body, headers: { cookie: person.cookie } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CreatedToken;
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** A call as a non-browser client: no cookie, no Sec-Fetch-Site (false: the helper adds nothing). */
const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
  s.app.inject({ method, url, payload, headers: { ...bearer(token), 'sec-fetch-site': 'none', ...headers } });
/** The operator (ADMIN_EMAILS): signed up by the first test that needs them, signed in again by the others. */
async function adminCookie(): Promise<string> {
  const known = await s.database.db.selectFrom('users').select('id').where('email', '=', adminUser.email).executeTakeFirst();
  return known ? signIn(s.app, adminUser.email, adminUser.password) : (await signUpAndIn(s.app, adminUser)).cookie;
}
const profileStatus = async (token: string) => (await call(token, 'GET', '/api/profile')).statusCode;

describe('personal access tokens', () => {
  it('is shown once, stored as its SHA-256 only, listed without the secret, and works as Authorization: Bearer', async () => {
    const ana = await signUpAndIn(s.app);
    const { id, token } = await makeToken(ana);
    expect(token).toMatch(/^pat_[A-Za-z0-9_-]{43}$/);
    const row = await s.database.db.selectFrom('api_tokens').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token.slice(4));

    const list = await s.app.inject({ url: '/api/account/tokens', headers: { cookie: ana.cookie } });
    const tokens = list.json().tokens as ApiTokenView[];
    expect(tokens).toEqual([{ id, name: 'ci', scopes: ['read', 'write'], createdAt: expect.any(String), expiresAt: null, lastUsedAt: null }]);
    expect(list.body).not.toContain(token.slice(4));

    const me = await call(token, 'GET', '/api/profile');
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe(ana.username);
    const patched = await call(token, 'PATCH', '/api/profile', { bio: 'set by a script' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().bio).toBe('set by a script');
  });

  it('enforces its scopes: read is GET, write is everything else; each refusal is 403 token_scope', async () => {
    const ana = await signUpAndIn(s.app);
    const reader = (await makeToken(ana, { name: 'r', scopes: ['read'] })).token;
    const writer = (await makeToken(ana, { name: 'w', scopes: ['write'] })).token;
    expect(await profileStatus(reader)).toBe(200);
    const denied = await call(reader, 'PATCH', '/api/profile', { bio: 'no' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('token_scope');
    expect((await call(writer, 'PATCH', '/api/profile', { bio: 'yes' })).statusCode).toBe(200);
    const cannotRead = await call(writer, 'GET', '/api/profile');
    expect(cannotRead.statusCode).toBe(403);
    expect(cannotRead.json().error.code).toBe('token_scope');
  });

  it('checks its body: a name, at least one known scope, a whole number of days', async () => {
    const ana = await signUpAndIn(s.app);
    const bad = async (payload: object) => (await s.app.inject({ method: 'POST', url: '/api/account/tokens', payload, headers: { cookie: ana.cookie } })).json().error.code;
    expect(await bad({ name: ' ', scopes: ['read'] })).toBe('token_name_invalid');
    expect(await bad({ name: 'x', scopes: [] })).toBe('token_scopes_invalid');
    expect(await bad({ name: 'x', scopes: ['admin'] })).toBe('invalid_request');
    expect(await bad({ name: 'x', scopes: ['read'], expiresInDays: 0 })).toBe('invalid_request');
  });

  it('is never taken from a cookie or a query string, and a made-up or malformed token is 401', async () => {
    const ana = await signUpAndIn(s.app);
    const { token } = await makeToken(ana);
    const inCookie = await s.app.inject({ url: '/api/profile', headers: { cookie: `parley_session=${token}` } });
    expect(inCookie.statusCode).toBe(401);
    for (const q of ['access_token', 'token', 'bearer']) {
      expect((await s.app.inject({ url: `/api/profile?${q}=${token}` })).statusCode).toBe(401);
    }
    expect(await profileStatus(`pat_${'A'.repeat(43)}`)).toBe(401);
    expect(await profileStatus('not-a-token')).toBe(401);
    // A bearer header is read alone: a valid cookie beside a bad token does not rescue it.
    const mixed = await s.app.inject({ url: '/api/profile', headers: { cookie: ana.cookie, authorization: 'Bearer pat_nope' } });
    expect(mixed.statusCode).toBe(401);
    // Another scheme is not ours (an HTTP Basic proxy in front of the app): the session cookie still counts.
    const basic = await s.app.inject({ url: '/api/profile', headers: { cookie: ana.cookie, authorization: 'Basic dXNlcjpwYXNz' } });
    expect(basic.statusCode).toBe(200);
  });

  it('a revoked or expired token is refused', async () => {
    const ana = await signUpAndIn(s.app);
    const revoked = await makeToken(ana);
    expect((await s.app.inject({ method: 'DELETE', url: `/api/account/tokens/${revoked.id}`, headers: { cookie: ana.cookie } })).statusCode).toBe(204);
    expect(await profileStatus(revoked.token)).toBe(401);

    const short = await makeToken(ana, { name: 'short', scopes: ['read'], expiresInDays: 1 });
    expect(await profileStatus(short.token)).toBe(200);
    s.clock.advance(86_400_000 + 1_000);
    expect(await profileStatus(short.token)).toBe(401);
    const listed = (await s.app.inject({ url: '/api/account/tokens', headers: { cookie: ana.cookie } })).json().tokens as ApiTokenView[];
    expect(listed.find((t) => t.id === short.id)?.expiresAt).toEqual(expect.any(String));
  });

  it('never reaches the account\'s security, tokens, bots, the console, push or calls (403 token_not_allowed)', async () => {
    const ana = await signUpAndIn(s.app);
    const { token } = await makeToken(ana);
    for (const [method, url] of [['GET', '/api/account/tokens'], ['POST', '/api/account/tokens'], ['GET', '/api/account/sessions'], ['POST', '/api/bots'],
      ['GET', '/api/admin/users'], ['POST', '/api/account/password'], ['GET', '/api/account/export'], ['POST', '/api/calls']] as const) {
      const res = await call(token, method, url, method === 'POST' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error.code).toBe('token_not_allowed');
    }
  });

  it('another person can neither see nor revoke it: the same 404 as a made-up id', async () => {
    const ana = await signUpAndIn(s.app);
    const eve = await signUpAndIn(s.app);
    const { id, token } = await makeToken(ana);
    expect((await s.app.inject({ url: '/api/account/tokens', headers: { cookie: eve.cookie } })).json().tokens).toEqual([]);
    for (const target of [id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await s.app.inject({ method: 'DELETE', url: `/api/account/tokens/${target}`, headers: { cookie: eve.cookie } });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    expect(await profileStatus(token)).toBe(200);
  });

  it('notes its last use at most once a minute', async () => {
    const ana = await signUpAndIn(s.app);
    const { id, token } = await makeToken(ana);
    const lastUsed = async () => (await s.database.db.selectFrom('api_tokens').select('last_used_at').where('id', '=', id).executeTakeFirstOrThrow()).last_used_at;
    expect(await lastUsed()).toBeNull();
    await profileStatus(token);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    s.clock.advance(30_000);
    await profileStatus(token);
    expect(await lastUsed()).toEqual(first);
    s.clock.advance(31_000);
    await profileStatus(token);
    expect(new Date((await lastUsed())!).getTime()).toBeGreaterThan(new Date(first!).getTime());
  });
});

describe('what ends a token', () => {
  it('signing out everywhere else, a password change, and an operator disabling the account', async () => {
    const ana = await signUpAndIn(s.app);
    const t1 = await makeToken(ana);
    expect((await s.app.inject({ method: 'POST', url: '/api/account/sessions/sign-out-others', headers: { cookie: ana.cookie } })).statusCode).toBe(204);
    expect(await profileStatus(t1.token)).toBe(401);

    const t2 = await makeToken(ana);
    const changed = await s.app.inject({ method: 'POST', url: '/api/account/password', payload: { currentPassword: ana.password, newPassword: 'another long secret' }, headers: { cookie: ana.cookie } });
    expect(changed.statusCode).toBe(204);
    expect(await profileStatus(t2.token)).toBe(401);

    const admin = { cookie: await adminCookie() };
    const t3 = await makeToken(ana);
    expect(await profileStatus(t3.token)).toBe(200);
    expect((await s.app.inject({ method: 'POST', url: `/api/admin/users/${ana.id}/disable`, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    expect(await profileStatus(t3.token)).toBe(401);
    // Enabling the account again does not bring the token back.
    expect((await s.app.inject({ method: 'POST', url: `/api/admin/users/${ana.id}/enable`, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    expect(await profileStatus(t3.token)).toBe(401);
  });

  it('deleting the account takes its tokens with it', async () => {
    const ana = await signUpAndIn(s.app);
    const { id, token } = await makeToken(ana);
    const deleted = await s.app.inject({ method: 'POST', url: '/api/account/delete', payload: { password: ana.password }, headers: { cookie: ana.cookie } });
    expect(deleted.statusCode).toBe(204);
    expect(await profileStatus(token)).toBe(401);
    expect(await s.database.db.selectFrom('api_tokens').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });
});

describe('cross-site rules', () => {
  const evil = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
  it('a bearer call without the session cookie skips the same-origin check; with the cookie it does not', async () => {
    const ana = await signUpAndIn(s.app);
    const { token } = await makeToken(ana);
    const bearerOnly = await s.app.inject({ method: 'PATCH', url: '/api/profile', payload: { bio: 'from CI' }, headers: { ...bearer(token), ...evil } });
    expect(bearerOnly.statusCode).toBe(200);
    const withCookie = await s.app.inject({ method: 'PATCH', url: '/api/profile', payload: { bio: 'x' }, headers: { ...bearer(token), cookie: ana.cookie, ...evil } });
    expect(withCookie.statusCode).toBe(403);
    expect(withCookie.json().error.code).toBe('forbidden_origin');
    const cookieOnly = await s.app.inject({ method: 'PATCH', url: '/api/profile', payload: { bio: 'x' }, headers: { cookie: ana.cookie, ...evil } });
    expect(cookieOnly.json().error.code).toBe('forbidden_origin');
    // A cookie-less cross-site write without a bearer token is still refused as before.
    const neither = await s.app.inject({ method: 'PATCH', url: '/api/profile', payload: { bio: 'x' }, headers: evil });
    expect(neither.json().error.code).toBe('forbidden_origin');
  });
});

describe('the console', () => {
  it('lists every token without secrets, revokes any, audits creation, revocation and first use; turning integrations off refuses bearer calls', async () => {
    const rootCookie = await adminCookie();
    const ana = await signUpAndIn(s.app);
    const { id, token } = await makeToken(ana, { name: 'deploy', scopes: ['read'] });
    expect(await profileStatus(token)).toBe(200);

    const listed = (await s.app.inject({ url: '/api/admin/integrations/tokens', headers: { cookie: rootCookie } })).json().tokens as AdminTokenView[];
    expect(listed.find((t) => t.id === id)).toMatchObject({ name: 'deploy', scopes: ['read'], userId: ana.id, username: ana.username, bot: false, createdByEmail: ana.email, lastUsedAt: expect.any(String) });
    expect(JSON.stringify(listed)).not.toContain(token.slice(4));
    const forbidden = await s.app.inject({ url: '/api/admin/integrations/tokens', headers: { cookie: ana.cookie } });
    expect(forbidden.statusCode).toBe(403);

    const off = await s.app.inject({ method: 'PUT', url: '/api/admin/integrations/settings', payload: { enabled: false }, headers: { cookie: rootCookie } });
    expect(off.json()).toEqual({ enabled: false });
    const refused = await call(token, 'GET', '/api/profile');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('integrations_disabled');
    const noNew = await s.app.inject({ method: 'POST', url: '/api/account/tokens', payload: { name: 'x', scopes: ['read'] }, headers: { cookie: ana.cookie } });
    expect(noNew.json().error.code).toBe('integrations_disabled');
    // Sessions are not integrations: the person still uses the app.
    expect((await s.app.inject({ url: '/api/profile', headers: { cookie: ana.cookie } })).statusCode).toBe(200);
    await s.app.inject({ method: 'PUT', url: '/api/admin/integrations/settings', payload: { enabled: true }, headers: { cookie: rootCookie } });
    expect(await profileStatus(token)).toBe(200);

    expect((await s.app.inject({ method: 'DELETE', url: `/api/admin/integrations/tokens/${id}`, headers: { cookie: rootCookie } })).statusCode).toBe(204);
    expect(await profileStatus(token)).toBe(401);

    const audit = (await s.app.inject({ url: '/api/admin/audit?limit=100', headers: { cookie: rootCookie } })).json().entries as AuditEntry[];
    const about = audit.filter((e) => e.details?.tokenId === id).map((e) => e.action);
    expect(about).toEqual(['token.revoked', 'token.used', 'token.created']);
    expect(audit.filter((e) => e.action === 'integrations.changed').map((e) => e.details)).toEqual([{ enabled: true }, { enabled: false }]);
  });
});
