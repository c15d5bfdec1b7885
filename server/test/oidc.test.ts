import { API } from '@parley/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestServer, signUpAndIn, uniqueUser, type TestServer } from './helpers.ts';
import { startTestIdp, type TestIdp } from './support/oidcProvider.ts';

/**
 * Single sign-on (issue 24 item 5) against a real OpenID provider in this process (oidc-provider): discovery,
 * JWKS, real signed ID tokens, the code flow with PKCE, state and nonce. Each attack ends on the auth screen
 * with a code and no session.
 */
const PUBLIC_URL = 'http://parley.test';
let idp: TestIdp;
let s: TestServer;

beforeAll(async () => {
  idp = await startTestIdp({
    clients: [{ client_id: 'parley', client_secret: 'parley-secret', redirect_uris: [`${PUBLIC_URL}${API.oidcCallback}`] }],
  });
  s = await getTestServer({
    env: {
      PUBLIC_URL, OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: 'parley', OIDC_CLIENT_SECRET: 'parley-secret', OIDC_NAME: 'Test IdP',
      ADMIN_EMAILS: 'sso.boss@example.com',
    },
  });
});
afterAll(async () => {
  await s?.close();
  await idp?.close();
});

interface Started {
  url: string;
  /** The start's browser-binding cookie, as `name=value`. */
  browser: string;
}

async function start(payload: object = {}): Promise<Started> {
  const res = await s.app.inject({ method: 'POST', url: API.oidcStart, payload });
  expect(res.statusCode).toBe(200);
  const c = res.cookies.find((k) => k.name === 'parley_sso');
  expect(c).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  return { url: (res.json() as { url: string }).url, browser: `${c!.name}=${c!.value}` };
}

async function callback(back: URL, cookie: string | undefined) {
  const res = await s.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: cookie ? { cookie, 'sec-fetch-site': 'cross-site' } : { 'sec-fetch-site': 'cross-site' } });
  const session = res.cookies.find((k) => k.name === 'parley_session' && k.value);
  return { status: res.statusCode, location: res.headers.location, session: session ? `${session.name}=${session.value}` : undefined };
}

/** The whole way: start, the provider's login and consent pages, the callback. */
async function sso(login: string, payload: object = {}) {
  const started = await start(payload);
  const back = await idp.authorize(started.url, login);
  return { ...(await callback(back, started.browser)), back, started };
}

const account = (login: string, claims: Parameters<TestIdp['accounts']['set']>[1]) => idp.accounts.set(login, claims);
const sessionOf = async (cookie: string) => (await s.app.inject({ method: 'GET', url: API.session, headers: { cookie } })).json();
const audit = (action: string) => s.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();
const refused = (code: string) => ({ status: 303, location: `/auth?sso_error=${code}`, session: undefined });

describe('single sign-on', () => {
  it('the auth screen learns the button name; the authorization request carries PKCE S256, state and nonce', async () => {
    const info = (await s.app.inject({ method: 'GET', url: API.registration })).json();
    expect(info).toMatchObject({ oidcName: 'Test IdP', oidcOnly: false });
    const { url } = await start();
    const params = new URL(url).searchParams;
    expect(url.startsWith(`${idp.issuer}/`)).toBe(true);
    expect(Object.fromEntries(params)).toMatchObject({ client_id: 'parley', response_type: 'code', code_challenge_method: 'S256', redirect_uri: `${PUBLIC_URL}${API.oidcCallback}` });
    expect(params.get('scope')!.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    for (const key of ['state', 'nonce', 'code_challenge']) expect(params.get(key)!.length).toBeGreaterThanOrEqual(43);
  });

  it('first sign-in makes the account (username from the token, made unique); the next one signs the same account in', async () => {
    // Someone already has the name the token suggests.
    await signUpAndIn(s.app, { ...uniqueUser(), username: 'Ana.Sso' });
    account('ana', { email: 'Ana.Sso@Example.com', email_verified: true, preferred_username: 'ana.sso@corp.example', name: 'Ana' });
    const first = await sso('ana');
    expect(first).toMatchObject({ status: 303, location: '/' });
    const me = await sessionOf(first.session!);
    expect(me.user.email).toBe('ana.sso@example.com');
    expect(me.profile.username).toBe('ana.sso2');
    // No language yet: the web shows the language step.
    expect(me.profile.language ?? null).toBeNull();
    const row = await s.database.db.selectFrom('users').select(['email_confirmed_at', 'first_signed_in_at']).where('id', '=', me.user.id).executeTakeFirstOrThrow();
    expect(row.email_confirmed_at).not.toBeNull();
    expect(row.first_signed_in_at).not.toBeNull();
    const identity = await s.database.db.selectFrom('user_identities').selectAll().where('user_id', '=', me.user.id).execute();
    expect(identity).toEqual([expect.objectContaining({ issuer: idp.issuer, subject: 'ana' })]);
    // Nobody can sign in with a password they never had.
    const pw = await s.app.inject({ method: 'POST', url: API.signIn, payload: { email: 'ana.sso@example.com', password: '!sso' } });
    expect(pw.statusCode).toBe(401);

    const again = await sso('ana');
    expect(again).toMatchObject({ status: 303, location: '/' });
    expect((await sessionOf(again.session!)).user.id).toBe(me.user.id);
    const entries = await audit('auth.sso_signed_in');
    expect(entries.slice(0, 2).map((e) => JSON.parse(e.details!).created)).toEqual([false, true]);
    expect(entries[0]).toMatchObject({ actor_email: 'ana.sso@example.com', address: '127.0.0.1' });
  });

  it('ADMIN_EMAILS applies to a verified address: the session says admin', async () => {
    account('boss', { email: 'sso.boss@example.com', email_verified: true, preferred_username: 'boss' });
    const result = await sso('boss');
    expect((await sessionOf(result.session!)).user).toMatchObject({ admin: true });
  });

  it('a wrong state is refused (and so is a callback in a browser that did not start the sign-in)', async () => {
    account('bob', { email: 'bob.sso@example.com', email_verified: true });
    const started = await start();
    const back = await idp.authorize(started.url, 'bob');
    const wrong = new URL(back);
    wrong.searchParams.set('state', 'x'.repeat(43));
    expect(await callback(wrong, started.browser)).toMatchObject(refused('sso_state_invalid'));
    // Login CSRF: the right state and code, another browser (its own cookie from another start, or none).
    const other = await start();
    const started2 = await start();
    const back2 = await idp.authorize(started2.url, 'bob');
    expect(await callback(back2, other.browser)).toMatchObject(refused('sso_state_invalid'));
    expect(await callback(back, undefined)).toMatchObject(refused('sso_state_invalid'));
    const failed = await audit('auth.sso_failed');
    expect(JSON.parse(failed[0]!.details!)).toMatchObject({ code: 'sso_state_invalid' });
  });

  it('a replayed state is refused; a replayed code is refused by the provider', async () => {
    account('carl', { email: 'carl.sso@example.com', email_verified: true });
    const done = await sso('carl');
    expect(done.status).toBe(303);
    expect(done.session).toBeDefined();
    // The same callback again (state used once).
    expect(await callback(done.back, done.started.browser)).toMatchObject(refused('sso_state_invalid'));
    // The used code under a fresh, valid sign-in of this browser.
    const fresh = await start();
    const replay = new URL(done.back);
    replay.searchParams.set('state', new URL(fresh.url).searchParams.get('state')!);
    expect(await callback(replay, fresh.browser)).toMatchObject(refused('sso_failed'));
    expect(JSON.parse((await audit('auth.sso_failed'))[0]!.details!).reason).toMatch(/invalid_grant/);
  });

  it('ID tokens for another audience, expired, signed with another key, or with another nonce are refused', async () => {
    account('dora', { email: 'dora.sso@example.com', email_verified: true });
    const now = () => Math.floor(Date.now() / 1000);
    const attacks: [string, Parameters<TestIdp['tamperNextIdToken']>[0], boolean, RegExp][] = [
      ['another audience', (c) => ({ ...c, aud: 'other-app', azp: 'other-app' }), false, /aud/],
      ['expired', (c) => ({ ...c, iat: now() - 7200, exp: now() - 3600 }), false, /exp/],
      ['foreign key', (c) => c, true, /signature/i],
      ['another nonce', (c) => ({ ...c, nonce: 'n'.repeat(43) }), false, /nonce/],
    ];
    for (const [name, change, foreignKey, reason] of attacks) {
      idp.tamperNextIdToken(change, { foreignKey });
      const result = await sso('dora');
      expect(result, name).toMatchObject(refused('sso_failed'));
      expect(JSON.parse((await audit('auth.sso_failed'))[0]!.details!).reason, name).toMatch(reason);
    }
    // None of them made the account.
    expect(await s.database.db.selectFrom('users').select('id').where('email', '=', 'dora.sso@example.com').execute()).toEqual([]);
  });

  it('an unverified e-mail cannot take over an existing account; a verified one links it', async () => {
    const victim = await signUpAndIn(s.app);
    account('mallory', { email: victim.email, email_verified: false, preferred_username: 'mallory' });
    expect(await sso('mallory')).toMatchObject(refused('sso_email_unverified'));
    expect(await s.database.db.selectFrom('user_identities').selectAll().where('user_id', '=', victim.id).execute()).toEqual([]);
    expect(JSON.parse((await audit('auth.sso_failed'))[0]!.details!)).toMatchObject({ code: 'sso_email_unverified' });

    account('victim-at-idp', { email: victim.email, email_verified: true });
    const linked = await sso('victim-at-idp');
    expect((await sessionOf(linked.session!)).user.id).toBe(victim.id);
    expect(JSON.parse((await audit('auth.sso_signed_in'))[0]!.details!)).toMatchObject({ linked: true, created: false });
  });

  it('registration rules apply to new SSO accounts: closed refuses, invite needs the invite', async () => {
    const settings = (mode: string) => s.database.db.insertInto('settings').values({ key: 'registration', value: mode })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: mode })).execute();
    account('erin', { email: 'erin.sso@example.com', email_verified: true });
    try {
      await settings('closed');
      expect(await sso('erin')).toMatchObject(refused('registration_closed'));
      await settings('invite');
      expect(await sso('erin')).toMatchObject(refused('invite_required'));
    } finally {
      await settings('open');
    }
    expect(await s.database.db.selectFrom('users').select('id').where('email', '=', 'erin.sso@example.com').execute()).toEqual([]);
  });

  it('a disabled account is refused', async () => {
    account('fred', { email: 'fred.sso@example.com', email_verified: true });
    const first = await sso('fred');
    const { user } = await sessionOf(first.session!);
    await s.database.db.updateTable('users').set({ disabled_at: new Date() }).where('id', '=', user.id).execute();
    expect(await sso('fred')).toMatchObject(refused('account_disabled'));
  });

  it('the provider saying no (access_denied) lands on the auth screen', async () => {
    const started = await start();
    const back = new URL(`${PUBLIC_URL}${API.oidcCallback}`);
    back.search = new URLSearchParams({ error: 'access_denied', state: new URL(started.url).searchParams.get('state')!, iss: idp.issuer }).toString();
    expect(await callback(back, started.browser)).toMatchObject(refused('sso_failed'));
  });
});

describe('OIDC_ONLY, and a provider that is down', () => {
  let only: TestServer;
  beforeAll(async () => {
    // Nothing listens on port 9 of this machine: discovery fails, the app starts anyway.
    only = await getTestServer({ env: { OIDC_ISSUER: 'http://127.0.0.1:9', OIDC_CLIENT_ID: 'parley', OIDC_NAME: 'Test IdP', OIDC_ONLY: 'on' } });
  });
  afterAll(async () => only?.close());

  it('refuses password sign-in and sign-up with a code; the button answers 503 oidc_unavailable', async () => {
    const user = uniqueUser();
    const up = await only.app.inject({ method: 'POST', url: API.signUp, payload: user });
    expect(up.statusCode).toBe(403);
    expect(up.json().error.code).toBe('password_sign_in_disabled');
    const inRes = await only.app.inject({ method: 'POST', url: API.signIn, payload: { email: user.email, password: user.password } });
    expect(inRes.json().error.code).toBe('password_sign_in_disabled');
    expect((await only.app.inject({ method: 'GET', url: API.registration })).json()).toMatchObject({ oidcName: 'Test IdP', oidcOnly: true });
    const startRes = await only.app.inject({ method: 'POST', url: API.oidcStart, payload: {} });
    expect(startRes.statusCode).toBe(503);
    expect(startRes.json().error.code).toBe('oidc_unavailable');
  });
});
