import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, deleteAccountBody } from '@parley/common';
import { currentUser, type RequireUser } from '../auth/requireUser.ts';
import type { Db } from '../db/connect.ts';
import { createRateLimit } from '../http/rateLimit.ts';
import { deleteOwnAccount, type DeleteOwnAccountDeps } from './deletion.ts';
import { exportAccount } from './export.ts';

export interface AccountDataRoutesDeps extends DeleteOwnAccountDeps {
  db: Db;
  requireUser: RequireUser;
  cookieName: string;
  secureCookies: boolean;
  now: () => Date;
}

/** Profile -> Your data: delete my account (password required), download my data (one JSON file). */
export async function accountDataRoutes(app: FastifyInstance, deps: AccountDataRoutesDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: deps.requireUser };
  const tooMany = (s: number) => `Too many requests. Try again in ${s} seconds.`;
  // Password guesses through this form count like sign-in failures would; an export is a heavy read.
  const deleteLimit = createRateLimit({ name: 'account-delete', points: 10, durationSec: 3_600, tooMany });
  const exportLimit = createRateLimit({ name: 'account-export', points: 10, durationSec: 3_600, tooMany });

  r.post(API.accountDelete, { ...auth, schema: { body: deleteAccountBody } }, async (request, reply) => {
    const { id } = currentUser(request);
    await deleteLimit.consume(id);
    await deleteOwnAccount(deps, id, request.body);
    reply.clearCookie(deps.cookieName, { path: '/', httpOnly: true, sameSite: 'lax', secure: deps.secureCookies });
    reply.header('clear-site-data', '"cache", "storage"');
    return reply.status(204).send();
  });

  r.get(API.accountExport, auth, async (request, reply) => {
    const { id } = currentUser(request);
    await exportLimit.consume(id);
    const now = deps.now();
    const data = await exportAccount(deps.db, id, now);
    return reply
      .header('content-disposition', `attachment; filename="parley-data-${now.toISOString().slice(0, 10)}.json"`)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });
}
