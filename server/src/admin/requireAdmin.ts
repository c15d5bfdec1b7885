import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequireUser } from '../auth/requireUser.ts';
import { currentUser } from '../auth/requireUser.ts';
import type { Db } from '../db/connect.ts';
import { AppError } from '../http/errors.ts';
import { markAccess } from '../http/routeAccess.ts';
import type { Actor } from './audit.ts';

/**
 * onRequest for every admin route: a live session (401 otherwise) whose account is an admin now (403
 * `admin_required` otherwise; read per request, so a demotion counts at once on every node).
 */
export function makeRequireAdmin(db: Db, requireUser: RequireUser) {
  return markAccess(async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await requireUser(request, reply);
    const user = currentUser(request);
    if (!(await isAdmin(db, user.id))) throw new AppError(403, 'admin_required', 'This needs an administrator');
  }, 'admin');
}

export async function isAdmin(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('role').where('id', '=', userId).where('disabled_at', 'is', null).executeTakeFirst();
  return row?.role === 'admin';
}

export function actorOf(request: FastifyRequest): Actor {
  const user = currentUser(request);
  return { id: user.id, email: user.email, address: request.ip };
}
