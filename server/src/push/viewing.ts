import type { Redis } from 'ioredis';

/**
 * Which conversation each device has open and visible (the web's `viewing` frame on the chat
 * socket), so no push goes to a device that is looking at that conversation. Kept per socket of a
 * session (a device may have several tabs). In cluster mode every entry is also in Redis, a hash per
 * session whose fields carry their own expiry (renewed every ttl/3 by the node holding the socket),
 * so the entries of a node that died vanish within the TTL, and any node's fan-out can ask.
 */
export class ViewingRegistry {
  private readonly local = new Map<string, Map<string, string>>();
  private readonly timer: NodeJS.Timeout | undefined;
  private readonly ttlMs: number;

  constructor(private readonly o: { redis: Redis | null; prefix: string; node: string; ttlMs?: number }) {
    this.ttlMs = o.ttlMs ?? 30_000;
    if (o.redis) {
      this.timer = setInterval(() => this.renew(), Math.max(1_000, Math.floor(this.ttlMs / 3)));
      this.timer.unref();
    }
  }

  private key(sessionId: string): string {
    return `${this.o.prefix}push:viewing:${sessionId}`;
  }

  /** A socket of this session now shows `roomId` (null: nothing, or the page is hidden). */
  set(sessionId: string, socketKey: string, roomId: string | null): void {
    let sockets = this.local.get(sessionId);
    if (roomId === null) {
      sockets?.delete(socketKey);
      if (sockets?.size === 0) this.local.delete(sessionId);
      this.o.redis?.hdel(this.key(sessionId), `${this.o.node}:${socketKey}`).catch(() => undefined);
      return;
    }
    if (!sockets) this.local.set(sessionId, (sockets = new Map()));
    sockets.set(socketKey, roomId);
    this.write(sessionId, socketKey, roomId);
  }

  /** The socket closed. */
  drop(sessionId: string, socketKey: string): void {
    this.set(sessionId, socketKey, null);
  }

  /** Of these sessions, the ones with a socket showing `roomId` now (this node's, and in Redis every node's). */
  async viewing(sessionIds: readonly string[], roomId: string): Promise<Set<string>> {
    const found = new Set<string>();
    for (const id of sessionIds) if ([...(this.local.get(id)?.values() ?? [])].includes(roomId)) found.add(id);
    const { redis } = this.o;
    const rest = sessionIds.filter((id) => !found.has(id));
    if (!redis || rest.length === 0) return found;
    try {
      const pipeline = redis.pipeline();
      for (const id of rest) pipeline.hvals(this.key(id));
      const results = (await pipeline.exec()) ?? [];
      const now = Date.now();
      rest.forEach((id, i) => {
        const values = (results[i]?.[1] as string[] | undefined) ?? [];
        if (values.some((v) => v.split('|')[0] === roomId && Number(v.split('|')[1]) > now)) found.add(id);
      });
    } catch {
      // Redis away: push rather than stay silent (a notification too many beats one missed).
    }
    return found;
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private write(sessionId: string, socketKey: string, roomId: string): void {
    const { redis } = this.o;
    if (!redis) return;
    const key = this.key(sessionId);
    redis.multi().hset(key, `${this.o.node}:${socketKey}`, `${roomId}|${Date.now() + this.ttlMs}`).pexpire(key, this.ttlMs).exec().catch(() => undefined);
  }

  private renew(): void {
    for (const [sessionId, sockets] of this.local) for (const [socketKey, roomId] of sockets) this.write(sessionId, socketKey, roomId);
  }
}
