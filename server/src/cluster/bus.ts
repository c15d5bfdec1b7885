import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { SessionEndReason, SessionEvents } from '../auth/sessionEvents.ts';

/** What nodes tell each other. */
export type ClusterMessage =
  /** A chat event for these users' sockets, serialized once by the node that published it. */
  | { kind: 'event'; users: string[]; frame: string }
  /** A session ended (sign-out, expiry): close its sockets, forget it in the session cache. */
  | { kind: 'session.ended'; sessionId: string; reason: SessionEndReason }
  /** An account's role changed: forget its cached sessions (their admin flag). */
  | { kind: 'session.user_changed'; userId: string }
  /** Translation jobs are waiting unclaimed: workers poll now rather than at their next tick. */
  | { kind: 'jobs.wake' }
  /** A profile, a relationship context or a room changed: forget the cached send contexts. */
  | { kind: 'contexts.changed' }
  /** An outgoing webhook was added, removed, paused or resumed: reload the index of subscribed rooms (webhooks/). */
  | { kind: 'webhooks.changed' }
  /**
   * Calls (server/src/calls/media.ts): a media-socket event for one participant of a call (`to`: their user id),
   * delivered by the node holding that participant's socket; `to` '*' = every socket of the call (it ended).
   */
  | { kind: 'call'; callId: string; to: string; frame: string };

export interface ClusterBus {
  /** This process's id (messages it sent come back to it and are skipped). */
  readonly node: string;
  /** The command connection (rate limits, voice cap); null in the embedded mode. */
  readonly redis: Redis | null;
  readonly prefix: string;
  /** To every node (this one too: handlers see their own messages); best effort. */
  send(message: ClusterMessage): void;
  onMessage(handler: (message: ClusterMessage, fromSelf: boolean) => void): void;
  /** The subscription came back after an outage: messages may have been lost meanwhile. */
  onResubscribed(handler: () => void): void;
  /** Whether Redis answers (readiness); always true in the embedded mode. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** One process, nobody to tell. */
export function localBus(): ClusterBus {
  return {
    node: randomUUID(), redis: null, prefix: '',
    send() {},
    onMessage() {},
    onResubscribed() {},
    ping: async () => true,
    close: async () => {},
  };
}

/**
 * Redis pub/sub between nodes (one channel per installation). Two connections: a subscribed
 * connection cannot run other commands.
 */
export async function connectRedisBus(url: string, prefix: string, log: { warn(obj: object, msg: string): void }): Promise<ClusterBus> {
  const node = randomUUID();
  const channel = `${prefix}events`;
  // Commands fail fast while Redis is away (no unbounded offline buffering of events).
  const options = { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: true, retryStrategy: (n: number) => Math.min(n * 200, 2_000) };
  // Auto-pipelining: the commands of one event-loop turn (the sends' rate-limit scripts, their
  // publishes) leave in one write instead of one syscall each.
  const redis = new Redis(url, { ...options, enableAutoPipelining: true });
  // Resubscribed by hand: ioredis emits 'ready' before its own resubscription is done, and the
  // sockets must be told to resume only once events flow again.
  const sub = new Redis(url, { ...options, autoResubscribe: false });
  const handlers: ((m: ClusterMessage, fromSelf: boolean) => void)[] = [];
  const resubscribed: (() => void)[] = [];
  let lostSince: number | null = null;
  for (const [name, conn] of [['commands', redis], ['subscriber', sub]] as const) {
    conn.on('error', (err: Error) => log.warn({ err: err.message, connection: name }, 'Redis connection error'));
  }
  sub.on('close', () => (lostSince ??= Date.now()));
  sub.on('ready', () => {
    if (lostSince === null) return;
    sub.subscribe(channel).then(
      () => {
        lostSince = null;
        for (const h of resubscribed) h();
      },
      (err: Error) => log.warn({ err: err.message }, 'Redis resubscribe failed'),
    );
  });
  sub.on('message', (_channel: string, raw: string) => {
    let parsed: { from: string; message: ClusterMessage };
    try {
      parsed = JSON.parse(raw) as typeof parsed;
    } catch {
      return;
    }
    for (const h of handlers) h(parsed.message, parsed.from === node);
  });
  await Promise.all([redis.connect(), sub.connect()]);
  await sub.subscribe(channel);
  lostSince = null;
  return {
    node, redis, prefix,
    send(message) {
      redis.publish(channel, JSON.stringify({ from: node, message })).catch((err: Error) => log.warn({ err: err.message }, 'Redis publish failed'));
    },
    onMessage: (h) => void handlers.push(h),
    onResubscribed: (h) => void resubscribed.push(h),
    async ping() {
      try {
        return (await redis.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      sub.disconnect();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * Session ends on every node: an end reported here is told to the local listeners (chat and
 * voice sockets, the session cache) and sent to the other nodes, whose listeners hear it too.
 */
export function clusterSessionEvents(local: SessionEvents, bus: ClusterBus): SessionEvents {
  bus.onMessage((m, fromSelf) => {
    if (m.kind === 'session.ended' && !fromSelf) local.ended(m.sessionId, m.reason);
    if (m.kind === 'session.user_changed' && !fromSelf) local.userChanged(m.userId);
  });
  return {
    ended(sessionId, reason) {
      local.ended(sessionId, reason);
      bus.send({ kind: 'session.ended', sessionId, reason });
    },
    onEnded: (listener) => local.onEnded(listener),
    userChanged(userId) {
      local.userChanged(userId);
      bus.send({ kind: 'session.user_changed', userId });
    },
    onUserChanged: (listener) => local.onUserChanged(listener),
  };
}
