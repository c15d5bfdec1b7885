import { ADMIN_API, API } from '@parley/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestServer, signIn, signUpAndIn, uniqueUser, type TestServer } from './helpers.ts';

/**
 * Issue 32 item 9: a role change counts at once, also for sessions this node has already looked up and cached
 * (the test clock does not move, so a cached session would keep its old role for good). The two-node case is in
 * server/cluster-test/operators.test.ts.
 */
const boss = uniqueUser('roleboss');
const promoted = uniqueUser('rolepromoted');
let s: TestServer;
beforeAll(async () => {
  s = await getTestServer({ env: { ADMIN_EMAILS: `${boss.email},${promoted.email}` } });
});
afterAll(async () => s?.close());

const session = async (cookie: string) => (await s.app.inject({ method: 'GET', url: API.session, headers: { cookie } })).json().user as { admin?: true };
const action = (cookie: string, id: string, what: 'make-admin' | 'unmake-admin') =>
  s.app.inject({ method: 'POST', url: ADMIN_API.userAction.replace(':id', id).replace(':action', what), headers: { cookie } });

describe('a role change reaches live sessions at once', () => {
  it('made and unmade admin in the console: the person\'s open session says so on its next request', async () => {
    const admin = await signUpAndIn(s.app, boss);
    const ana = await signUpAndIn(s.app);
    expect(await session(ana.cookie)).not.toHaveProperty('admin');
    expect((await action(admin.cookie, ana.id, 'make-admin')).statusCode).toBe(200);
    expect(await session(ana.cookie)).toMatchObject({ admin: true });
    expect((await s.app.inject({ method: 'GET', url: ADMIN_API.status, headers: { cookie: ana.cookie } })).statusCode).toBe(200);
    expect((await action(admin.cookie, ana.id, 'unmake-admin')).statusCode).toBe(200);
    expect(await session(ana.cookie)).not.toHaveProperty('admin');
    expect((await s.app.inject({ method: 'GET', url: ADMIN_API.status, headers: { cookie: ana.cookie } })).statusCode).toBe(403);
  });

  it('ADMIN_EMAILS promoting at sign-in: the sign-in answer carries the flag, and the person\'s other sessions too', async () => {
    const first = await signUpAndIn(s.app, promoted);
    // The account as it was before its address was added to ADMIN_EMAILS; this session is looked up (cached) as a user's.
    await s.database.db.updateTable('users').set({ role: 'user' }).where('id', '=', first.id).execute();
    expect(await session(first.cookie)).not.toHaveProperty('admin');
    const res = await s.app.inject({ method: 'POST', url: API.signIn, payload: { email: promoted.email, password: promoted.password } });
    expect(res.json().user).toMatchObject({ admin: true });
    expect(await session(first.cookie)).toMatchObject({ admin: true });
    expect(await session(await signIn(s.app, promoted.email, promoted.password))).toMatchObject({ admin: true });
  });
});
