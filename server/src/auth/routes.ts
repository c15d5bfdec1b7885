import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, signInBody, signUpBody, type SessionResponse, type SignInResponse, type SignUpResponse } from '@parley/common';
import type { Db } from '../db/connect.ts';
import { getProfile } from '../profiles/service.ts';
import type { AuthHooks } from './hooks.ts';
import type { AuthRateLimiter } from './rateLimits.ts';
import { AppError } from '../http/errors.ts';
import type { RequireUser } from './requireUser.ts';
import { currentUser } from './requireUser.ts';
import { recordSignIn, signUp, verifyCredentials } from './service.ts';
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
  /** Operators' additions (registration rules, roles, audit log). */
  hooks?: AuthHooks;
}

export async function authRoutes(app: FastifyInstance, deps: AuthRouteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure: deps.secureCookies } as const;

  r.post(API.signUp, { schema: { body: signUpBody } }, async (request, reply) => {
    await deps.limiter.consume('signUp', request.body.email, request.ip);
    const hooks = deps.hooks;
    const user = await signUp(deps, request.body, {
      before: hooks?.beforeSignUp && ((trx) => hooks.beforeSignUp!(trx, request.body, request)),
      after: hooks?.afterSignUp && ((trx, created) => hooks.afterSignUp!(trx, created, request)),
    });
    const body: SignUpResponse = { user, confirmationRequired: deps.emailConfirmation };
    return reply.status(201).send(body);
  });

  r.post(API.signIn, { schema: { body: signInBody } }, async (request, reply) => {
    await deps.limiter.consume('signIn', request.body.email, request.ip);
    const user = await verifyCredentials(deps, request.body).catch(async (err: unknown) => {
      if (err instanceof AppError) await deps.hooks?.signInFailed?.(request.body.email, err.code, request);
      throw err;
    });
    await deps.hooks?.signedIn?.(user, request);
    const { token, expiresAt } = await deps.sessions.create(user.id);
    reply.setCookie(deps.cookieName, token, { ...cookieOptions, expires: expiresAt });
    const firstSignIn = await recordSignIn(deps, user.id);
    const body: SignInResponse = { user, profile: await getProfile(deps.db, user.id), firstSignIn };
    return body;
  });

  r.post(API.signOut, { onRequest: deps.requireUser }, async (request, reply) => {
    const { sessionId, id, email } = currentUser(request);
    await deps.hooks?.signedOut?.({ id, email }, request);
    // The store announces the end on SessionEvents: every socket of this session closes.
    await deps.sessions.destroy(sessionId);
    reply.clearCookie(deps.cookieName, cookieOptions);
    return reply.status(204).send();
  });

  r.get(API.session, { onRequest: deps.requireUser }, async (request) => {
    const user = currentUser(request);
    const body: SessionResponse = { user: { id: user.id, email: user.email, ...(user.admin ? { admin: true } : {}) }, profile: await getProfile(deps.db, user.id) };
    return body;
  });
}
