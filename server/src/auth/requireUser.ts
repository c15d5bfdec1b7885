import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.ts';
import { markAccess } from '../http/routeAccess.ts';
import type { SessionInfo, SessionStore } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser: the signed-in user. */
    user?: { id: string; email: string; sessionId: string; admin?: boolean };
  }
}

export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-parley_session' : 'parley_session';
}

export async function sessionFromRequest(
  request: FastifyRequest,
  sessions: SessionStore,
  cookieName: string,
): Promise<SessionInfo | null> {
  const token = request.cookies[cookieName];
  if (!token || token.length > 200) return null;
  return sessions.resolve(token);
}

export type RequireUser = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** preHandler: answers 401 unless the request carries a live session. */
export function makeRequireUser(sessions: SessionStore, cookieName: string): RequireUser {
  // Marked: the OpenAPI document describes every route behind it as needing a session (http/routeAccess.ts).
  return markAccess<RequireUser>(async (request) => {
    const session = await sessionFromRequest(request, sessions, cookieName);
    if (!session) throw new AppError(401, 'unauthenticated', 'Please sign in');
    request.user = { id: session.userId, email: session.email, sessionId: session.sessionId, admin: session.admin };
  }, 'session');
}

/** request.user after requireUser ran. */
export function currentUser(request: FastifyRequest): { id: string; email: string; sessionId: string; admin?: boolean } {
  if (!request.user) throw new AppError(401, 'unauthenticated', 'Please sign in');
  return request.user;
}
