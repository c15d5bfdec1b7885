import { sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import type { ParsedMail } from 'mailparser';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAIL_QUEUE } from '../src/mail/mailer.ts';
import { getTestServer, signIn, signUpAndIn, uniqueUser, type TestServer, useTestServer } from './helpers.ts';
import { TestSocket } from './realtimeClient.ts';
import { linksIn, startSmtp, type TestSmtp } from './smtpServer.ts';

const PUBLIC_URL = 'http://parley.test';
const WAIT = { timeout: 30_000, interval: 50 };

let smtp: TestSmtp;
let s: TestServer;
let base: string;

/** The account tables a query names (users, profiles, account_tokens, pgboss job), recorded while `recording`. */
const recorder = { recording: false, queries: [] as string[][] };
const ACCOUNT_TABLES = new Set(['users', 'profiles', 'account_tokens', 'job']);
function tablesOf(node: unknown, found = new Set<string>()): Set<string> {
  if (node && typeof node === 'object') {
    const n = node as { kind?: string; table?: { identifier?: { name?: string } } };
    if (n.kind === 'TableNode' && n.table?.identifier?.name) found.add(n.table.identifier.name);
    for (const value of Object.values(node)) tablesOf(value, found);
  }
  return found;
}
const recordingPlugin: KyselyPlugin = {
  transformQuery(args: { node: RootOperationNode }) {
    if (recorder.recording) {
      const tables = [...tablesOf(args.node)].filter((t) => ACCOUNT_TABLES.has(t)).sort();
      if (tables.length > 0) recorder.queries.push([args.node.kind, ...tables]);
    }
    return args.node;
  },
  transformResult: async (args) => args.result,
};
/** The work mailed-link requests start after their answer: run at once, or held while `holding`. */
const after = { holding: false, held: [] as (() => Promise<void>)[] };
/** Make requests with their after-answer work held, then run that work to its end. */
async function thenRunTheirWork<T>(requests: () => Promise<T>): Promise<T> {
  after.holding = true;
  try {
    const result = await requests();
    await Promise.all(after.held.splice(0).map((task) => task()));
    return result;
  } finally {
    after.holding = false;
  }
}

beforeAll(async () => {
  smtp = await startSmtp();
  s = await getTestServer({
    listen: true,
    env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL },
    mail: { retryDelaySeconds: 1, pollSeconds: 0.5 },
    mailLimits: { perAddress: 5, windowSeconds: 600 },
    wrapDb: (db) => db.withPlugin(recordingPlugin),
    afterReply: (task) => {
      if (after.holding) after.held.push(task);
      else setImmediate(() => void task());
    },
  });
  base = s.base;
});
afterAll(async () => {
  await s.close();
  await smtp.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) => s.app.inject({ method: 'POST', url, payload, headers });
/** From a client address of its own each time, unless `from` names one (the per-client limit is 5 here). */
const forgot = (email: string, headers: Record<string, string> = {}, from = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`) =>
  s.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email }, headers, remoteAddress: from });
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
    s.clock.advance(61_000);
    await forgot(u.email);
    const newer = tokenIn(await mailTo(u.email, 2));
    expect((await reset(older, 'from the old link')).json().error.code).toBe('token_used');
    expect((await reset(newer, 'from the new link')).statusCode).toBe(204);
  });

  it('limits requests per client address (its own 429), with an account or not', async () => {
    const u = await signUpAndIn(s.app);
    const unknown = `${uniqueUser().username}@example.com`;
    for (let i = 0; i < 5; i++) expect((await forgot(i % 2 ? u.email : unknown, {}, '10.99.0.1')).statusCode).toBe(202);
    const res = await forgot(u.email, {}, '10.99.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('rate_limited');
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('issue 32 item 5: strangers asking for bob cannot stop his own reset; bob gets at most one mail a minute', async () => {
    const bob = await signUpAndIn(s.app);
    const own = await thenRunTheirWork(async () => {
      // Many requests for bob's address from many clients (each under its own limit).
      for (let i = 0; i < 8; i++) expect((await forgot(bob.email, {}, `10.98.0.${i + 1}`)).statusCode).toBe(202);
      // Bob's own request: the same neutral answer, never a 429 someone else caused.
      return forgot(bob.email, {}, '10.98.1.1');
    });
    expect(own.statusCode).toBe(202);
    expect(own.json()).toEqual({ sent: true });
    const first = await mailTo(bob.email, 1);
    // One link a minute per account, whoever asks: the flood sent exactly one.
    const tokens = await s.database.db.selectFrom('account_tokens').select('id').where('user_id', '=', bob.id).where('kind', '=', 'password_reset').execute();
    expect(tokens).toHaveLength(1);
    s.clock.advance(61_000);
    expect((await forgot(bob.email, {}, '10.98.1.1')).statusCode).toBe(202);
    const second = await mailTo(bob.email, 2);
    expect(tokenIn(second)).not.toBe(tokenIn(first));
    expect((await reset(tokenIn(second), 'bob kept his account')).statusCode).toBe(204);
  });

  it('issue 32 item 6: a known and an unknown address do the same work inside the request (none on accounts)', async () => {
    const known = await signUpAndIn(s.app);
    const unknown = `${uniqueUser().username}@example.com`;
    const inRequest = async (email: string) => {
      after.holding = true;
      recorder.queries = [];
      recorder.recording = true;
      const res = await forgot(email);
      recorder.recording = false;
      return { status: res.statusCode, body: res.body, queries: recorder.queries, held: after.held.length };
    };
    try {
      const a = await inRequest(known.email);
      const heldKnown = after.held.splice(0);
      const b = await inRequest(unknown);
      const heldUnknown = after.held.splice(0);
      expect(a).toEqual({ ...b, held: 1 });
      // Not one account lookup, token or queued mail before the answer: the work comes after it.
      expect(a.queries).toEqual([]);
      expect(await s.database.db.selectFrom('account_tokens').select('id').where('user_id', '=', known.id).execute()).toEqual([]);
      after.holding = false;
      await Promise.all([...heldKnown, ...heldUnknown].map((task) => task()));
      tokenIn(await mailTo(known.email));
    } finally {
      after.holding = false;
      recorder.recording = false;
    }
  });

  it('issue 32 item 2: a forged Host header never reaches the mailed link (PUBLIC_URL only)', async () => {
    const u = await signUpAndIn(s.app);
    expect((await forgot(u.email, { host: 'evil.example', 'x-forwarded-host': 'evil.example' })).statusCode).toBe(202);
    const mail = await mailTo(u.email);
    expect(linksIn(mail).every((l) => l.startsWith(`${PUBLIC_URL}/`))).toBe(true);
    expect(`${mail.text}${mail.html}`).not.toContain('evil.example');
  });

  it('issue 32 item 7: a disabled account is sent no reset link', async () => {
    const u = await signUpAndIn(s.app);
    await s.database.db.updateTable('users').set({ disabled_at: new Date() }).where('id', '=', u.id).execute();
    expect((await thenRunTheirWork(() => forgot(u.email))).statusCode).toBe(202);
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM pgboss.job WHERE name = ${MAIL_QUEUE} AND data->>'to' = ${u.email}`.execute(s.database.db);
    expect(Number(rows[0]?.n)).toBe(0);
  });
});

describe('forgot password while the SMTP server is down', () => {
  const PORT = 3553;
  const down = useTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${PORT}`, PUBLIC_URL: 'https://chat.example.org' }, mail: { retryDelaySeconds: 1, pollSeconds: 0.5 } });
  let late: TestSmtp | undefined;
  afterAll(async () => late?.close());

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
