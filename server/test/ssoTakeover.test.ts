import { API } from '@parley/common';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getTestServer, signIn, uniqueUser, type TestServer } from './helpers.ts';
import { linksIn, startSmtp, type TestSmtp } from './smtpServer.ts';
import { startTestIdp, type TestIdp } from './support/oidcProvider.ts';

/**
 * Issue 32 item 1: someone signs up with a password under another person's address (never proven theirs); the real
 * owner later uses "Continue with {provider}". The squatter's password and sessions must not open the owner's
 * account. Real OpenID provider (oidc-provider) and real SMTP server; both EMAIL_CONFIRMATION modes.
 */
const WAIT = { timeout: 30_000, interval: 50 };
const URLS = { off: 'http://parley-off.test', on: 'http://parley-on.test' } as const;
let idp: TestIdp;
let smtp: TestSmtp;
const servers: Partial<Record<keyof typeof URLS, TestServer>> = {};

beforeAll(async () => {
  smtp = await startSmtp();
  idp = await startTestIdp({
    clients: [{ client_id: 'parley', client_secret: 'parley-secret', redirect_uris: Object.values(URLS).map((u) => `${u}${API.oidcCallback}`) }],
  });
  for (const mode of ['off', 'on'] as const) {
    servers[mode] = await getTestServer({
      env: {
        PUBLIC_URL: URLS[mode], SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, EMAIL_CONFIRMATION: mode,
        OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: 'parley', OIDC_CLIENT_SECRET: 'parley-secret', OIDC_NAME: 'Test IdP',
      },
      mail: { retryDelaySeconds: 1, pollSeconds: 0.5 },
    });
  }
});
afterAll(async () => {
  for (const s of Object.values(servers)) await s?.close();
  await idp?.close();
  await smtp?.close();
});

const mailsTo = (email: string) => smtp.mails.filter((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === email);
async function mailTo(email: string, nth = 1): Promise<ParsedMail> {
  await vi.waitFor(() => expect(mailsTo(email).length).toBeGreaterThanOrEqual(nth), WAIT);
  return mailsTo(email)[nth - 1]!;
}

/** The whole single sign-on: start, the provider's login and consent, the callback; the session cookie it set. */
async function sso(s: TestServer, login: string): Promise<string> {
  const started = await s.app.inject({ method: 'POST', url: API.oidcStart, payload: {} });
  const c = started.cookies.find((k) => k.name === 'parley_sso')!;
  const back = await idp.authorize((started.json() as { url: string }).url, login);
  const res = await s.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie: `${c.name}=${c.value}`, 'sec-fetch-site': 'cross-site' } });
  expect(res.headers.location).toBe('/');
  const session = res.cookies.find((k) => k.name === 'parley_session' && k.value)!;
  return `${session.name}=${session.value}`;
}
const signInStatus = async (s: TestServer, email: string, password: string) =>
  (await s.app.inject({ method: 'POST', url: API.signIn, payload: { email, password } })).statusCode;
const sessionStatus = async (s: TestServer, cookie: string) => (await s.app.inject({ method: 'GET', url: API.session, headers: { cookie } })).statusCode;

describe('single sign-on meets an account someone else made with the owner\'s address', () => {
  it('confirmation off: the squatter\'s password and sessions stop working before the account becomes the owner\'s', async () => {
    const s = servers.off!;
    const victim = `victim.${uniqueUser().username}@example.com`;
    const squatter = { ...uniqueUser(), email: victim };
    expect((await s.app.inject({ method: 'POST', url: API.signUp, payload: squatter })).statusCode).toBe(201);
    const squatterCookie = await signIn(s.app, victim, squatter.password);

    idp.accounts.set('owner-off', { email: victim, email_verified: true });
    const owner = await sso(s, 'owner-off');
    expect(await sessionStatus(s, owner)).toBe(200);
    // The squatter is out, and their password no longer opens the owner's account.
    expect(await sessionStatus(s, squatterCookie)).toBe(401);
    expect(await signInStatus(s, victim, squatter.password)).toBe(401);
  });

  it('confirmation on: the owner\'s sign-on does not make the squatter\'s unconfirmed password start to work', async () => {
    const s = servers.on!;
    const victim = `victim.${uniqueUser().username}@example.com`;
    const squatter = { ...uniqueUser(), email: victim };
    expect((await s.app.inject({ method: 'POST', url: API.signUp, payload: squatter })).statusCode).toBe(201);
    const confirmationLink = linksIn(await mailTo(victim)).find((l) => l.includes('/confirm-email#token='))!;
    expect(await signInStatus(s, victim, squatter.password)).toBe(403);

    idp.accounts.set('owner-on', { email: victim, email_verified: true });
    const owner = await sso(s, 'owner-on');
    expect(await sessionStatus(s, owner)).toBe(200);
    expect(await signInStatus(s, victim, squatter.password)).toBe(401);
    // The confirmation link mailed for the squatter's sign-up is void too.
    const used = await s.app.inject({ method: 'POST', url: API.confirmEmail, payload: { token: confirmationLink.split('#token=')[1] } });
    expect(used.statusCode).toBe(410);
  });

  it('a proven account keeps its password; linking ends its other sessions and mails the owner', async () => {
    const s = servers.on!;
    const u = uniqueUser();
    await s.app.inject({ method: 'POST', url: API.signUp, payload: u });
    const link = linksIn(await mailTo(u.email)).find((l) => l.includes('/confirm-email#token='))!;
    expect((await s.app.inject({ method: 'POST', url: API.confirmEmail, payload: { token: link.split('#token=')[1] } })).statusCode).toBe(200);
    const before = await signIn(s.app, u.email, u.password);

    idp.accounts.set(`owner-${u.username}`, { email: u.email, email_verified: true });
    const viaSso = await sso(s, `owner-${u.username}`);
    expect(await sessionStatus(s, viaSso)).toBe(200);
    expect(await sessionStatus(s, before)).toBe(401);
    expect(await signInStatus(s, u.email, u.password)).toBe(200);
    const notice = await mailTo(u.email, 2);
    expect(notice.subject).toBe('Single sign-on was linked to your Parley account');
    expect(linksIn(notice)).toContain(`${URLS.on}/forgot-password`);
  });
});
