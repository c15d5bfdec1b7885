import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, AUTH_MESSAGES, signInBody, signUpBody, type Profile, type SessionResponse, type SignInResponse, type SignUpResponse } from '@parley/common';
import type { Transaction } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import type { AuthHooks } from './hooks.ts';
import type { AuthRateLimiter } from './rateLimits.ts';
import { AppError } from '../http/errors.ts';
import type { RequireUser } from './requireUser.ts';
import { currentUser } from './requireUser.ts';
import { recordSignIn, sessionUser, signUp, verifyCredentials } from './service.ts';
import { linkOrigin, requestLanguage } from './accountMail.ts';
import { signUpWithConfirmation } from './confirmation.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { SessionStore } from './sessions.ts';

export interface AuthRouteDeps {
  db: Db;
  /** The signed-in person's profile, answered with the session (profiles/ owns it; app.ts wires it in). */
  profileOf: (userId: string) => Promise<Profile>;
  sessions: SessionStore;
  limiter: AuthRateLimiter;
  requireUser: RequireUser;
  cookieName: string;
  secureCookies: boolean;
  emailConfirmation: boolean;
  now: () => Date;
  /** With EMAIL_CONFIRMATION=on and a mailer, sign-up mails the confirmation link. */
  mailer?: Mailer;
  publicUrl?: string;
  /** At most one mailed link of a kind per account this often. */
  mailEveryMs?: number;
  /** Operators' additions (registration rules, roles, audit log). */
  hooks?: AuthHooks;
  /** OIDC_ONLY=on: password sign-in and sign-up answer 403 password_sign_in_disabled. */
  passwordsDisabled?: boolean;
}

export async function authRoutes(app: FastifyInstance, deps: AuthRouteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure: deps.secureCookies } as const;
  const passwordsOnly = deps.passwordsDisabled
    ? { onRequest: async () => { throw new AppError(403, 'password_sign_in_disabled', AUTH_MESSAGES.passwordSignInDisabled); } }
    : {};

  r.post(API.signUp, { ...passwordsOnly, schema: { body: signUpBody } }, async (request, reply) => {
    await deps.limiter.consumeSignUp(request.body.email, request.ip);
    const hooks = deps.hooks;
    const steps = {
      before: hooks?.beforeSignUp && ((trx: Transaction<Database>) => hooks.beforeSignUp!(trx, request.body, request)),
      after: hooks?.afterSignUp && ((trx: Transaction<Database>, created: { id: string; email: string; confirmed: boolean }) => hooks.afterSignUp!(trx, created, request)),
    };
    const mailer = deps.emailConfirmation ? deps.mailer : undefined;
    const mailDeps = { db: deps.db, now: deps.now, emailConfirmation: deps.emailConfirmation, mailer, publicUrl: deps.publicUrl, mailEveryMs: deps.mailEveryMs };
    const user = mailer
      ? await signUpWithConfirmation(mailDeps, request.body, linkOrigin(mailDeps), requestLanguage(request), steps)
      : await signUp(deps, request.body, steps).catch(async (err: unknown) => {
        // Without confirmation, email_taken tells that an address has an account: few of them per client.
        if (err instanceof AppError && err.code === 'email_taken') await deps.limiter.signUpTakenAnswered(request.ip);
        throw err;
      });
    const body: SignUpResponse = { user, confirmationRequired: deps.emailConfirmation };
    return reply.status(201).send(body);
  });

  r.post(API.signIn, { ...passwordsOnly, schema: { body: signInBody } }, async (request, reply) => {
    // Only failures count, per (account, address): someone else's wrong passwords do not lock the owner out.
    const user = await deps.limiter.signInAttempt(request.body.email, request.ip, () => verifyCredentials(deps, request.body)).catch(async (err: unknown) => {
      if (err instanceof AppError) await deps.hooks?.signInFailed?.(request.body.email, err.code, request);
      throw err;
    });
    await deps.hooks?.signedIn?.(user, request);
    const { token, expiresAt } = await deps.sessions.create(user.id, request.headers['user-agent']);
    reply.setCookie(deps.cookieName, token, { ...cookieOptions, expires: expiresAt });
    const firstSignIn = await recordSignIn(deps, user.id);
    // The admin flag as the session answer has it, so the menu offers the console at once.
    const body: SignInResponse = { user: await sessionUser(deps.db, user.id), profile: await deps.profileOf(user.id), firstSignIn };
    return body;
  });

  r.post(API.signOut, { onRequest: deps.requireUser }, async (request, reply) => {
    const { sessionId, id, email } = currentUser(request);
    await deps.hooks?.signedOut?.({ id, email }, request);
    // The store announces the end on SessionEvents: every socket of this session closes.
    await deps.sessions.destroy(sessionId);
    reply.clearCookie(deps.cookieName, cookieOptions);
    // Photos and recordings in the HTTP cache go with the session (browsers honour it on https and localhost).
    reply.header('clear-site-data', '"cache"');
    return reply.status(204).send();
  });

  r.get(API.session, { onRequest: deps.requireUser }, async (request) => {
    const user = currentUser(request);
    const body: SessionResponse = { user: { id: user.id, email: user.email, ...(user.admin ? { admin: true } : {}) }, profile: await deps.profileOf(user.id) };
    return body;
  });
}
