import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderMail } from '../src/mail/templates.ts';
import { MAIL_QUEUE, mailJobId } from '../src/mail/mailer.ts';
import { getTestServer, type TestServer, useTestServer } from './helpers.ts';
import { startSmtp, type TestSmtp } from './smtpServer.ts';

const MAIL = { to: 'ana@example.com', subject: 'Hello', text: 'Plain body https://parley.test/x', html: '<p>HTML body</p>' };
const WAIT = { timeout: 30_000, interval: 50 };

async function jobOf(s: TestServer, key: string) {
  const { rows } = await sql<{ state: string; retry_count: number; output: unknown; data: Record<string, unknown> }>`
    SELECT state, retry_count, output, data FROM pgboss.job WHERE name = ${MAIL_QUEUE} AND id = ${mailJobId(key)}`.execute(s.database.db);
  return rows[0];
}

async function enqueue(s: TestServer, key: string, mail = MAIL) {
  const mailer = s.app.mailer;
  if (!mailer) throw new Error('no mailer');
  await s.database.db.transaction().execute((tx) => mailer.enqueue(tx, key, mail));
  mailer.queued();
}

describe('outgoing mail through a running SMTP server', () => {
  let smtp: TestSmtp;
  let s: TestServer;
  beforeAll(async () => {
    smtp = await startSmtp();
    s = await getTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: 'http://parley.test', MAIL_FROM: 'Parley <no-reply@parley.test>' }, mail: { retryDelaySeconds: 1, pollSeconds: 0.5 } });
  });
  afterAll(async () => {
    await s.close();
    await smtp.close();
  });

  it('sends a queued mail in text and HTML, from MAIL_FROM, once; its body is then erased from the job', async () => {
    smtp.mails.length = 0;
    await enqueue(s, 'test:plain');
    await vi.waitFor(() => expect(smtp.mails).toHaveLength(1), WAIT);
    const [mail] = smtp.mails;
    expect(mail?.subject).toBe('Hello');
    expect(mail?.text?.trim()).toBe(MAIL.text);
    expect(mail?.html).toContain('<p>HTML body</p>');
    expect(mail?.from?.value[0]).toMatchObject({ name: 'Parley', address: 'no-reply@parley.test' });
    expect(mail?.messageId).toBe(`<${mailJobId('test:plain')}@parley.test>`);
    await vi.waitFor(async () => expect((await jobOf(s, 'test:plain'))?.state).toBe('completed'), WAIT);
    expect((await jobOf(s, 'test:plain'))?.data).toEqual({ to: MAIL.to, subject: MAIL.subject });
  });

  it('queues one mail for one request key, however often it is queued', async () => {
    smtp.mails.length = 0;
    await enqueue(s, 'test:twice');
    await enqueue(s, 'test:twice', { ...MAIL, subject: 'Second' });
    await vi.waitFor(async () => expect((await jobOf(s, 'test:twice'))?.state).toBe('completed'), WAIT);
    expect(smtp.mails.map((m) => m.subject)).toEqual(['Hello']);
  });

  it('retries after a 4xx reply and delivers once', async () => {
    smtp.mails.length = 0;
    smtp.attempts = 0;
    smtp.refuse = (attempt) => (attempt === 1 ? { code: 451, message: 'Try again later' } : undefined);
    try {
      await enqueue(s, 'test:4xx');
      await vi.waitFor(async () => expect((await jobOf(s, 'test:4xx'))?.state).toBe('completed'), WAIT);
      expect(smtp.attempts).toBe(2);
      expect(smtp.mails).toHaveLength(1);
    } finally {
      smtp.refuse = undefined;
    }
  });

  it('takes a 5xx reply as final: not retried, the refusal recorded', async () => {
    smtp.mails.length = 0;
    smtp.attempts = 0;
    smtp.refuse = () => ({ code: 550, message: 'No such user' });
    try {
      await enqueue(s, 'test:5xx');
      await vi.waitFor(async () => expect((await jobOf(s, 'test:5xx'))?.state).toBe('completed'), WAIT);
      const job = await jobOf(s, 'test:5xx');
      expect(job?.retry_count).toBe(0);
      expect(JSON.stringify(job?.output)).toContain('No such user');
      expect(smtp.attempts).toBe(1);
      expect(smtp.mails).toHaveLength(0);
    } finally {
      smtp.refuse = undefined;
    }
  });
});

describe('outgoing mail while the SMTP server is down', () => {
  // A port of this helper's range with nothing listening until the test starts the server there.
  const PORT = 3552;
  const s = useTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${PORT}`, PUBLIC_URL: 'http://parley.test' }, mail: { retryDelaySeconds: 1, pollSeconds: 0.5 } });
  let smtp: TestSmtp | undefined;
  afterAll(async () => smtp?.close());

  it('keeps the mail, retries, and delivers it once when the server is back', async () => {
    await enqueue(s, 'test:down');
    await vi.waitFor(async () => expect((await jobOf(s, 'test:down'))?.retry_count).toBeGreaterThanOrEqual(1), WAIT);
    expect((await jobOf(s, 'test:down'))?.state).not.toBe('failed');
    smtp = await startSmtp(PORT);
    await vi.waitFor(async () => expect((await jobOf(s, 'test:down'))?.state).toBe('completed'), { timeout: 60_000, interval: 100 });
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]?.subject).toBe('Hello');
  });
});

describe('mail templates', () => {
  it('writes the mail in the recipient language, with the link in text and HTML', async () => {
    const mail = await renderMail('password_reset', 'de', { name: 'Ana', link: 'https://parley.test/reset?token=a&b=1' });
    expect(mail.subject).toBe('Setze dein Parley-Passwort zurück');
    expect(mail.text).toContain('Hallo Ana,');
    expect(mail.text).toContain('https://parley.test/reset?token=a&b=1');
    expect(mail.html).toContain('href="https://parley.test/reset?token=a&amp;b=1"');
    expect(mail.html).toContain('lang="de"');
  });

  it('falls back to English without a language and escapes names in HTML', async () => {
    const mail = await renderMail('email_confirmation', null, { name: '<b>x</b>', link: 'https://parley.test/c' });
    expect(mail.subject).toBe('Confirm your e-mail address');
    expect(mail.html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>x</b>');
  });
});
