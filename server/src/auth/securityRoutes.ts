import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API, changePasswordBody, type DeviceSession } from '@parley/common';
import type { Db } from '../db/connect.ts';
import type { Mailer } from '../mail/mailer.ts';
import { changePassword, listDevices, signOutDevice } from './devices.ts';
import { mailPasswordChanged } from './passwordChangedMail.ts';
import { currentUser, type RequireUser } from './requireUser.ts';
import type { SessionStore } from './sessions.ts';

export interface SecurityRouteDeps {
  db: Db;
  sessions: SessionStore;
  requireUser: RequireUser;
  idleMs: number;
  now: () => Date;
  /** "Your password was changed" mails (undefined: this server sends no mail). */
  mailer?: Mailer | undefined;
  publicUrl?: string | undefined;
}

/** Profile -> Security: change password, the signed-in devices, sign a device out, sign out everywhere else. */
export async function securityRoutes(app: FastifyInstance, deps: SecurityRouteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: deps.requireUser };

  r.post(API.accountPassword, { ...auth, schema: { body: changePasswordBody } }, async (request, reply) => {
    await changePassword(deps.db, deps.sessions, currentUser(request), request.body);
    await mailPasswordChanged({ db: deps.db, mailer: deps.mailer, publicUrl: deps.publicUrl, now: deps.now }, request, currentUser(request).id);
    return reply.status(204).send();
  });

  r.get(API.accountSessions, auth, async (request) => {
    const user = currentUser(request);
    const body: DeviceSession[] = await listDevices(deps.db, user.id, user.sessionId, deps.now(), deps.idleMs);
    return body;
  });

  r.delete(`${API.accountSessions}/:id`, { ...auth, schema: { params: z.object({ id: z.string().max(64) }) } }, async (request, reply) => {
    await signOutDevice(deps.db, deps.sessions, currentUser(request).id, request.params.id);
    return reply.status(204).send();
  });

  r.post(API.accountSignOutOthers, auth, async (request, reply) => {
    const user = currentUser(request);
    await deps.sessions.endAllOf(user.id, { exceptSessionId: user.sessionId });
    return reply.status(204).send();
  });
}
