import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getTestServer, signUpAndIn, type TestServer } from './helpers.ts';
import { linksIn, startSmtp, type TestSmtp } from './smtpServer.ts';

/** Issue 38 item 8: a password changed from Profile -> Security is told to the account's address, in its language. */
const PUBLIC_URL = 'http://parley.test';

let smtp: TestSmtp;
let s: TestServer;
beforeAll(async () => {
  smtp = await startSmtp();
  s = await getTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL }, mail: { retryDelaySeconds: 1, pollSeconds: 0.5 } });
});
afterAll(async () => {
  await s.close();
  await smtp.close();
});

const mailsTo = (email: string): ParsedMail[] => smtp.mails.filter((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === email);

describe('password changed', () => {
  it('mails "your password was changed" in the account language, with the way back; a refused change mails nothing', async () => {
    const u = await signUpAndIn(s.app);
    await s.app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie: u.cookie }, payload: { language: 'es' } });
    const change = (currentPassword: string) => s.app.inject({
      method: 'POST', url: '/api/account/password', headers: { cookie: u.cookie }, payload: { currentPassword, newPassword: 'a-new-pass-2' },
    });
    expect((await change('wrong-password-1')).statusCode).toBeGreaterThanOrEqual(400);
    expect((await change(u.password)).statusCode).toBe(204);
    await vi.waitFor(() => expect(mailsTo(u.email)).toHaveLength(1), { timeout: 30_000, interval: 50 });
    const [mail] = mailsTo(u.email);
    expect(mail!.subject).toBe('Se cambió tu contraseña de Parley');
    expect(mail!.text).toContain('Si fuiste tú, no tienes que hacer nada.');
    expect(linksIn(mail!)).toContain(`${PUBLIC_URL}/forgot-password`);
  });
});
