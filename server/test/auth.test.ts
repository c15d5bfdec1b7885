import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestServer, signIn, signUpAndIn, uniqueUser, type TestServer } from './helpers.ts';
import { AuthRateLimiter, failureDelayMs, MAX_FAILURE_DELAY_MS } from '../src/auth/rateLimits.ts';

let s: TestServer;
beforeAll(async () => {
  s = await getTestServer({ env: { SESSION_IDLE_HOURS: '1', SESSION_ABSOLUTE_HOURS: '3' } });
});
afterAll(async () => s.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  s.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('sign-up', () => {
  it('creates an account and its profile, without signing in', async () => {
    const u = uniqueUser();
    const res = await post('/api/auth/signup', u);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ user: { email: u.email }, confirmationRequired: false });
    expect(res.cookies).toHaveLength(0);
    const cookie = await signIn(s.app, u.email, u.password);
    const profile = await s.app.inject({ url: '/api/profile', headers: { cookie } });
    expect(profile.json()).toMatchObject({ username: u.username, email: u.email, language: null, bio: null, avatar_url: null });
  });

  it('refuses an e-mail already registered in another case with the already-registered message', async () => {
    const u = uniqueUser();
    expect((await post('/api/auth/signup', u)).statusCode).toBe(201);
    const res = await post('/api/auth/signup', { ...uniqueUser(), email: u.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'email_taken', message: 'User already registered' });
  });

  it('refuses a username taken in another case', async () => {
    const u = uniqueUser('Case');
    expect((await post('/api/auth/signup', u)).statusCode).toBe(201);
    const res = await post('/api/auth/signup', { ...uniqueUser(), username: u.username.toLowerCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('username_taken');
  });

  it('refuses a password under 6 characters with a message containing "Password"', async () => {
    const res = await post('/api/auth/signup', { ...uniqueUser(), password: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('weak_password');
    expect(res.json().error.message).toContain('Password');
  });

  it.each([
    [{ email: 'a@b.co', password: 'secret1' }, 'username', 'username_invalid'],
    [{ username: 'abc', password: 'secret1' }, 'email', 'email_invalid'],
    [{ username: 'abc', email: 'not-an-email', password: 'secret1' }, 'email', 'email_invalid'],
    [{ username: 'a b', email: 'ab@b.co', password: 'secret1' }, 'username', 'username_invalid'],
    [{ username: 'a', email: 'ab@b.co', password: 'secret1' }, 'username', 'username_too_short'],
    [{ username: 'a'.repeat(33), email: 'ab@b.co', password: 'secret1' }, 'username', 'username_too_long'],
    [{ username: 'abc', email: 'ab@b.co', password: 'x'.repeat(257) }, 'password', 'password_too_long'],
    [{ username: 'abc', email: 'ab@b.co', password: 42 }, 'password', 'invalid_request'],
  ])('rejects invalid body %j naming %s with code %s', async (body, field, code) => {
    const res = await post('/api/auth/signup', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(code);
    expect(res.json().error.message).toContain(field);
  });
});

describe('sign-in and sessions', () => {
  it('sets an HttpOnly SameSite=Lax cookie, not Secure over http, with a new token each time', async () => {
    const u = await signUpAndIn(s.app);
    const a = await post('/api/auth/signin', { email: u.email, password: u.password });
    const b = await post('/api/auth/signin', { email: u.email.toUpperCase(), password: u.password });
    const [ca, cb] = [a.cookies[0], b.cookies[0]];
    expect(ca).toMatchObject({ name: 'parley_session', httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(ca?.secure).toBeFalsy();
    expect(ca?.value).not.toBe(cb?.value);
    for (const c of [ca, cb]) {
      const res = await s.app.inject({ url: '/api/auth/session', headers: { cookie: `${c?.name}=${c?.value}` } });
      expect(res.json()).toMatchObject({ user: { id: u.id }, profile: { username: u.username } });
    }
  });

  it('says whether a sign-in is the account\'s first (a failed attempt does not count, a sign-out does not reset it)', async () => {
    const u = uniqueUser();
    expect((await post('/api/auth/signup', u)).statusCode).toBe(201);
    expect((await post('/api/auth/signin', { email: u.email, password: 'wrong password' })).statusCode).toBe(401);
    const first = await post('/api/auth/signin', { email: u.email, password: u.password });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ user: { email: u.email }, firstSignIn: true });
    const cookie = `${first.cookies[0]?.name}=${first.cookies[0]?.value}`;
    expect((await s.app.inject({ method: 'POST', url: '/api/auth/signout', headers: { cookie } })).statusCode).toBe(204);
    const second = await post('/api/auth/signin', { email: u.email, password: u.password });
    expect(second.json()).toMatchObject({ firstSignIn: false });
    // The session answer is the same shape as before: no first-sign-in flag to keep on the device.
    const session = await s.app.inject({ url: '/api/auth/session', headers: { cookie: `${second.cookies[0]?.name}=${second.cookies[0]?.value}` } });
    expect(session.json()).not.toHaveProperty('firstSignIn');
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const u = await signUpAndIn(s.app);
    const wrong = await post('/api/auth/signin', { email: u.email, password: 'wrong password' });
    const unknown = await post('/api/auth/signin', { email: `nobody-${u.email}`, password: 'wrong password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.json().error).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
  });

  it('sign-out ends the session', async () => {
    const u = await signUpAndIn(s.app);
    const out = await s.app.inject({ method: 'POST', url: '/api/auth/signout', headers: { cookie: u.cookie } });
    expect(out.statusCode).toBe(204);
    const after = await s.app.inject({ url: '/api/auth/session', headers: { cookie: u.cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('expires a session left idle longer than the idle limit', async () => {
    const u = await signUpAndIn(s.app);
    s.clock.advance(59 * 60_000);
    expect((await s.app.inject({ url: '/api/profile', headers: { cookie: u.cookie } })).statusCode).toBe(200);
    s.clock.advance(61 * 60_000);
    expect((await s.app.inject({ url: '/api/profile', headers: { cookie: u.cookie } })).statusCode).toBe(401);
  });

  it('expires an active session at its absolute limit', async () => {
    const u = await signUpAndIn(s.app);
    for (let i = 0; i < 5; i++) {
      s.clock.advance(35 * 60_000);
      expect((await s.app.inject({ url: '/api/profile', headers: { cookie: u.cookie } })).statusCode).toBe(200);
    }
    s.clock.advance(20 * 60_000); // 195 minutes in: past the 3 h absolute limit, though never idle
    expect((await s.app.inject({ url: '/api/profile', headers: { cookie: u.cookie } })).statusCode).toBe(401);
  });

  it('rejects a forged cookie', async () => {
    const res = await s.app.inject({ url: '/api/auth/session', headers: { cookie: 'parley_session=forged' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
  });
});

describe('route protection', () => {
  it.each([
    ['GET', '/api/auth/session'],
    ['POST', '/api/auth/signout'],
    ['GET', '/api/profile'],
    ['PATCH', '/api/profile'],
    ['POST', '/api/profile/avatar'],
  ] as const)('%s %s needs a session', async (method, url) => {
    const res = await s.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
    expect(res.statusCode).toBe(401);
  });

  it('health needs no session', async () => {
    const res = await s.app.inject({ url: '/api/health' });
    expect(res.json()).toMatchObject({ ok: true });
  });

  it('refuses cross-site state-changing requests and allows same-origin ones', async () => {
    const u = await signUpAndIn(s.app);
    const patch = (headers: Record<string, string>) =>
      s.app.inject({ method: 'PATCH', url: '/api/profile', payload: { bio: 'hi' }, headers: { cookie: u.cookie, host: 'localhost:3000', ...headers } });
    const evil = await patch({ origin: 'https://evil.example' });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().error.code).toBe('forbidden_origin');
    expect((await patch({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await patch({ 'sec-fetch-site': 'same-site', origin: 'http://localhost:3000' })).statusCode).toBe(403);
    expect((await patch({ origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    const signInFromEvil = await post('/api/auth/signin', { email: u.email, password: u.password }, { origin: 'https://evil.example', host: 'localhost:3000' });
    expect(signInFromEvil.statusCode).toBe(403);
  });

  it('refuses a state-changing request with the session cookie but neither Origin nor Sec-Fetch-Site', async () => {
    const raw = await getTestServer({ browserHeaders: false });
    try {
      const u = await signUpAndIn(raw.app); // sign-up and sign-in carry no cookie: allowed as sent
      const other = await signUpAndIn(raw.app);
      const send = (headers: Record<string, string>) =>
        raw.app.inject({ method: 'POST', url: '/api/chats', payload: { userId: other.id }, headers: { cookie: u.cookie, ...headers } });
      for (const headers of [{}, { referer: 'http://evil.example/' }, { referer: 'http://localhost:80/' }] as Record<string, string>[]) {
        const res = await send(headers);
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toEqual({ code: 'forbidden_origin', message: 'Requests with a session cookie must send an Origin header' });
      }
      expect((await raw.app.inject({ url: '/api/chats', headers: { cookie: u.cookie } })).json().conversations).toEqual([]);
      // What an API client does: send the app's origin (or a browser's Sec-Fetch-Site).
      expect((await send({ origin: 'http://localhost:3000', host: 'localhost:3000' })).statusCode).toBe(201);
      const signOut = await raw.app.inject({ method: 'POST', url: '/api/auth/signout', headers: { cookie: u.cookie } });
      expect(signOut.statusCode).toBe(403);
      expect((await raw.app.inject({ method: 'POST', url: '/api/auth/signout', headers: { cookie: u.cookie, 'sec-fetch-site': 'same-origin' } })).statusCode).toBe(204);
    } finally {
      await raw.close();
    }
  });
});

describe('rate limits', () => {
  it('counts failed sign-ins only, per (account, address) and per address, with 429 and Retry-After', async () => {
    const limited = await getTestServer({
      authLimits: { signInPerAccount: 3, signInPerAddress: 5, signInAccountCeiling: 8, signUpPerAccount: 2, signUpPerAddress: 3, windowSeconds: 600 },
    });
    try {
      const attempt = (email: string, ip: string, password = 'whatever1') =>
        limited.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password }, remoteAddress: ip });
      const owner = uniqueUser('owner');
      expect((await limited.app.inject({ method: 'POST', url: '/api/auth/signup', payload: owner, remoteAddress: '127.0.9.1' })).statusCode).toBe(201);
      // Successful sign-ins cost nothing: more than the failure budget in a row.
      for (let i = 0; i < 5; i++) expect((await attempt(owner.email, '127.0.10.2', owner.password)).statusCode).toBe(200);
      // Someone else's wrong passwords lock out their address for this account...
      for (let i = 0; i < 3; i++) expect((await attempt(owner.email, '127.0.10.1')).statusCode).toBe(401);
      const blocked = await attempt(owner.email.toUpperCase(), '127.0.10.1', owner.password);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json().error.code).toBe('rate_limited');
      // ...not the owner elsewhere (before: ten wrong passwords from anyone locked everyone out for 15 minutes).
      expect((await attempt(owner.email, '127.0.10.2', owner.password)).statusCode).toBe(200);
      // A success clears that address's own failures.
      for (let i = 0; i < 2; i++) expect((await attempt(owner.email, '127.0.10.3')).statusCode).toBe(401);
      expect((await attempt(owner.email, '127.0.10.3', owner.password)).statusCode).toBe(200);
      for (let i = 0; i < 2; i++) expect((await attempt(owner.email, '127.0.10.3')).statusCode).toBe(401);
      expect((await attempt(owner.email, '127.0.10.3', owner.password)).statusCode).toBe(200);
      // per address: one address trying many accounts
      for (let i = 0; i < 5; i++) expect((await attempt(`u${i}@example.com`, '127.0.11.1')).statusCode).toBe(401);
      expect((await attempt('fresh@example.com', '127.0.11.1')).statusCode).toBe(429);
      // The account's ceiling over all addresses (8 failures with this one): everyone waits, the owner too.
      expect((await attempt(owner.email, '127.0.10.5')).statusCode).toBe(401);
      expect((await attempt(owner.email, '127.0.10.4', owner.password)).statusCode).toBe(429);

      const up = (email: string, ip: string) =>
        limited.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { ...uniqueUser(), email }, remoteAddress: ip });
      expect((await up('x1@example.com', '127.0.12.1')).statusCode).toBe(201);
      expect((await up('x2@example.com', '127.0.12.1')).statusCode).toBe(201);
      expect((await up('x3@example.com', '127.0.12.1')).statusCode).toBe(201);
      const upBlocked = await up('x4@example.com', '127.0.12.1');
      expect(upBlocked.statusCode).toBe(429);
      expect(upBlocked.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

describe('sign-in failure delays', () => {
  it('holds back failure answers longer and longer once an account draws failures from many addresses, never a success', async () => {
    const waits: number[] = [];
    const limiter = new AuthRateLimiter(
      { signInPerAccount: 2, signInPerAddress: 100, signInAccountCeiling: 100, signUpPerAccount: 1, signUpPerAddress: 1, windowSeconds: 600 },
      async (ms) => waits.push(ms),
    );
    const fail = () => Promise.reject(new Error('wrong password'));
    const account = `delay-${Date.now()}@example.com`;
    for (let i = 0; i < 8; i++) await expect(limiter.signInAttempt(account, `10.1.0.${i}`, fail)).rejects.toThrow('wrong password');
    expect(waits).toEqual([250, 500, 1000, 2000, MAX_FAILURE_DELAY_MS, MAX_FAILURE_DELAY_MS]);
    expect(await limiter.signInAttempt(account, '10.1.1.1', async () => 'in')).toBe('in');
    expect(waits).toHaveLength(6);
    expect(failureDelayMs(2, 2)).toBe(0);
  });
});

describe('https deployments', () => {
  it('uses a Secure __Host- cookie when PUBLIC_URL is https', async () => {
    const secure = await getTestServer({ env: { PUBLIC_URL: 'https://parley.example' } });
    try {
      const u = uniqueUser();
      await secure.app.inject({ method: 'POST', url: '/api/auth/signup', payload: u });
      const res = await secure.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: u.email, password: u.password } });
      expect(res.cookies[0]).toMatchObject({ name: '__Host-parley_session', secure: true, httpOnly: true, path: '/' });
      const evil = await secure.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: u.email, password: u.password }, headers: { origin: 'http://parley.example' } });
      expect(evil.statusCode).toBe(403);
    } finally {
      await secure.close();
    }
  });

  it('requires confirmation before sign-in when EMAIL_CONFIRMATION=on', async () => {
    const confirming = await getTestServer({ env: { EMAIL_CONFIRMATION: 'on' } });
    try {
      const u = uniqueUser();
      const up = await confirming.app.inject({ method: 'POST', url: '/api/auth/signup', payload: u });
      expect(up.json().confirmationRequired).toBe(true);
      const res = await confirming.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: u.email, password: u.password } });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('Email not confirmed');
    } finally {
      await confirming.close();
    }
  });
});
