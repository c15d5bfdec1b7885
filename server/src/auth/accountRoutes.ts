import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API, confirmEmailBody, mailRequestBody, passwordResetConfirmBody, type MailRequestResponse, type Profile, type SignInResponse,
} from '@parley/common';
import { confirmEmail, resendConfirmation } from './confirmation.ts';
import { recordSignIn, sessionUser } from './service.ts';
import type { AuthHooks } from './hooks.ts';
import { linkOrigin, requestLanguage, requireMailer, type AccountMailDeps } from './accountMail.ts';
import type { AfterReply } from './afterReply.ts';
import type { MailRateLimiter } from './mailLimits.ts';
import { requestPasswordReset, resetPassword } from './passwordReset.ts';
import type { SessionStore } from './sessions.ts';

export interface AccountRouteDeps extends AccountMailDeps {
  /** The signed-in person's profile, answered with the session (profiles/ owns it; app.ts wires it in). */
  profileOf: (userId: string) => Promise<Profile>;
  sessions: SessionStore;
  mailLimiter: MailRateLimiter;
  cookieName: string;
  secureCookies: boolean;
  /** Operators' additions: a confirmation link signs in like a password does (ADMIN_EMAILS, audit log). */
  hooks?: AuthHooks;
  /** Runs the lookup and the mail after the answer (auth/afterReply.ts). */
  afterReply: AfterReply;
}

/** The mailed-link routes: password reset (and e-mail confirmation). */
export async function accountRoutes(app: FastifyInstance, deps: AccountRouteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(API.passwordReset, { schema: { body: mailRequestBody } }, async (request, reply) => {
    await deps.mailLimiter.consume('passwordReset', request.ip);
    requireMailer(deps.mailer);
    const [email, origin, language] = [request.body.email, linkOrigin(deps), requestLanguage(request)];
    // Answered before the address is even looked up: the same answer, at the same moment, for every address.
    deps.afterReply(() => requestPasswordReset(deps, email, origin, language));
    const body: MailRequestResponse = { sent: true };
    return reply.status(202).send(body);
  });

  // Opening a confirmation link confirms the address and signs in (the spec's redirect to the app).
  r.post(API.confirmEmail, { schema: { body: confirmEmailBody } }, async (request, reply) => {
    // A disabled account is refused here (403 account_disabled), before any session or sign-in record.
    const user = await confirmEmail(deps, request.body.token);
    // A confirmed sign-in like any other: ADMIN_EMAILS, the audit log.
    await deps.hooks?.signedIn?.(user, request);
    const { token, expiresAt } = await deps.sessions.create(user.id, request.headers['user-agent']);
    reply.setCookie(deps.cookieName, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: deps.secureCookies, expires: expiresAt });
    const firstSignIn = await recordSignIn({ db: deps.db, now: deps.now, emailConfirmation: true }, user.id);
    const body: SignInResponse = { user: await sessionUser(deps.db, user.id), profile: await deps.profileOf(user.id), firstSignIn };
    return body;
  });

  r.post(API.resendConfirmation, { schema: { body: mailRequestBody } }, async (request, reply) => {
    await deps.mailLimiter.consume('confirmation', request.ip);
    requireMailer(deps.mailer);
    const [email, origin, language] = [request.body.email, linkOrigin(deps), requestLanguage(request)];
    deps.afterReply(() => resendConfirmation(deps, email, origin, language));
    const body: MailRequestResponse = { sent: true };
    return reply.status(202).send(body);
  });

  r.post(API.passwordResetConfirm, { schema: { body: passwordResetConfirmBody } }, async (request, reply) => {
    await resetPassword(deps, request.body);
    return reply.status(204).send();
  });
}
