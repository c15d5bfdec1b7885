import { ADMIN_API } from '@parley/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestServer, signIn, signUpAndIn, type TestServer, uniqueUser, useTestServer } from './helpers.ts';
import { TestSocket } from './realtimeClient.ts';

/** Roles, the admin API, disabling accounts, registration control and the audit log (issue 24). */
let admin: Awaited<ReturnType<typeof signUpAndIn>>;
const adminUser = uniqueUser('boss');

const s = useTestServer({ env: { ADMIN_EMAILS: `someone@example.org, ${adminUser.email.toUpperCase()}` }, listen: true });
beforeAll(async () => {
  admin = await signUpAndIn(s.app, adminUser);
});

const as = (cookie: string | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  s.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

const ZERO = '00000000-0000-4000-8000-000000000000';

async function snapshot() {
  const db = s.database.db;
  return {
    users: await db.selectFrom('users').select(['id', 'role', 'disabled_at', 'email_confirmed_at']).orderBy('id').execute(),
    invites: await db.selectFrom('invites').selectAll().orderBy('id').execute(),
    settings: await db.selectFrom('settings').selectAll().execute(),
    sessions: (await db.selectFrom('sessions').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n,
  };
}

describe('admin API access', () => {
  it('ADMIN_EMAILS makes a confirmed sign-up admin (any case); others are users', async () => {
    const other = await signUpAndIn(s.app);
    const list = await as(admin.cookie, 'GET', `${ADMIN_API.users}?filter=admins`);
    expect(list.statusCode).toBe(200);
    const emails = (list.json() as { users: { email: string }[] }).users.map((u) => u.email);
    expect(emails).toContain(admin.email);
    expect(emails).not.toContain(other.email);
    // The session says so (the web offers the console in the menu); nobody else's does.
    expect((await as(admin.cookie, 'GET', '/api/auth/session')).json().user).toMatchObject({ admin: true });
    expect((await as(other.cookie, 'GET', '/api/auth/session')).json().user).not.toHaveProperty('admin');
    // The sign-in answer carries the same flag: the menu shows "Administration" without a reload.
    const signInAnswer = async (user: { email: string; password: string }) =>
      (await s.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: user.email, password: user.password } })).json().user;
    expect(await signInAnswer(adminUser)).toMatchObject({ id: admin.id, admin: true });
    expect(await signInAnswer(other)).not.toHaveProperty('admin');
  });

  it('a non-admin calling every admin route gets 403 admin_required and nothing changes; no session gets 401', async () => {
    const user = await signUpAndIn(s.app);
    const target = await signUpAndIn(s.app);
    const invite = (await as(admin.cookie, 'POST', ADMIN_API.invites, { maxUses: 1 })).json() as { id: string };
    const calls: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object][] = [
      ['GET', ADMIN_API.users],
      ['POST', ADMIN_API.users, { ...uniqueUser('made'), admin: true }],
      ['GET', ADMIN_API.user.replace(':id', target.id)],
      ...(['disable', 'enable', 'make-admin', 'unmake-admin', 'confirm-email'] as const).map(
        (action) => ['POST', ADMIN_API.userAction.replace(':id', target.id).replace(':action', action)] as ['POST', string],
      ),
      ['POST', ADMIN_API.userAction.replace(':id', user.id).replace(':action', 'make-admin')],
      ['DELETE', ADMIN_API.user.replace(':id', target.id)],
      ['POST', ADMIN_API.userResetLink.replace(':id', target.id)],
      ['GET', ADMIN_API.invites],
      ['POST', ADMIN_API.invites, { maxUses: 5 }],
      ['DELETE', ADMIN_API.invite.replace(':id', invite.id)],
      ['GET', ADMIN_API.registration],
      ['PUT', ADMIN_API.registration, { mode: 'closed' }],
      ['GET', ADMIN_API.audit],
      ['GET', ADMIN_API.status],
      // Even a malformed request is refused for the role first.
      ['GET', ADMIN_API.user.replace(':id', 'not-a-uuid')],
    ];
    const before = await snapshot();
    const tokens = () => s.database.db.selectFrom('account_tokens').select('id').execute();
    const tokensBefore = await tokens();
    for (const [method, url, payload] of calls) {
      const res = await as(user.cookie, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error.code, `${method} ${url}`).toBe('admin_required');
      const anonymous = await as(undefined, method, url, payload);
      expect(anonymous.statusCode, `${method} ${url} without a session`).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
    expect(await tokens()).toEqual(tokensBefore);
  });

  it('reset link from the console: the mailed kind of link, shown to the admin, audited', async () => {
    const user = await signUpAndIn(s.app);
    const res = await as(admin.cookie, 'POST', ADMIN_API.userResetLink.replace(':id', user.id));
    expect(res.statusCode).toBe(200);
    const link = res.json() as { email: string; url: string; expiresAt: string };
    expect(link.email).toBe(user.email);
    expect(link.url).toMatch(/^\/reset-password#token=[\w-]{43}$/);
    const token = link.url.split('#token=')[1]!;
    const reset = await s.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password: 'brand new password' } });
    expect(reset.statusCode).toBe(204);
    await signIn(s.app, user.email, 'brand new password');
    const entry = (await as(admin.cookie, 'GET', `${ADMIN_API.audit}?action=user.reset_link`)).json().entries[0];
    expect(entry).toMatchObject({ actorEmail: admin.email, targetEmail: user.email });
    expect((await as(admin.cookie, 'POST', ADMIN_API.userResetLink.replace(':id', ZERO))).statusCode).toBe(404);
  });

  it('demotion counts at once: the next call is refused', async () => {
    const second = await signUpAndIn(s.app);
    expect((await as(admin.cookie, 'POST', ADMIN_API.userAction.replace(':id', second.id).replace(':action', 'make-admin'))).json()).toMatchObject({ role: 'admin' });
    expect((await as(second.cookie, 'GET', ADMIN_API.status)).statusCode).toBe(200);
    expect((await as(admin.cookie, 'POST', ADMIN_API.userAction.replace(':id', second.id).replace(':action', 'unmake-admin'))).json()).toMatchObject({ role: 'user' });
    expect((await as(second.cookie, 'GET', ADMIN_API.status)).statusCode).toBe(403);
  });

  it('an admin cannot disable, demote or delete themselves', async () => {
    for (const [method, url] of [
      ['POST', ADMIN_API.userAction.replace(':id', admin.id).replace(':action', 'disable')],
      ['POST', ADMIN_API.userAction.replace(':id', admin.id).replace(':action', 'unmake-admin')],
      ['DELETE', ADMIN_API.user.replace(':id', admin.id)],
    ] as const) {
      const res = await as(admin.cookie, method, url);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('cannot_change_self');
    }
  });

  it('unknown users are 404; bad ids and actions are 400', async () => {
    expect((await as(admin.cookie, 'POST', ADMIN_API.userAction.replace(':id', ZERO).replace(':action', 'disable'))).statusCode).toBe(404);
    expect((await as(admin.cookie, 'POST', ADMIN_API.userAction.replace(':id', ZERO).replace(':action', 'explode'))).statusCode).toBe(400);
    expect((await as(admin.cookie, 'GET', ADMIN_API.user.replace(':id', 'x'))).statusCode).toBe(400);
  });
});

describe('users', () => {
  it('search and filters', async () => {
    const u = await signUpAndIn(s.app, uniqueUser('findme'));
    const found = (await as(admin.cookie, 'GET', `${ADMIN_API.users}?q=${u.username.slice(0, 10)}`)).json() as { users: { id: string }[]; total: number };
    expect(found.users.map((x) => x.id)).toEqual([u.id]);
    expect(found.total).toBe(1);
    await as(admin.cookie, 'POST', ADMIN_API.userAction.replace(':id', u.id).replace(':action', 'disable'));
    const disabled = (await as(admin.cookie, 'GET', `${ADMIN_API.users}?filter=disabled`)).json() as { users: { id: string; disabled: boolean }[] };
    expect(disabled.users.map((x) => x.id)).toContain(u.id);
    expect(disabled.users.every((x) => x.disabled)).toBe(true);
  });

  it('create a user from the console: confirmed, can sign in', async () => {
    const fresh = uniqueUser('made');
    const res = await as(admin.cookie, 'POST', ADMIN_API.users, { ...fresh, admin: false });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: fresh.email, username: fresh.username, role: 'user', emailConfirmed: true });
    await signIn(s.app, fresh.email, fresh.password);
    expect((await as(admin.cookie, 'POST', ADMIN_API.users, { ...fresh, admin: false })).json().error.code).toBe('email_taken');
  });

  it('disable: open sockets close, the session is gone, sign-in says the account is disabled; enable lets them back', async () => {
    const u = await signUpAndIn(s.app);
    const otherSession = await signIn(s.app, u.email, u.password);
    const sockets = [await TestSocket.open(s.base, u.cookie), await TestSocket.open(s.base, otherSession)];
    const res = await as(admin.cookie, 'POST', ADMIN_API.userAction.replace(':id', u.id).replace(':action', 'disable'));
    expect(res.json()).toMatchObject({ disabled: true });
    expect(await Promise.all(sockets.map((x) => x.waitClosed()))).toEqual([4001, 4001]);
    expect((await as(u.cookie, 'GET', '/api/profile')).statusCode).toBe(401);
    expect((await as(otherSession, 'GET', '/api/profile')).statusCode).toBe(401);
    const refused = await s.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: u.email, password: u.password } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'account_disabled', message: 'This account has been disabled' });
    // The wrong password still says only that the credentials are wrong.
    const wrong = await s.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: u.email, password: 'nope nope nope' } });
    expect(wrong.json().error.code).toBe('invalid_credentials');
    await as(admin.cookie, 'POST', ADMIN_API.userAction.replace(':id', u.id).replace(':action', 'enable'));
    await signIn(s.app, u.email, u.password);
  });

  it('delete removes the account and its sessions', async () => {
    const u = await signUpAndIn(s.app);
    expect((await as(admin.cookie, 'DELETE', ADMIN_API.user.replace(':id', u.id))).statusCode).toBe(204);
    expect((await as(u.cookie, 'GET', '/api/profile')).statusCode).toBe(401);
    expect((await as(admin.cookie, 'GET', ADMIN_API.user.replace(':id', u.id))).statusCode).toBe(404);
  });
});

describe('registration control', () => {
  const setMode = (mode: string) => as(admin.cookie, 'PUT', ADMIN_API.registration, { mode });
  const signUp = (body: object) => s.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });

  it('closed: sign-up refused with its code, no account made; the public endpoint says so', async () => {
    expect((await setMode('closed')).statusCode).toBe(200);
    expect((await s.app.inject({ url: '/api/auth/registration' })).json()).toMatchObject({ mode: 'closed', oidcName: null });
    const u = uniqueUser();
    const res = await signUp(u);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('registration_closed');
    expect(await s.database.db.selectFrom('users').select('id').where('email', '=', u.email).executeTakeFirst()).toBeUndefined();
    await setMode('open');
    expect((await signUp(u)).statusCode).toBe(201);
  });

  it('invite: needs a link; a link for 2 works twice, then is used up; revoked and expired links fail', async () => {
    await setMode('invite');
    expect((await signUp(uniqueUser())).json().error.code).toBe('invite_required');
    const invite = (await as(admin.cookie, 'POST', ADMIN_API.invites, { maxUses: 2, expiresInHours: 1 })).json() as { id: string; token: string; url: string };
    expect(invite.url).toContain(`invite=${invite.token}`);
    expect((await signUp({ ...uniqueUser(), invite: 'made-up' })).json().error.code).toBe('invite_invalid');
    // A refused sign-up (taken e-mail) does not use a place.
    expect((await signUp({ ...uniqueUser(), email: admin.email, invite: invite.token })).json().error.code).toBe('email_taken');
    expect((await signUp({ ...uniqueUser(), invite: invite.token })).statusCode).toBe(201);
    expect((await signUp({ ...uniqueUser(), invite: invite.token })).statusCode).toBe(201);
    const third = await signUp({ ...uniqueUser(), invite: invite.token });
    expect(third.statusCode).toBe(403);
    expect(third.json().error.code).toBe('invite_invalid');
    const listed = (await as(admin.cookie, 'GET', ADMIN_API.invites)).json() as { invites: { id: string; uses: number }[] };
    expect(listed.invites.find((i) => i.id === invite.id)?.uses).toBe(2);

    const revoked = (await as(admin.cookie, 'POST', ADMIN_API.invites, { maxUses: 5 })).json() as { id: string; token: string };
    expect((await as(admin.cookie, 'DELETE', ADMIN_API.invite.replace(':id', revoked.id))).statusCode).toBe(204);
    expect((await signUp({ ...uniqueUser(), invite: revoked.token })).json().error.code).toBe('invite_invalid');

    const expiring = (await as(admin.cookie, 'POST', ADMIN_API.invites, { maxUses: 5, expiresInHours: 1 })).json() as { token: string };
    s.clock.advance(2 * 3_600_000);
    expect((await signUp({ ...uniqueUser(), invite: expiring.token })).json().error.code).toBe('invite_invalid');
    await setMode('open');
  });

  it('two sign-ups racing for the last place of an invite: exactly one gets it', async () => {
    await setMode('invite');
    const invite = (await as(admin.cookie, 'POST', ADMIN_API.invites, { maxUses: 1 })).json() as { token: string };
    const results = await Promise.all([signUp({ ...uniqueUser(), invite: invite.token }), signUp({ ...uniqueUser(), invite: invite.token })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403]);
    await setMode('open');
  });
});

describe('e-mail domain allowlist', () => {
  let t: TestServer;
  beforeAll(async () => (t = await getTestServer({ env: { SIGNUP_EMAIL_DOMAINS: 'example.com, @Corp.example' } })));
  afterAll(async () => t.close());

  it('only the listed domains may sign up', async () => {
    const signUp = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { ...uniqueUser(), email } });
    expect((await signUp(`a${Date.now()}@corp.example`)).statusCode).toBe(201);
    expect((await signUp(`b${Date.now()}@example.com`)).statusCode).toBe(201);
    const refused = await signUp(`c${Date.now()}@elsewhere.example`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('email_domain_not_allowed');
    expect((await t.app.inject({ url: '/api/auth/registration' })).json().emailDomains).toEqual(['example.com', 'corp.example']);
  });
});

describe('audit log and status', () => {
  it('records sign-ins, failures, admin actions and registration changes with who, what and address', async () => {
    const u = await signUpAndIn(s.app);
    await s.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: u.email, password: 'wrong wrong wrong' } });
    await as(admin.cookie, 'POST', ADMIN_API.userAction.replace(':id', u.id).replace(':action', 'disable'));
    await as(admin.cookie, 'PUT', ADMIN_API.registration, { mode: 'invite' });
    await as(admin.cookie, 'PUT', ADMIN_API.registration, { mode: 'open' });
    const entries = (await as(admin.cookie, 'GET', `${ADMIN_API.audit}?q=${encodeURIComponent(u.email)}`)).json().entries as {
      action: string; actorEmail: string | null; targetEmail: string | null; address: string | null; details: Record<string, unknown> | null;
    }[];
    expect(entries.map((e) => e.action)).toEqual(['user.disabled', 'auth.sign_in_failed', 'auth.signed_in', 'auth.signed_up']);
    expect(entries[0]).toMatchObject({ actorEmail: admin.email, targetEmail: u.email, address: '127.0.0.1' });
    expect(entries[1]!.details).toEqual({ code: 'invalid_credentials' });
    const changes = (await as(admin.cookie, 'GET', `${ADMIN_API.audit}?action=registration.changed&limit=2`)).json().entries as { details: unknown }[];
    expect(changes.map((c) => c.details)).toEqual([{ from: 'invite', to: 'open' }, { from: 'open', to: 'invite' }]);
  });

  it('status: database, Redis (not configured), queue, languages', async () => {
    const res = await as(admin.cookie, 'GET', ADMIN_API.status);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      database: { ok: true }, redis: { ok: true, configured: false }, queue: { ok: true, pending: 0 },
      languages: { text: { engines: ['apertium'] } },
    });
  });
});
