import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ADMIN_API, API } from '@parley/common';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, getTestServer, signIn, signUpAndIn, uniqueUser, type TestDatabase, type TestServer } from '../test/helpers.ts';
import { TestSocket } from '../test/realtimeClient.ts';
import { startRedis, type RedisProcess } from '../test/redisProcess.ts';

/**
 * Issue 24: a disabled account's open sockets close at once on both nodes, from the console and from the CLI.
 * Issue 23: so do a deleted account's, when the person deletes it on one node.
 */
let redis: RedisProcess;
let testDb: TestDatabase;
let env: Record<string, string>;
let node1: TestServer;
let node2: TestServer;
const base: Record<string, string> = {};
const adminUser = uniqueUser('boss');

beforeAll(async () => {
  redis = await startRedis(Number(process.env.TEST_REDIS_PORT ?? 3291));
  testDb = await createTestDatabase('postgres');
  env = { ...testDb.serverEnv, REDIS_URL: redis.url, REDIS_PREFIX: `t${randomBytes(4).toString('hex')}:`, ADMIN_EMAILS: adminUser.email };
  node1 = await getTestServer({ testDb, env: { ...env, PARLEY_ROLE: 'web' } });
  node2 = await getTestServer({ testDb, env: { ...env, PARLEY_ROLE: 'all' } });
  for (const [name, node] of [['node1', node1], ['node2', node2]] as const) {
    await node.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = node.app.server.address();
    base[name] = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  }
});
afterAll(async () => {
  await node1?.close();
  await node2?.close();
  await testDb?.drop();
  await redis?.stop();
});

/** A user with a session and an open socket on each node (node 2 has resolved and cached its session). */
async function userOnBothNodes() {
  const user = await signUpAndIn(node1.app);
  const second = await signIn(node2.app, user.email, user.password);
  const sockets = [await TestSocket.open(base.node1!, user.cookie), await TestSocket.open(base.node2!, second)];
  expect((await node2.app.inject({ url: '/api/profile', headers: { cookie: second } })).statusCode).toBe(200);
  return { user, cookies: [user.cookie, second], sockets };
}

async function expectSignedOutEverywhere(u: Awaited<ReturnType<typeof userOnBothNodes>>) {
  expect(await Promise.all(u.sockets.map((s) => s.waitClosed()))).toEqual([4001, 4001]);
  // Without moving the clock: node 2 forgot its cached session when told.
  for (const [node, cookie] of [[node1, u.cookies[0]!], [node2, u.cookies[1]!]] as const) {
    expect((await node.app.inject({ url: '/api/profile', headers: { cookie } })).statusCode).toBe(401);
  }
  const refused = await node2.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: u.user.email, password: u.user.password } });
  expect(refused.json().error.code).toBe('account_disabled');
}

describe('disabling an account on a cluster', { timeout: 120_000 }, () => {
  it('from the console on node 1: the sockets on both nodes close at once and both sessions are gone', async () => {
    const admin = await signUpAndIn(node1.app, adminUser);
    const u = await userOnBothNodes();
    const res = await node1.app.inject({ method: 'POST', url: ADMIN_API.userAction.replace(':id', u.user.id).replace(':action', 'disable'), headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    await expectSignedOutEverywhere(u);
  });

  it('from the command line (REDIS_URL set): the running nodes close the sockets at once', async () => {
    const u = await userOnBothNodes();
    const cli = path.join(import.meta.dirname, '../src/admin/cli.ts');
    const code = await new Promise<number>((resolve) => {
      execFile(process.execPath, ['--import', 'tsx', cli, 'disable', u.user.email], { env: { ...process.env, ...env, LOG_LEVEL: 'silent' }, cwd: path.join(import.meta.dirname, '../..') }, (err) =>
        resolve(err ? Number((err as { code?: number }).code ?? 1) : 0),
      );
    });
    expect(code).toBe(0);
    await expectSignedOutEverywhere(u);
  });
});

describe('deleting your own account on a cluster', { timeout: 120_000 }, () => {
  it('deleted on node 2: the sockets on both nodes close at once, both sessions are gone, the address and the name are free', async () => {
    const u = await userOnBothNodes();
    const wrong = await node2.app.inject({ method: 'POST', url: API.accountDelete, headers: { cookie: u.cookies[1]! }, payload: { password: 'not-the-password' } });
    expect(wrong.statusCode).toBe(403);
    const res = await node2.app.inject({ method: 'POST', url: API.accountDelete, headers: { cookie: u.cookies[1]! }, payload: { password: u.user.password } });
    expect(res.statusCode).toBe(204);
    expect(await Promise.all(u.sockets.map((s) => s.waitClosed()))).toEqual([4001, 4001]);
    for (const [node, cookie] of [[node1, u.cookies[0]!], [node2, u.cookies[1]!]] as const) {
      expect((await node.app.inject({ url: '/api/profile', headers: { cookie } })).statusCode).toBe(401);
    }
    // The account is gone (not disabled): signing in fails like an unknown address, and the address and the name sign up again.
    const refused = await node1.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: u.user.email, password: u.user.password } });
    expect(refused.json().error.code).toBe('invalid_credentials');
    const again = await node1.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: u.user.email, password: u.user.password, username: u.user.username } });
    expect(again.statusCode).toBe(201);
  });
});

describe('a role change on a cluster (issue 32 item 9)', { timeout: 120_000 }, () => {
  it('made admin on node 1: the session node 2 has cached says admin on its next request, and unmade too', async () => {
    const admin = await signIn(node1.app, adminUser.email, adminUser.password).catch(async () => (await signUpAndIn(node1.app, adminUser)).cookie);
    const u = await userOnBothNodes();
    const session = async () => (await node2.app.inject({ url: API.session, headers: { cookie: u.cookies[1]! } })).json().user as { admin?: true };
    expect(await session()).not.toHaveProperty('admin');
    const act = (what: string) => node1.app.inject({ method: 'POST', url: ADMIN_API.userAction.replace(':id', u.user.id).replace(':action', what), headers: { cookie: admin } });
    expect((await act('make-admin')).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await session()).toMatchObject({ admin: true }), { timeout: 10_000, interval: 50 });
    expect((await act('unmake-admin')).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await session()).not.toHaveProperty('admin'), { timeout: 10_000, interval: 50 });
  });
});
