import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_API, INVITE_API, type MemberInviteResponse } from '@parley/common';
import { getTestServer, signUpAndIn, uniqueUser, type TestServer } from './helpers.ts';
import { linksIn, startSmtp, type TestSmtp } from './smtpServer.ts';

/** Issue 38 item 3: invites from the app: admins, or members when the operator allows it; mailed in the invitee's language. */
const PUBLIC_URL = 'http://parley.test';
const WAIT = { timeout: 30_000, interval: 50 };

let smtp: TestSmtp;
let s: TestServer;
let noMail: TestServer;
beforeAll(async () => {
  smtp = await startSmtp();
  s = await getTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL }, mail: { retryDelaySeconds: 1, pollSeconds: 0.5 } });
  noMail = await getTestServer();
});
afterAll(async () => {
  await s.close();
  await noMail.close();
  await smtp.close();
});

type Person = Awaited<ReturnType<typeof signUpAndIn>>;
const call = (server: TestServer, who: Person, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  server.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

async function admin(server: TestServer): Promise<Person> {
  const p = await signUpAndIn(server.app);
  await server.database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', p.id).execute();
  return p;
}

async function mailTo(email: string): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await vi.waitFor(() => {
    found = smtp.mails.find((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === email);
    expect(found).toBeDefined();
  }, WAIT);
  return found!;
}

const tokenOf = (url: string) => new URL(url).searchParams.get('invite')!;

describe('invites from the app', () => {
  it('lets an admin invite by link (one person, 7 days, audited) and a member only once the operator allows it', async () => {
    const [boss, member] = [await admin(s), await signUpAndIn(s.app)];
    expect((await call(s, member, 'GET', INVITE_API.ability)).json()).toEqual({ allowed: false, mail: true });
    const refused = await call(s, member, 'POST', INVITE_API.create, {});
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'admin_required']);

    const byAdmin = await call(s, boss, 'POST', INVITE_API.create, {});
    expect(byAdmin.statusCode).toBe(201);
    const link = byAdmin.json() as MemberInviteResponse;
    expect(link.url.startsWith(`${PUBLIC_URL}/auth?mode=signup&invite=`)).toBe(true);
    expect(link.mailed).toBe(false);
    expect(new Date(link.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3_600_000);

    // The operator turns "members may invite" on: stored with the registration settings, audited.
    const put = await call(s, boss, 'PUT', ADMIN_API.registration, { mode: 'invite', membersMayInvite: true });
    expect(put.json()).toMatchObject({ mode: 'invite', membersMayInvite: true });
    expect((await call(s, boss, 'GET', ADMIN_API.registration)).json()).toMatchObject({ membersMayInvite: true });
    expect((await call(s, member, 'GET', INVITE_API.ability)).json()).toEqual({ allowed: true, mail: true });
    const byMember = (await call(s, member, 'POST', INVITE_API.create, {})).json() as MemberInviteResponse;

    // Each link is for one person: the first sign-up uses it, the second is refused.
    const signUp = (invite: string) => s.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { ...uniqueUser(), invite } });
    expect((await signUp(tokenOf(byMember.url))).statusCode).toBe(201);
    expect((await signUp(tokenOf(byMember.url))).json().error.code).toBe('invite_invalid');

    const audit = (await call(s, boss, 'GET', `${ADMIN_API.audit}?action=invite.created`)).json().entries as { actorEmail: string | null; details: Record<string, unknown> | null }[];
    expect(audit.some((e) => e.actorEmail === member.email && e.details?.by === 'member' && e.details.maxUses === 1)).toBe(true);
    const changed = (await call(s, boss, 'GET', `${ADMIN_API.audit}?action=registration.changed`)).json().entries as { details: Record<string, unknown> | null }[];
    expect(changed.some((e) => e.details?.membersMayInvite === true)).toBe(true);

    await call(s, boss, 'PUT', ADMIN_API.registration, { mode: 'open', membersMayInvite: false });
    expect((await call(s, member, 'POST', INVITE_API.create, {})).statusCode).toBe(403);
  });

  it("mails the link in the invitee's language, through the mail queue, naming who invites", async () => {
    const boss = await admin(s);
    const email = `friend-${Date.now()}@example.org`;
    const res = await call(s, boss, 'POST', INVITE_API.create, { email, language: 'es' });
    expect(res.statusCode).toBe(201);
    const sent = res.json() as MemberInviteResponse;
    expect(sent.mailed).toBe(true);
    const mail = await mailTo(email);
    expect(mail.subject).toBe(`${boss.username} te invita a Parley`);
    expect(mail.text).toContain('Si no conoces a');
    expect(linksIn(mail)).toContain(sent.url);
  });

  it('refuses an e-mail invite without mail (503 mail_unavailable), bad input (400), and too many invites (429)', async () => {
    const boss = await admin(noMail);
    expect((await call(noMail, boss, 'GET', INVITE_API.ability)).json()).toEqual({ allowed: true, mail: false });
    const mailed = await call(noMail, boss, 'POST', INVITE_API.create, { email: 'x@example.org' });
    expect([mailed.statusCode, mailed.json().error.code]).toEqual([503, 'mail_unavailable']);
    // Without PUBLIC_URL the link is whole too: the address the request came to.
    const link = (await call(noMail, boss, 'POST', INVITE_API.create, {})).json() as MemberInviteResponse;
    expect(link.url).toMatch(/^https?:\/\/[^/]+\/auth\?mode=signup&invite=/);
    expect((await call(noMail, boss, 'POST', INVITE_API.create, { email: 'not an address' })).json().error.code).toBe('email_invalid');
    expect((await call(noMail, boss, 'POST', INVITE_API.create, { language: 'xx' })).statusCode).toBe(400);
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) codes.push((await call(noMail, boss, 'POST', INVITE_API.create, {})).statusCode);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
    expect(codes.slice(0, 9).every((c) => c === 201)).toBe(true);
  });
});
