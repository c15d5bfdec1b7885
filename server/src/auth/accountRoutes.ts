import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, mailRequestBody, passwordResetConfirmBody, type MailRequestResponse } from '@parley/common';
import { linkOrigin, requestLanguage, type AccountMailDeps } from './accountMail.ts';
import type { MailRateLimiter } from './mailLimits.ts';
import { requestPasswordReset, resetPassword } from './passwordReset.ts';
import type { SessionStore } from './sessions.ts';

export interface AccountRouteDeps extends AccountMailDeps {
  sessions: SessionStore;
  mailLimiter: MailRateLimiter;
}

/** The mailed-link routes: password reset (and e-mail confirmation). */
export async function accountRoutes(app: FastifyInstance, deps: AccountRouteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(API.passwordReset, { schema: { body: mailRequestBody } }, async (request, reply) => {
    await deps.mailLimiter.consume('passwordReset', request.body.email, request.ip);
    await requestPasswordReset(deps, request.body.email, linkOrigin(deps, request), requestLanguage(request));
    const body: MailRequestResponse = { sent: true };
    return reply.status(202).send(body);
  });

  r.post(API.passwordResetConfirm, { schema: { body: passwordResetConfirmBody } }, async (request, reply) => {
    await resetPassword(deps, request.body);
    return reply.status(204).send();
  });
}
