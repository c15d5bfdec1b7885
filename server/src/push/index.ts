import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import type { JobQueue } from '../db/jobQueue.ts';
import type { EventConsumer } from '../events/index.ts';
import { PushJobs, type PushJobsOptions } from './jobs.ts';
import { parseAllowedOrigins } from './ssrf.ts';
import { loadVapidKeys, type VapidKeys } from './vapid.ts';
import { ViewingRegistry } from './viewing.ts';

export { pushRoutes } from './routes.ts';
export { PushJobs, PUSH_QUEUE } from './jobs.ts';

export interface Push {
  jobs: PushJobs;
  viewing: ViewingRegistry;
  allowedOrigins: ReadonlySet<string>;
  vapid(): VapidKeys | undefined;
  /** The domain-event consumer (events/): sends that may need telling, edits and deletions become fan-out jobs. */
  consumer: EventConsumer;
  /** Whether one of these sessions' devices is not showing the room now (else a new message needs no push). */
  away(roomId: string, sessionIds: readonly string[]): Promise<boolean>;
  /** Load (or make) the VAPID keys, create the queue, start sending on worker nodes. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export type PushTuning = Partial<Pick<PushJobsOptions, 'translationWaitMs' | 'pollMs' | 'retryDelaySeconds' | 'retryBackoff' | 'retryLimit' | 'timeoutMs'>>;

/** Web push, wired once in app.ts. */
export function createPush(o: {
  db: Db; boss: JobQueue; log: FastifyBaseLogger; config: Config; redis: Redis | null; node: string; tuning?: PushTuning | undefined;
  observe?: PushJobsOptions['observe'];
}): Push {
  const allowedOrigins = parseAllowedOrigins(o.config.push.allowedOrigins);
  const viewing = new ViewingRegistry({ redis: o.redis, prefix: o.config.redisPrefix, node: o.node });
  let keys: VapidKeys | undefined;
  const jobs = new PushJobs({
    db: o.db, boss: o.boss, log: o.log, viewing, allowedOrigins,
    vapid: () => keys,
    takesWork: o.config.role !== 'web',
    sessionIdleMs: o.config.sessionIdleMs,
    observe: o.observe,
    ...o.tuning,
  });
  return {
    jobs, viewing, allowedOrigins,
    vapid: () => keys,
    consumer: jobs.consumer(),
    async away(roomId, sessionIds) {
      const looking = await viewing.viewing(sessionIds, roomId);
      return sessionIds.some((id) => !looking.has(id));
    },
    async start() {
      const p = o.config.push;
      keys = await loadVapidKeys(o.db, { publicKey: p.vapidPublicKey, privateKey: p.vapidPrivateKey, subject: p.subject });
      await jobs.start();
    },
    async stop() {
      viewing.close();
      await jobs.stop();
    },
  };
}

/**
 * A call's push to the callee (for the calls feature): `incoming_call` when it starts ringing (devices not
 * showing the conversation; "Incoming call" titled with the caller's name, kept by the push service only while it
 * rings), `missed_call` when it ends unanswered (replaces the ringing one: same tag and Topic). `callId` names the
 * call: each kind is pushed once per call. Tapping either opens the conversation (a ringing call shows there).
 */
export async function queueCallPush(push: Push, tx: Db, input: { calleeId: string; callerId: string; roomId: string; callId: string; kind: 'incoming_call' | 'missed_call' }): Promise<void> {
  await push.jobs.queueCall(tx, input);
}
