import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, signInBody, signUpBody, type SessionResponse, type SignInResponse, type SignUpResponse } from '@parley/common';
import type { Db } from '../db/connect.ts';
import { getProfile } from '../profiles/service.ts';
import type { AuthRateLimiter } from './rateLimits.ts';
import type { RequireUser } from './requireUser.ts';
import { currentUser } from './requireUser.ts';
import { recordSignIn, signUp, verifyCredentials } from './service.ts';
import { linkOrigin, requestLanguage } from './accountMail.ts';
import { signUpWithConfirmation } from './confirmation.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { SessionStore } from './sessions.ts';

export interface AuthRouteDeps {
  db: Db;
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
}

export async function authRoutes(app: FastifyInstance, deps: AuthRouteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure: deps.secureCookies } as const;

  r.post(API.signUp, { schema: { body: signUpBody } }, async (request, reply) => {
    await deps.limiter.consumeSignUp(request.body.email, request.ip);
    const mailer = deps.emailConfirmation ? deps.mailer : undefined;
    const mailDeps = { db: deps.db, now: deps.now, emailConfirmation: deps.emailConfirmation, mailer, publicUrl: deps.publicUrl };
    const user = mailer
      ? await signUpWithConfirmation(mailDeps, request.body, linkOrigin(mailDeps, request), requestLanguage(request))
      : await signUp(deps, request.body);
    const body: SignUpResponse = { user, confirmationRequired: deps.emailConfirmation };
    return reply.status(201).send(body);
  });

  r.post(API.signIn, { schema: { body: signInBody } }, async (request, reply) => {
    // Only failures count, per (account, address): someone else's wrong passwords do not lock the owner out.
    const user = await deps.limiter.signInAttempt(request.body.email, request.ip, () => verifyCredentials(deps, request.body));
    const { token, expiresAt } = await deps.sessions.create(user.id);
    reply.setCookie(deps.cookieName, token, { ...cookieOptions, expires: expiresAt });
    const firstSignIn = await recordSignIn(deps, user.id);
    const body: SignInResponse = { user, profile: await getProfile(deps.db, user.id), firstSignIn };
    return body;
  });

  r.post(API.signOut, { onRequest: deps.requireUser }, async (request, reply) => {
    const { sessionId } = currentUser(request);
    // The store announces the end on SessionEvents: every socket of this session closes.
    await deps.sessions.destroy(sessionId);
    reply.clearCookie(deps.cookieName, cookieOptions);
    return reply.status(204).send();
  });

  r.get(API.session, { onRequest: deps.requireUser }, async (request) => {
    const user = currentUser(request);
    const body: SessionResponse = { user: { id: user.id, email: user.email }, profile: await getProfile(deps.db, user.id) };
    return body;
  });
}
