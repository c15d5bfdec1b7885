import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, oidcStartBody, type OidcStartResponse } from '@parley/common';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { mailAccountNotice, requestLanguage } from '../accountMail.ts';
import type { AuthHooks } from '../hooks.ts';
import { recordSignIn } from '../service.ts';
import type { SessionStore } from '../sessions.ts';
import { ssoAccount } from './accounts.ts';
import { createLogin, LOGIN_TTL_MS, takeLogin } from './logins.ts';
import type { OidcProvider, SsoClaims } from './provider.ts';

export interface OidcRouteDeps {
  db: Db;
  provider: OidcProvider;
  sessions: SessionStore;
  cookieName: string;
  secureCookies: boolean;
  publicUrl: string | undefined;
  now: () => Date;
  hooks?: AuthHooks;
  /** Linking a confirmed account mails its owner (when this server sends mail). */
  mailer?: Mailer;
}

/** Where the browser lands after a refused sign-in: the auth screen names the reason (catalog strings by code). */
export const ssoErrorLocation = (code: string) => `/auth?sso_error=${encodeURIComponent(code)}`;

/**
 * Single sign-on (OpenID Connect, authorization code flow with PKCE). POST start keeps state, nonce and verifier
 * server-side (oidc_logins) and binds them to this browser with a 10-minute HttpOnly cookie on the callback's
 * path; the callback takes them once, lets openid-client exchange the code and check the ID token, finds or
 * makes the account, and signs in with the same session cookie as a password sign-in.
 */
export async function oidcRoutes(app: FastifyInstance, deps: OidcRouteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // __Host- needs path=/; on https the cookie is still only for this host and Secure.
  const loginCookie = deps.secureCookies ? '__Host-parley_sso' : 'parley_sso';
  const loginCookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure: deps.secureCookies } as const;
  const sessionCookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure: deps.secureCookies } as const;

  r.post(API.oidcStart, { schema: { body: oidcStartBody } }, async (request, reply) => {
    const origin = deps.publicUrl ?? `${request.protocol}://${request.host}`;
    const now = deps.now();
    const { checks, browser } = await createLogin(deps.db, { redirectUri: `${origin}${API.oidcCallback}`, invite: request.body.invite ?? null }, now);
    const url = await deps.provider.authorizationUrl(checks).catch(async (err: unknown) => {
      await deps.hooks?.ssoFailed?.(err instanceof AppError ? err.code : 'sso_failed', { issuer: deps.provider.issuer, email: null, reason: 'discovery' }, request);
      throw err;
    });
    reply.setCookie(loginCookie, browser, { ...loginCookieOptions, maxAge: LOGIN_TTL_MS / 1000 });
    const body: OidcStartResponse = { url };
    return body;
  });

  r.get(API.oidcCallback, async (request, reply) => {
    const query = request.raw.url?.split('?')[1] ?? '';
    const state = new URLSearchParams(query).get('state') ?? '';
    const browser = request.cookies[loginCookie];
    reply.clearCookie(loginCookie, loginCookieOptions);
    const now = deps.now();
    let claims: SsoClaims | null = null;
    try {
      const login = await takeLogin(deps.db, state, browser, now);
      if (!login) throw new AppError(400, 'sso_state_invalid', 'This sign-in attempt has expired or was already used');
      claims = await deps.provider.finish(query, login).catch((err: unknown) => {
        if (err instanceof AppError) throw err;
        request.log.warn({ err }, 'single sign-on: the provider answer was refused');
        throw new AppError(400, 'sso_failed', errorReason(err));
      });
      const onLinked = async (user: { id: string; email: string }) => {
        await mailAccountNotice({ db: deps.db, mailer: deps.mailer, publicUrl: deps.publicUrl, now: deps.now }, user.id, 'sso_linked', requestLanguage(request))
          .catch((err: unknown) => request.log.warn({ err }, 'single sign-on: the linked-account mail was not queued'));
      };
      const account = await ssoAccount(deps.db, claims, { invite: login.invite, now, hooks: deps.hooks, request, sessions: deps.sessions, onLinked });
      await deps.hooks?.ssoSignedIn?.(account.user, { issuer: claims.issuer, emailVerified: claims.emailVerified, ...account }, request);
      const { token, expiresAt } = await deps.sessions.create(account.user.id, request.headers['user-agent']);
      reply.setCookie(deps.cookieName, token, { ...sessionCookieOptions, expires: expiresAt });
      await recordSignIn({ db: deps.db, now: deps.now, emailConfirmation: false }, account.user.id);
      return redirect(reply, '/');
    } catch (err) {
      if (!(err instanceof AppError) || (err.status >= 500 && err.code !== 'oidc_unavailable')) throw err;
      await deps.hooks?.ssoFailed?.(err.code, { issuer: claims?.issuer ?? deps.provider.issuer, email: claims?.email ?? null, reason: err.code === 'sso_failed' ? err.message : undefined }, request);
      return redirect(reply, ssoErrorLocation(err.code));
    }
  });
}

function redirect(reply: FastifyReply, location: string) {
  return reply.status(303).header('location', location).header('referrer-policy', 'no-referrer').send();
}

/** A short reason for the audit log (openid-client's codes and messages name the failed check). */
function errorReason(err: unknown): string {
  if (!(err instanceof Error)) return 'unknown';
  const code = (err as { code?: unknown }).code;
  const error = (err as { error?: unknown }).error;
  // openid-client's message is general; the oauth4webapi error under it names the failed check (aud, exp, nonce...).
  const cause = err.cause instanceof Error ? err.cause.message : null;
  return [typeof code === 'string' ? code : null, typeof error === 'string' ? error : null, err.message, cause].filter(Boolean).join(': ').slice(0, 300);
}
