import type { Socket } from 'node:net';
import type { ServerEvent } from '@parley/common';
import type { WebSocket } from 'ws';
import type { EventPublisher } from '../chat/types.ts';
import { textFrame } from './textFrame.ts';

export interface Client {
  ws: WebSocket;
  userId: string;
  sessionId: string;
}

/** The connection under a ws socket (`_socket`: ws keeps it there and has no public accessor). */
const socketOf = (ws: WebSocket): Socket | undefined => (ws as unknown as { _socket?: Socket })._socket;

/** In-process fan-out of chat events to the open sockets of each user. */
export class RealtimeHub implements EventPublisher {
  private readonly byUser = new Map<string, Set<Client>>();
  /** Sockets holding frames until the end of this turn of the event loop (see hold). */
  private readonly held = new Set<Socket>();

  add(client: Client): void {
    let set = this.byUser.get(client.userId);
    if (!set) this.byUser.set(client.userId, (set = new Set()));
    set.add(client);
  }

  /** Open sockets of a user on this node, and of one of their sessions. */
  countOf(userId: string, sessionId: string): { user: number; session: number } {
    const set = this.byUser.get(userId);
    let session = 0;
    for (const client of set ?? []) if (client.sessionId === sessionId) session += 1;
    return { user: set?.size ?? 0, session };
  }

  remove(client: Client): void {
    const set = this.byUser.get(client.userId);
    set?.delete(client);
    if (set?.size === 0) this.byUser.delete(client.userId);
  }

  publish(userIds: readonly string[], event: ServerEvent): void {
    this.deliver(userIds, JSON.stringify(event));
  }

  /**
   * An already serialized event to this process's sockets of these users. The text is encoded
   * once and the same bytes go to every socket (ws would encode a string again for each one).
   */
  deliver(userIds: readonly string[], frame: string): void {
    let bytes: Buffer | undefined;
    let framed: Buffer | undefined;
    for (const userId of new Set(userIds)) {
      for (const client of this.byUser.get(userId) ?? []) {
        const { ws } = client;
        if (ws.readyState !== ws.OPEN) continue;
        bytes ??= Buffer.from(frame);
        this.hold(ws);
        const socket = socketOf(ws);
        // Without an extension (no compression) ws writes each frame to the socket as it is sent, so writing the
        // finished frame ourselves keeps the order of everything sent on this socket, and costs one write.
        if (socket && ws.extensions === '') socket.write((framed ??= textFrame(bytes)));
        else ws.send(bytes, { binary: false });
      }
    }
  }

  /**
   * Frames for one socket in one turn of the event loop leave in one write: the socket is corked at its first frame
   * and uncorked once the turn's I/O callbacks have run (setImmediate). A busy group then costs a system call per
   * socket per turn, not per frame (ws corks only the two halves of one frame; `_socket` is its net.Socket).
   */
  private hold(ws: WebSocket): void {
    const socket = socketOf(ws);
    if (!socket || this.held.has(socket)) return;
    socket.cork();
    this.held.add(socket);
    if (this.held.size === 1) setImmediate(() => this.release());
  }

  private release(): void {
    for (const socket of this.held) if (!socket.destroyed) socket.uncork();
    this.held.clear();
  }

  /** Close every socket (Redis came back after an outage: events may be lost; clients resume with ?resume=<newest id held>). */
  closeAll(code: number, reason: string): void {
    for (const client of this.clients()) client.ws.close(code, reason);
  }

  /** Close every socket opened with a session (sign-out, expiry). */
  closeSession(sessionId: string, reason = 'signed out'): void {
    for (const client of this.clients()) {
      if (client.sessionId === sessionId) client.ws.close(4001, reason);
    }
  }

  *clients(): Iterable<Client> {
    for (const set of this.byUser.values()) yield* set;
  }

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }
}
