import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, getTestServer, signIn, TEST_DB, type TestDatabase } from './helpers.ts';
import { TestSocket } from './realtimeClient.ts';

/** `npm run admin -- ...` end to end: the real CLI in a child process on this run's database kind (TEST_DB). */
const CLI = path.join(import.meta.dirname, '../src/admin/cli.ts');
let testDb: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'parley-cli-'));
});
afterAll(async () => {
  await testDb.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  // DATA_DIR of the test database (PGlite) or a scratch one beside DATABASE_URL (PostgreSQL).
  const env = { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...testDb.serverEnv, REDIS_URL: '' };
  delete (env as Record<string, string | undefined>).REDIS_URL;
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', CLI, ...args], { env, cwd: path.join(import.meta.dirname, '../..') }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

// Each spawn compiles the CLI and opens the database: seconds apiece on a loaded machine.
describe(`admin CLI on ${TEST_DB}`, { timeout: 300_000 }, () => {
  it('usage: no command and unknown commands exit 2 with the usage text; help exits 0', async () => {
    const none = await cli();
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Usage: npm run admin -- <command>');
    const unknown = await cli('frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command: frobnicate');
    expect((await cli('help')).code).toBe(0);
  });

  it('create-user (generated password), list --json, make-admin, invite, registration, audit', async () => {
    const created = await cli('create-user', '--email', 'Ops@Example.com', '--username', 'ops', '--json');
    expect(created.code).toBe(0);
    const { user, password } = JSON.parse(created.stdout) as { user: { id: string; email: string; role: string; emailConfirmed: boolean }; password: string };
    expect(user).toMatchObject({ email: 'ops@example.com', role: 'user', emailConfirmed: true });
    expect(password.length).toBeGreaterThanOrEqual(12);

    const again = await cli('create-user', '--email', 'ops@example.com', '--username', 'ops2', '--password', 'secret secret');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('User already registered');
    expect((await cli('create-user', '--email', 'not-an-address', '--username', 'x1x')).code).toBe(2);

    expect((await cli('make-admin', 'ops@example.com')).stdout).toContain('admin');
    const admins = JSON.parse((await cli('list', '--filter', 'admins', '--json')).stdout) as { users: { email: string }[]; total: number };
    expect(admins.users.map((u) => u.email)).toEqual(['ops@example.com']);

    const invite = JSON.parse((await cli('invite', '--uses', '3', '--never-expires', '--json')).stdout) as { invite: { url: string; maxUses: number; expiresAt: null } };
    expect(invite.invite).toMatchObject({ maxUses: 3, expiresAt: null });
    expect(invite.invite.url).toMatch(/^\/auth\?mode=signup&invite=/);

    expect((await cli('registration', 'sometimes')).code).toBe(2);
    expect((await cli('registration', 'invite')).stdout).toContain('Registration: invite');

    const audit = JSON.parse((await cli('audit', '--json')).stdout) as { entries: { action: string; actorEmail: string }[] };
    expect(audit.entries.map((e) => e.action)).toEqual(['registration.changed', 'invite.created', 'user.made_admin', 'user.created']);
    expect(audit.entries.every((e) => e.actorEmail === 'command line')).toBe(true);
  });

  it('a missing user exits 1; delete wants --yes', async () => {
    const missing = await cli('disable', 'nobody@example.com', '--json');
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stderr)).toEqual({ error: { code: 'not_found', message: 'No such user' } });
    expect((await cli('delete', 'ops@example.com')).code).toBe(2);
  });

  it('disable against a running server: the account is signed out and cannot sign in; enable and set-password', async () => {
    // PGlite is one process's database: the server runs after the CLI there, beside it on PostgreSQL.
    await cli('create-user', '--email', 'left@example.com', '--username', 'leaver', '--password', 'first password');
    const s = await getTestServer({ testDb, listen: true });
    try {
      const cookie = await signIn(s.app, 'left@example.com', 'first password');
      if (TEST_DB === 'postgres') {
        const socket = await TestSocket.open(s.base, cookie);
        expect((await cli('disable', 'left@example.com')).code).toBe(0);
        // Without Redis the node finds out at its next check of open sockets (every 30 s; called here).
        await s.app.sessionWatch.sweep();
        expect(await socket.waitClosed()).toBe(4001);
        s.clock.advance(6_000); // past the 5 s session cache
        expect((await s.app.inject({ url: '/api/profile', headers: { cookie } })).statusCode).toBe(401);
        const refused = await s.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'left@example.com', password: 'first password' } });
        expect(refused.json().error.code).toBe('account_disabled');
      }
    } finally {
      await s.close();
    }
    if (TEST_DB === 'pglite') expect((await cli('disable', 'left@example.com')).code).toBe(0);
    const handle = await testDb.open();
    try {
      const row = await handle.db.selectFrom('users').select(['disabled_at']).where('email', '=', 'left@example.com').executeTakeFirstOrThrow();
      expect(row.disabled_at).not.toBeNull();
      expect(await handle.db.selectFrom('sessions').innerJoin('users', 'users.id', 'sessions.user_id').select('sessions.id').where('users.email', '=', 'left@example.com').execute()).toEqual([]);
    } finally {
      await handle.close();
    }
    expect((await cli('enable', 'left@example.com')).code).toBe(0);
    const reset = JSON.parse((await cli('set-password', 'left@example.com', '--json')).stdout) as { password: string };
    const s2 = await getTestServer({ testDb });
    try {
      await signIn(s2.app, 'left@example.com', reset.password);
    } finally {
      await s2.close();
    }
    expect((await cli('delete', 'left@example.com', '--yes')).code).toBe(0);
    expect((await cli('show', 'left@example.com')).code).toBe(1);
  });

  it('reset-link prints a password-reset link (the mailed kind: 1 hour, single use; a newer one voids it)', async () => {
    await cli('create-user', '--email', 'forgot@example.com', '--username', 'forgetful', '--password', 'old password');
    const first = await cli('reset-link', 'forgot@example.com');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^\/reset-password#token=[\w-]{43}\n/);
    const json = await cli('reset-link', 'forgot@example.com', '--json');
    const link = JSON.parse(json.stdout) as { email: string; url: string; expiresAt: string };
    expect(link.email).toBe('forgot@example.com');
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(50 * 60_000);
    const token = (url: string) => url.split('#token=')[1]!;
    const s = await getTestServer({ testDb });
    try {
      const use = (url: string) => s.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token: token(url), password: 'new password' } });
      expect((await use(first.stdout.split('\n')[0]!)).json().error.code).toBe('token_used');
      expect((await use(link.url)).statusCode).toBe(204);
      expect((await use(link.url)).json().error.code).toBe('token_used');
      await signIn(s.app, 'forgot@example.com', 'new password');
      const audit = await s.database.db.selectFrom('audit_log').select(['action', 'actor_email']).where('target_email', '=', 'forgot@example.com').orderBy('id').execute();
      expect(audit.filter((e) => e.action === 'user.reset_link')).toEqual([
        { action: 'user.reset_link', actor_email: 'command line' }, { action: 'user.reset_link', actor_email: 'command line' },
      ]);
    } finally {
      await s.close();
    }
  });
});
