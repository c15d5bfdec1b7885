import { ADMIN_API, API } from '@parley/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUTH_LIMITS } from '../src/auth/rateLimits.ts';
import { getTestServer, signUpAndIn, uniqueUser, type TestServer } from './helpers.ts';

/**
 * Issue 32 item 8: with EMAIL_CONFIRMATION off (the default) sign-up must answer 409 email_taken for an address in
 * use, so one client may learn that only a few times: a list of addresses cannot be tested. The console says so.
 */
let s: TestServer;
beforeAll(async () => {
  // The shipped limits, with a per-account budget that does not get in the way of the test.
  s = await getTestServer({ authLimits: { ...DEFAULT_AUTH_LIMITS, signUpPerAddress: 100, signUpPerAccount: 100 }, env: { ADMIN_EMAILS: 'limits.boss@example.com' } });
});
afterAll(async () => s?.close());

const signUp = (payload: object, from: string) => s.app.inject({ method: 'POST', url: API.signUp, payload, remoteAddress: from });

describe('sign-up with e-mail confirmation off', () => {
  it('a client learns "this address has an account" at most 3 times an hour; other clients are not affected', async () => {
    const known = await Promise.all([1, 2, 3, 4].map(() => signUpAndIn(s.app)));
    for (const k of known.slice(0, 3)) {
      const res = await signUp({ ...uniqueUser(), email: k.email }, '10.77.0.1');
      expect(res.json().error.code).toBe('email_taken');
    }
    // The fourth probe, and any sign-up at all, from that client: 429 with Retry-After, nothing about the address.
    for (const payload of [{ ...uniqueUser(), email: known[3]!.email }, uniqueUser()]) {
      const res = await signUp(payload, '10.77.0.1');
      expect(res.statusCode).toBe(429);
      expect(res.json().error.code).toBe('rate_limited');
      expect(res.headers['retry-after']).toBeDefined();
    }
    expect((await signUp({ ...uniqueUser(), email: known[3]!.email }, '10.77.0.2')).json().error.code).toBe('email_taken');
    expect((await signUp(uniqueUser(), '10.77.0.2')).statusCode).toBe(201);
  });

  it('the shipped per-client sign-up limit is tighter than before (10 per 15 minutes)', () => {
    expect(DEFAULT_AUTH_LIMITS).toMatchObject({ signUpPerAddress: 10, signUpTakenPerAddress: 3 });
  });

  it('the console\'s registration screen is told that sign-up reveals accounts', async () => {
    const boss = await signUpAndIn(s.app, { ...uniqueUser(), email: 'limits.boss@example.com' });
    const res = await s.app.inject({ method: 'GET', url: ADMIN_API.registration, headers: { cookie: boss.cookie } });
    expect(res.json()).toMatchObject({ signUpRevealsAccounts: true });
  });
});
