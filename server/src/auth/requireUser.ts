import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TokenScope } from '@parley/common';
import { AppError } from '../http/errors.ts';
import type { BearerTokens } from './apiTokens.ts';
import { markAccess } from '../http/routeAccess.ts';
import type { SessionInfo, SessionStore } from './sessions.ts';

/** The signed-in user of a request: through a session cookie, or an API token (`token` set). */
export interface RequestUser {
  id: string;
  email: string;
  /** The session; for a token, `token:<id>` (no session row has it). */
  sessionId: string;
  admin?: boolean;
  token?: { id: string; scopes: TokenScope[]; bot: boolean };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser: the signed-in user. */
    user?: RequestUser;
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

/**
 * `Authorization: Bearer <token>` (the only place a token is read: never a cookie or a query string); '' for a
 * Bearer header without a usable token. Other schemes are not ours and are ignored: an operator's HTTP Basic
 * proxy in front of the app makes the browser send `Authorization: Basic` with every request.
 */
export function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header || !/^Bearer(\s|$)/i.test(header)) return undefined;
  const match = /^Bearer[ ]+(\S{1,200})\s*$/i.exec(header);
  return match?.[1] ?? '';
}

/**
 * Routes a token never reaches (GitHub's and GitLab's tokens cannot make tokens either): the account's own security
 * (password, devices, deletion, tokens), bots, the console, and what belongs to a signed-in device (push
 * subscriptions, calls).
 */
const SESSION_ONLY = ['/api/account/', '/api/bots', '/api/admin/', '/api/push/', '/api/calls'];
const READ_METHODS = new Set(['GET', 'HEAD']);

export type RequireUser = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** onRequest: answers 401 unless the request carries a live session, or a live API token whose scopes allow it. */
export function makeRequireUser(sessions: SessionStore, cookieName: string, bearer?: BearerTokens): RequireUser {
  // Marked: the OpenAPI document describes every route behind it as needing a session or a token (http/routeAccess.ts).
  return markAccess<RequireUser>(async (request) => {
    const token = bearerOf(request);
    if (token !== undefined && bearer) {
      request.user = await userOfToken(request, token, bearer);
      return;
    }
    const session = await sessionFromRequest(request, sessions, cookieName);
    if (!session) throw new AppError(401, 'unauthenticated', 'Please sign in');
    request.user = { id: session.userId, email: session.email, sessionId: session.sessionId, admin: session.admin };
  }, 'session');
}

async function userOfToken(request: FastifyRequest, token: string, bearer: BearerTokens): Promise<RequestUser> {
  if (!(await bearer.options.enabled())) throw new AppError(403, 'integrations_disabled', 'Integrations are turned off on this server');
  const info = await bearer.resolve(token);
  if (!info) throw new AppError(401, 'unauthenticated', 'This token is not valid');
  const path = request.url.split('?')[0] ?? '';
  if (SESSION_ONLY.some((prefix) => path.startsWith(prefix))) {
    throw new AppError(403, 'token_not_allowed', 'This needs a signed-in session, not a token');
  }
  const needed: TokenScope = READ_METHODS.has(request.method) ? 'read' : 'write';
  if (!info.scopes.includes(needed)) throw new AppError(403, 'token_scope', `This token has no ${needed} scope`);
  return { id: info.userId, email: info.email, sessionId: `token:${info.tokenId}`, admin: info.admin, token: { id: info.tokenId, scopes: info.scopes, bot: info.bot } };
}

/** request.user after requireUser ran. */
export function currentUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw new AppError(401, 'unauthenticated', 'Please sign in');
  return request.user;
}
