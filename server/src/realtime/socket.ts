import type { Server } from 'node:http';
import { clientFrameSchema, REALTIME_LIMITS, REALTIME_TOO_MANY_SOCKETS, type ServerEvent } from '@parley/common';
import { WebSocketServer } from 'ws';
import type { SessionEvents } from '../auth/sessionEvents.ts';
import type { SessionWatch } from '../auth/sessionWatch.ts';
import { refuseUpgrade, type UpgradeGuard } from '../http/upgrade.ts';
import type { Client, RealtimeHub } from './hub.ts';
import { typingThrottle } from './typingThrottle.ts';

export const REALTIME_PATH = '/api/realtime';

export interface RealtimeSocketDeps {
  hub: RealtimeHub;
  guard: UpgradeGuard;
  /** Ended sessions (sign-out, expiry) close their sockets. */
  sessionEvents: SessionEvents;
  /** Keeps the sessions of open sockets checked for expiry. */
  sessionWatch: SessionWatch;
  /** How often to ping sockets and drop dead ones. */
  sweepMs?: number;
  /** A member says they are typing in a room (relayed to its other members; membership checked there). */
  onTyping?: (roomId: string, userId: string) => Promise<void>;
  /** Web push: which conversation a tab shows while visible (null: none); drop() when the socket closes. */
  viewing?: { set(sessionId: string, socketKey: string, roomId: string | null): void; drop(sessionId: string, socketKey: string): void };
}

/** The chat socket: one per signed-in tab, server-to-client events (plus ping, and typing relayed to the room). */
export function attachRealtimeSocket(server: Server, deps: RealtimeSocketDeps): { closeForRestart(): Promise<void>; close(): void } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: REALTIME_LIMITS.maxFrameBytes });
  const alive = new WeakSet<object>();
  let closing = false;
  let sockets = 0;

  server.on('upgrade', (req, socket, head) => {
    if ((req.url ?? '').split('?')[0] !== REALTIME_PATH) return;
    if (closing) return refuseUpgrade(socket, 503, 'Service Unavailable');
    if (!deps.guard.isAllowedOrigin(req)) return refuseUpgrade(socket, 403, 'Forbidden');
    void deps.guard.authenticate(req).then(
      (session) => {
        if (!session) return refuseUpgrade(socket, 401, 'Unauthorized');
        wss.handleUpgrade(req, socket, head, (ws) => {
          // A cap per session and per user (one session once opened 3,000): a close code the client can tell apart.
          const open = deps.hub.countOf(session.userId, session.sessionId);
          if (open.session >= REALTIME_LIMITS.socketsPerSession || open.user >= REALTIME_LIMITS.socketsPerUser) {
            return ws.close(REALTIME_TOO_MANY_SOCKETS.code, REALTIME_TOO_MANY_SOCKETS.reason);
          }
          const client: Client = { ws, userId: session.userId, sessionId: session.sessionId };
          const socketKey = String(++sockets);
          deps.hub.add(client);
          const release = deps.sessionWatch.watch(session.sessionId);
          alive.add(ws);
          let frames = 0;
          const window = setInterval(() => (frames = 0), 60_000);
          const mayRelayTyping = typingThrottle();
          let relayed = Promise.resolve(); // typing relays of a socket go out in the order they came
          const send = (e: ServerEvent) => ws.send(JSON.stringify(e));
          send({ v: 1, type: 'hello', userId: session.userId });
          ws.on('pong', () => alive.add(ws));
          ws.on('message', (data, isBinary) => {
            frames += 1;
            if (frames > REALTIME_LIMITS.framesPerMinute) return ws.close(1008, 'rate limit');
            const parsed = isBinary ? undefined : clientFrameSchema.safeParse(safeJson(data.toString()));
            if (!parsed?.success) return send({ v: 1, type: 'error', code: 'bad_frame', message: 'Unknown or malformed frame' });
            if (parsed.data.type === 'typing') {
              // No answer: a non-member's frame is dropped exactly like one for a room that does not exist.
              const { roomId } = parsed.data;
              if (deps.onTyping && mayRelayTyping(roomId)) {
                const relay = deps.onTyping;
                relayed = relayed.then(() => relay(roomId, session.userId)).catch(() => undefined);
              }
              return;
            }
            if (parsed.data.type === 'viewing') return deps.viewing?.set(session.sessionId, socketKey, parsed.data.roomId);
            send({ v: 1, type: 'pong' });
          });
          ws.on('close', () => {
            clearInterval(window);
            release();
            deps.viewing?.drop(session.sessionId, socketKey);
            deps.hub.remove(client);
          });
          ws.on('error', () => ws.terminate());
        });
      },
      () => refuseUpgrade(socket, 401, 'Unauthorized'),
    );
  });

  const sweep = setInterval(() => {
    for (const client of deps.hub.clients()) {
      if (!alive.has(client.ws)) {
        client.ws.terminate();
        continue;
      }
      alive.delete(client.ws);
      client.ws.ping();
    }
  }, deps.sweepMs ?? 30_000);
  sweep.unref();
  const unsubscribe = deps.sessionEvents.onEnded((sessionId, reason) => deps.hub.closeSession(sessionId, reason === 'signed_out' ? 'signed out' : 'session ended'));

  return {
    /** 1012 "service restart": clients reconnect (elsewhere) and resume with ?resume. */
    async closeForRestart() {
      closing = true;
      const open = [...deps.hub.clients()];
      if (open.length === 0) return;
      const closed = Promise.all(open.map((c) => new Promise<void>((resolve) => {
        if (c.ws.readyState === c.ws.CLOSED) return resolve();
        c.ws.once('close', () => resolve());
        c.ws.close(1012, 'service restart');
      })));
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([closed, new Promise((r) => (timer = setTimeout(r, 1_000)))]);
      clearTimeout(timer);
    },
    close() {
      clearInterval(sweep);
      unsubscribe();
      for (const client of deps.hub.clients()) client.ws.terminate();
      wss.close();
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
