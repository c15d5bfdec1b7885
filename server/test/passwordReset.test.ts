import { sql } from 'kysely';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAIL_QUEUE } from '../src/mail/mailer.ts';
import { getTestServer, signIn, signUpAndIn, uniqueUser, type TestServer } from './helpers.ts';
import { TestSocket } from './realtimeClient.ts';
import { linksIn, startSmtp, type TestSmtp } from './smtpServer.ts';

const PUBLIC_URL = 'http://parley.test';
const WAIT = { timeout: 30_000, interval: 50 };

let smtp: TestSmtp;
let s: TestServer;
let base: string;
beforeAll(async () => {
  smtp = await startSmtp();
  s = await getTestServer({
    env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL },
    mail: { retryDelaySeconds: 1, pollSeconds: 0.5 },
    mailLimits: { perAccount: 3, perAddress: 1000, windowSeconds: 600 },
  });
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = s.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(async () => {
  await s.close();
  await smtp.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) => s.app.inject({ method: 'POST', url, payload, headers });
const forgot = (email: string, headers: Record<string, string> = {}) => post('/api/auth/password-reset', { email }, headers);
const reset = (token: string, password: string) => post('/api/auth/password-reset/confirm', { token, password });

async function mailTo(email: string, nth = 1): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await vi.waitFor(() => {
    const mails = smtp.mails.filter((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === email);
    found = mails[nth - 1];
    expect(found).toBeDefined();
  }, WAIT);
  return found!;
}

function tokenIn(mail: ParsedMail): string {
  const link = linksIn(mail).find((l) => l.includes('/reset-password#token='));
  if (!link) throw new Error(`no reset link in ${mail.text}`);
  expect(link.startsWith(`${PUBLIC_URL}/reset-password#token=`)).toBe(true);
  return link.split('#token=')[1]!;
}

describe('forgot password', () => {
  it('mails a link in the account language; the new password works, the old one and every session end (sockets closed)', async () => {
    const u = await signUpAndIn(s.app);
    await s.app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie: u.cookie }, payload: { language: 'es' } });
    const otherDevice = await signIn(s.app, u.email, u.password);
    const socket = await TestSocket.open(base, u.cookie, PUBLIC_URL);

    const res = await forgot(u.email);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ sent: true });
    const mail = await mailTo(u.email);
    expect(mail.subject).toBe('Restablece tu contraseña de Parley');
    expect(mail.text).toContain(`Hola, ${u.username}:`);
    expect(mail.html).toContain('/reset-password#token=');

    expect((await reset(tokenIn(mail), 'a brand new password')).statusCode).toBe(204);
    expect(await socket.waitClosed()).toBe(4001);
    for (const cookie of [u.cookie, otherDevice]) {
      expect((await s.app.inject({ url: '/api/auth/session', headers: { cookie } })).statusCode).toBe(401);
    }
    expect((await post('/api/auth/signin', { email: u.email, password: u.password })).statusCode).toBe(401);
    await signIn(s.app, u.email, 'a brand new password');
  });

  it('answers an unknown address exactly like a known one, and mails nobody', async () => {
    const unknown = `${uniqueUser().username}@example.com`;
    const res = await forgot(unknown);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ sent: true });
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM pgboss.job WHERE name = ${MAIL_QUEUE} AND data->>'to' = ${unknown}`.execute(s.database.db);
    expect(Number(rows[0]?.n)).toBe(0);
  });

  it('a link works once: reused, it answers token_used', async () => {
    const u = await signUpAndIn(s.app);
    await forgot(u.email);
    const token = tokenIn(await mailTo(u.email));
    expect((await reset(token, 'first new password')).statusCode).toBe(204);
    const again = await reset(token, 'second new password');
    expect(again.statusCode).toBe(410);
    expect(again.json().error.code).toBe('token_used');
    await signIn(s.app, u.email, 'first new password');
  });

  it('a tampered or truncated link answers token_invalid; a weak password leaves the link usable', async () => {
    const u = await signUpAndIn(s.app);
    await forgot(u.email);
    const token = tokenIn(await mailTo(u.email));
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [tampered, token.slice(0, 20), '']) {
      const res = await reset(bad, 'another password');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('token_invalid');
    }
    const weak = await reset(token, '12345');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe('weak_password');
    expect((await reset(token, 'long enough now')).statusCode).toBe(204);
  });

  it('a link older than an hour answers token_expired and changes nothing', async () => {
    const u = await signUpAndIn(s.app);
    await forgot(u.email);
    const token = tokenIn(await mailTo(u.email));
    s.clock.advance(61 * 60_000);
    const res = await reset(token, 'too late password');
    expect(res.statusCode).toBe(410);
    expect(res.json().error.code).toBe('token_expired');
    await signIn(s.app, u.email, u.password);
  });

  it('a newer link voids the older one', async () => {
    const u = await signUpAndIn(s.app);
    await forgot(u.email);
    const older = tokenIn(await mailTo(u.email, 1));
    await forgot(u.email);
    const newer = tokenIn(await mailTo(u.email, 2));
    expect((await reset(older, 'from the old link')).json().error.code).toBe('token_used');
    expect((await reset(newer, 'from the new link')).statusCode).toBe(204);
  });

  it('limits requests per address, with an account or not', async () => {
    const u = await signUpAndIn(s.app);
    const unknown = `${uniqueUser().username}@example.com`;
    for (const email of [u.email, unknown]) {
      for (let i = 0; i < 3; i++) expect((await forgot(email)).statusCode).toBe(202);
      const res = await forgot(email);
      expect(res.statusCode).toBe(429);
      expect(res.json().error.code).toBe('rate_limited');
      expect(res.headers['retry-after']).toBeDefined();
    }
  });
});

describe('forgot password while the SMTP server is down', () => {
  const PORT = 3553;
  let down: TestServer;
  let late: TestSmtp | undefined;
  beforeAll(async () => {
    down = await getTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${PORT}`, PUBLIC_URL: 'https://chat.example.org' }, mail: { retryDelaySeconds: 1, pollSeconds: 0.5 } });
  });
  afterAll(async () => {
    await down.close();
    await late?.close();
  });

  it('keeps the mail until the server is back, then delivers it once, with a working link', async () => {
    const u = await signUpAndIn(down.app);
    expect((await down.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: u.email } })).statusCode).toBe(202);
    const job = async () => (await sql<{ state: string; retry_count: number }>`
      SELECT state, retry_count FROM pgboss.job WHERE name = ${MAIL_QUEUE} AND data->>'to' = ${u.email}`.execute(down.database.db)).rows[0];
    await vi.waitFor(async () => expect((await job())?.retry_count).toBeGreaterThanOrEqual(1), WAIT);
    late = await startSmtp(PORT);
    await vi.waitFor(async () => expect((await job())?.state).toBe('completed'), { timeout: 60_000, interval: 100 });
    expect(late.mails).toHaveLength(1);
    const link = linksIn(late.mails[0]!)[0]!;
    expect(link.startsWith('https://chat.example.org/reset-password#token=')).toBe(true);
    const res = await down.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token: link.split('#token=')[1], password: 'after the outage' } });
    expect(res.statusCode).toBe(204);
  });
});

describe('without SMTP_URL', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await getTestServer();
  });
  afterAll(async () => plain.close());

  it('starts, and says that this server cannot send e-mail', async () => {
    const res = await plain.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: 'someone@example.com' } });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('mail_unavailable');
  });
});
