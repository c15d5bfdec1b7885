import type { IncomingMessage } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import type { SessionInfo, SessionStore } from '../auth/sessions.ts';

/** Authentication and Origin checks for WebSocket upgrades (chat and voice sockets). */
export interface UpgradeGuard {
  authenticate(req: IncomingMessage): Promise<SessionInfo | null>;
  isAllowedOrigin(req: IncomingMessage): boolean;
}

export function makeUpgradeGuard(sessions: SessionStore, cookieName: string, publicUrl: string | undefined): UpgradeGuard {
  return {
    async authenticate(req) {
      const token = fastifyCookie.parse(req.headers.cookie ?? '')[cookieName];
      if (!token || token.length > 200) return null;
      return sessions.resolve(token);
    },
    // Browsers always send Origin on WebSocket handshakes; a page on another site must not
    // ride on the user's cookie (cross-site WebSocket hijacking).
    isAllowedOrigin(req) {
      const origin = req.headers.origin;
      if (!origin) return false;
      if (publicUrl) return origin === publicUrl;
      try {
        return new URL(origin).host === req.headers.host;
      } catch {
        return false;
      }
    },
  };
}

/** Answer a refused upgrade with a plain HTTP status and close the socket. */
export function refuseUpgrade(socket: import('node:stream').Duplex, status: 401 | 403 | 404 | 429 | 503, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
