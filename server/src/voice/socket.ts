import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { VOICE_LIMITS, VOICE_SOCKET_PATH, type VoiceServerEvent } from '@parley/common';
import { WebSocketServer, type WebSocket } from 'ws';
import { silentLogger, type CreateVoiceSession, type VoiceLogger } from './types.ts';

/** Unsent bytes (about three minutes of base64 audio) after which a client that stopped reading is dropped. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

export interface VoiceSocketDeps {
  /** The signed-in user of the upgrade request (session cookie), or null. */
  authenticate(req: IncomingMessage): Promise<{ userId: string; sessionId?: string } | null>;
  /** Subscribe to ended sessions (sign-out, expiry): their voice sockets close with 4001. */
  onSessionEnded?: (listener: (sessionId: string) => void) => () => void;
  /** Keep a session checked for expiry while a socket uses it; returns the release function. */
  watchSession?: (sessionId: string) => () => void;
  /** Whether the request's Origin may open the socket (browsers always send one). */
  isAllowedOrigin(req: IncomingMessage): boolean;
  createSession: CreateVoiceSession;
  logger?: VoiceLogger;
  /** Open voice sockets one user may hold at once (default 4). */
  maxConnectionsPerUser?: number;
  /**
   * Where those sockets are counted: in this process by default; across the cluster when given
   * (acquire resolves to a release function, or null when the user has no slot left).
   */
  slots?: { acquire(userId: string, max: number): Promise<(() => void) | null> };
  /** Frames above this close the socket (1009); frames between the session's cap and this get an error event. */
  hardMaxPayload?: number;
  /** Ping interval that drops dead peers (default 30 s). */
  heartbeatMs?: number;
  path?: string;
}

export interface VoiceSocket {
  /** Open connections (tests and health). */
  readonly connections: number;
  /** Stop accepting, close every voice socket (1001) and detach from the server. */
  close(): Promise<void>;
}

/**
 * Serve the voice WebSocket on an existing HTTP server (Fastify's app.server). Only upgrades for
 * the voice path are handled; other paths are left to other 'upgrade' listeners untouched.
 */
export function attachVoiceSocket(server: Server, deps: VoiceSocketDeps): VoiceSocket {
  const path = deps.path ?? VOICE_SOCKET_PATH;
  const logger = deps.logger ?? silentLogger;
  const maxPerUser = deps.maxConnectionsPerUser ?? 4;
  const wss = new WebSocketServer({ noServer: true, maxPayload: deps.hardMaxPayload ?? VOICE_LIMITS.maxFrameBytes * 4, perMessageDeflate: false });
  const slots = deps.slots ?? memorySlots();
  const bySession = new Map<string, Set<WebSocket>>();
  const unsubscribe = deps.onSessionEnded?.((sessionId) => {
    for (const ws of bySession.get(sessionId) ?? []) ws.close(4001, 'session ended');
  });

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (pathOf(req) !== path) return;
    socket.on('error', () => {});
    void (async () => {
      if (!deps.isAllowedOrigin(req)) return refuse(socket, 403, 'forbidden_origin', 'Cross-site voice connection refused');
      let user: { userId: string; sessionId?: string } | null;
      try {
        user = await deps.authenticate(req);
      } catch (err) {
        logger.error({ err }, 'voice: authentication failed');
        return refuse(socket, 500, 'internal_error', 'Authentication failed');
      }
      if (!user) return refuse(socket, 401, 'unauthenticated', 'Please sign in');
      let releaseSlot: (() => void) | null;
      try {
        releaseSlot = await slots.acquire(user.userId, maxPerUser);
      } catch (err) {
        logger.error({ err }, 'voice: connection count unavailable');
        return refuse(socket, 503, 'internal_error', 'Try again in a moment');
      }
      if (!releaseSlot) return refuse(socket, 429, 'too_many_connections', 'Too many voice connections');
      if (socket.destroyed) return releaseSlot();
      const { userId, sessionId } = user;
      const slot = releaseSlot;
      wss.handleUpgrade(req, socket, head, (ws) => accept(ws, userId, sessionId, slot));
    })();
  };

  const accept = (ws: WebSocket, userId: string, sessionId: string | undefined, releaseSlot: () => void) => {
    let release = () => {};
    if (sessionId) {
      let set = bySession.get(sessionId);
      if (!set) bySession.set(sessionId, (set = new Set()));
      set.add(ws);
      release = deps.watchSession?.(sessionId) ?? release;
    }
    let alive = true;
    ws.on('pong', () => (alive = true));
    const send = (event: VoiceServerEvent) => {
      if (ws.readyState !== ws.OPEN) return;
      // A client that stopped reading must not make the server hold its audio forever.
      if (ws.bufferedAmount > MAX_BUFFERED_BYTES) return ws.terminate();
      ws.send(JSON.stringify(event));
    };
    const session = deps.createSession({ userId, send, close: (code, reason) => ws.close(code, reason) });
    const heartbeat = setInterval(() => {
      if (!alive) return ws.terminate();
      alive = false;
      ws.ping();
    }, deps.heartbeatMs ?? 30_000);
    heartbeat.unref();
    ws.on('message', (data, isBinary) => {
      if (isBinary) return send({ type: 'error', error: { code: 'invalid_message', message: 'Send JSON text frames.' } });
      session.handleMessage(Array.isArray(data) ? Buffer.concat(data).toString('utf8') : data.toString());
    });
    ws.on('error', (err) => logger.warn({ err: err.message }, 'voice: socket error'));
    ws.once('close', () => {
      clearInterval(heartbeat);
      session.close();
      release();
      if (sessionId) {
        const set = bySession.get(sessionId);
        set?.delete(ws);
        if (set?.size === 0) bySession.delete(sessionId);
      }
      releaseSlot();
    });
  };

  server.on('upgrade', onUpgrade);
  return {
    get connections() {
      return wss.clients.size;
    },
    close: async () => {
      server.off('upgrade', onUpgrade);
      unsubscribe?.();
      for (const ws of wss.clients) ws.close(1001, 'server shutting down');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/**
 * Origin check for the upgrade: a browser's Origin must be the public URL (or, without one, the
 * Host it connected to). Requests without Origin are not from a browser and carry no ambient cookie.
 */
export function sameOriginCheck(publicUrl: string | undefined): (req: IncomingMessage) => boolean {
  return (req) => {
    const origin = req.headers.origin;
    if (!origin) return true;
    if (publicUrl) return origin === publicUrl.replace(/\/$/, '');
    try {
      return new URL(origin).host === req.headers.host;
    } catch {
      return false;
    }
  };
}

function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

function refuse(socket: Duplex, status: number, code: string, message: string): void {
  if (socket.destroyed) return;
  const body = JSON.stringify({ error: { code, message } });
  const reason = { 401: 'Unauthorized', 403: 'Forbidden', 429: 'Too Many Requests', 500: 'Internal Server Error' }[status] ?? 'Error';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** Voice sockets counted per user in this process. */
function memorySlots(): NonNullable<VoiceSocketDeps['slots']> {
  const perUser = new Map<string, number>();
  return {
    async acquire(userId, max) {
      const n = perUser.get(userId) ?? 0;
      if (n >= max) return null;
      perUser.set(userId, n + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (perUser.get(userId) ?? 1) - 1;
        if (left > 0) perUser.set(userId, left);
        else perUser.delete(userId);
      };
    },
  };
}
