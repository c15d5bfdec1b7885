import { sql } from 'kysely';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAIL_QUEUE } from '../src/mail/mailer.ts';
import { getTestServer, signIn, uniqueUser, type TestServer } from './helpers.ts';
import { linksIn, startSmtp, type TestSmtp } from './smtpServer.ts';

const PUBLIC_URL = 'http://parley.test';
const WAIT = { timeout: 30_000, interval: 50 };

let smtp: TestSmtp;
let s: TestServer;
beforeAll(async () => {
  smtp = await startSmtp();
  s = await getTestServer({
    env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL, EMAIL_CONFIRMATION: 'on', ADMIN_EMAILS: 'confirm.boss@example.com' },
    mail: { retryDelaySeconds: 1, pollSeconds: 0.5 },
  });
});
afterAll(async () => {
  await s.close();
  await smtp.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) => s.app.inject({ method: 'POST', url, payload, headers });
const confirm = (token: string) => post('/api/auth/confirm', { token });

const mailsTo = (email: string) => smtp.mails.filter((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === email);
async function mailTo(email: string, nth = 1): Promise<ParsedMail> {
  await vi.waitFor(() => expect(mailsTo(email).length).toBeGreaterThanOrEqual(nth), WAIT);
  return mailsTo(email)[nth - 1]!;
}
async function jobsTo(email: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM pgboss.job WHERE name = ${MAIL_QUEUE} AND data->>'to' = ${email}`.execute(s.database.db);
  return Number(rows[0]?.n);
}
function tokenIn(mail: ParsedMail, path = '/confirm-email#token='): string {
  const link = linksIn(mail).find((l) => l.includes(path));
  if (!link) throw new Error(`no ${path} link in ${mail.text}`);
  expect(link.startsWith(`${PUBLIC_URL}${path}`)).toBe(true);
  return link.split('#token=')[1] ?? '';
}

describe('e-mail confirmation', () => {
  it('sign-up mails a link in the browser language; opening it confirms and signs in', async () => {
    const u = uniqueUser();
    const up = await post('/api/auth/signup', u, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' });
    expect(up.statusCode).toBe(201);
    expect(up.json()).toMatchObject({ user: { email: u.email }, confirmationRequired: true });
    const before = await post('/api/auth/signin', { email: u.email, password: u.password });
    expect(before.json().error.code).toBe('email_not_confirmed');

    const mail = await mailTo(u.email);
    expect(mail.subject).toBe('Bestätige deine E-Mail-Adresse');
    const res = await confirm(tokenIn(mail));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { email: u.email }, profile: { username: u.username }, firstSignIn: true });
    const cookie = `${res.cookies[0]?.name}=${res.cookies[0]?.value}`;
    expect((await s.app.inject({ url: '/api/auth/session', headers: { cookie } })).statusCode).toBe(200);
    await signIn(s.app, u.email, u.password);

    const again = await confirm(tokenIn(mail));
    expect(again.statusCode).toBe(410);
    expect(again.json().error.code).toBe('token_used');
  });

  it('an ADMIN_EMAILS address becomes admin when the link signs it in, and the answer says so', async () => {
    const u = { ...uniqueUser(), email: 'confirm.boss@example.com' };
    expect((await post('/api/auth/signup', u)).statusCode).toBe(201);
    const res = await confirm(tokenIn(await mailTo(u.email)));
    expect(res.json().user).toMatchObject({ email: u.email, admin: true });
  });

  it('a link expires after 24 hours; a tampered or truncated one is token_invalid', async () => {
    const u = uniqueUser();
    await post('/api/auth/signup', u);
    const token = tokenIn(await mailTo(u.email));
    for (const bad of [`${token.slice(0, -2)}xy`, token.slice(0, 10)]) expect((await confirm(bad)).json().error.code).toBe('token_invalid');
    s.clock.advance(24 * 3_600_000 + 60_000);
    const res = await confirm(token);
    expect(res.statusCode).toBe(410);
    expect(res.json().error.code).toBe('token_expired');
    expect((await post('/api/auth/signin', { email: u.email, password: u.password })).json().error.code).toBe('email_not_confirmed');
  });

  it('"Resend the confirmation e-mail" sends a new link that voids the older one', async () => {
    const u = uniqueUser();
    await post('/api/auth/signup', u);
    const older = tokenIn(await mailTo(u.email, 1));
    // At most one link a minute per account (issue 32 item 5).
    s.clock.advance(61_000);
    const resend = await post('/api/auth/confirm/resend', { email: u.email });
    expect(resend.statusCode).toBe(202);
    expect(resend.json()).toEqual({ sent: true });
    const newer = tokenIn(await mailTo(u.email, 2));
    expect((await confirm(older)).json().error.code).toBe('token_used');
    expect((await confirm(newer)).statusCode).toBe(200);
  });

  it('resend answers the same for an unknown or an already confirmed address, and mails neither', async () => {
    const unknown = uniqueUser().email;
    const u = uniqueUser();
    await post('/api/auth/signup', u);
    expect((await confirm(tokenIn(await mailTo(u.email)))).statusCode).toBe(200);
    for (const email of [unknown, u.email]) {
      const res = await post('/api/auth/confirm/resend', { email });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ sent: true });
    }
    expect(await jobsTo(unknown)).toBe(0);
    expect(await jobsTo(u.email)).toBe(1);
  });

  it('signing up with a registered address answers like a new sign-up and mails the owner instead', async () => {
    const owner = uniqueUser();
    await post('/api/auth/signup', owner);
    expect((await confirm(tokenIn(await mailTo(owner.email)))).statusCode).toBe(200);

    const stranger = { ...uniqueUser(), email: owner.email };
    const res = await post('/api/auth/signup', stranger);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ user: { email: owner.email }, confirmationRequired: true });
    expect(res.json().user.id).toMatch(/^[0-9a-f-]{36}$/);

    const warning = await mailTo(owner.email, 2);
    expect(warning.subject).toBe('Someone tried to sign up with your address');
    expect(linksIn(warning)).toContain(`${PUBLIC_URL}/forgot-password`);
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM users WHERE lower(email) = ${owner.email}`.execute(s.database.db);
    expect(Number(rows[0]?.n)).toBe(1);
    await signIn(s.app, owner.email, owner.password);
  });

  it('signing up again before confirming sends a new confirmation link', async () => {
    const u = uniqueUser();
    await post('/api/auth/signup', u);
    const older = tokenIn(await mailTo(u.email, 1));
    s.clock.advance(61_000);
    expect((await post('/api/auth/signup', { ...u, username: uniqueUser().username })).statusCode).toBe(201);
    const newer = tokenIn(await mailTo(u.email, 2));
    expect((await confirm(older)).json().error.code).toBe('token_used');
    expect((await confirm(newer)).statusCode).toBe(200);
  });

  it('issue 32 item 7: a disabled account\'s link is refused like its sign-in (no session, no sign-in recorded); nothing more is mailed to it', async () => {
    const u = uniqueUser();
    await post('/api/auth/signup', u);
    const token = tokenIn(await mailTo(u.email));
    const { id } = await s.database.db.selectFrom('users').select('id').where('email', '=', u.email).executeTakeFirstOrThrow();
    await s.database.db.updateTable('users').set({ disabled_at: new Date() }).where('id', '=', id).execute();

    const res = await confirm(token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('account_disabled');
    expect(res.cookies).toEqual([]);
    expect(await s.database.db.selectFrom('sessions').select('id').where('user_id', '=', id).execute()).toEqual([]);
    const row = await s.database.db.selectFrom('users').select(['first_signed_in_at', 'email_confirmed_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ first_signed_in_at: null, email_confirmed_at: null });
    const audit = await s.database.db.selectFrom('audit_log').select('id').where('action', '=', 'auth.signed_in').where('actor_email', '=', u.email).execute();
    expect(audit).toEqual([]);

    // A new link (resend, or signing up again) is not mailed to a disabled account; the answer stays the same.
    s.clock.advance(61_000);
    const jobsBefore = await jobsTo(u.email);
    expect((await post('/api/auth/confirm/resend', { email: u.email })).statusCode).toBe(202);
    expect((await post('/api/auth/signup', { ...u, username: uniqueUser().username })).statusCode).toBe(201);
    // The resend's work runs after its answer: a later resend for another address is mailed, then none came for this one.
    const other = uniqueUser();
    await post('/api/auth/signup', other);
    await mailTo(other.email);
    s.clock.advance(61_000);
    await post('/api/auth/confirm/resend', { email: other.email });
    await mailTo(other.email, 2);
    expect(await jobsTo(u.email)).toBe(jobsBefore);
  });
});
