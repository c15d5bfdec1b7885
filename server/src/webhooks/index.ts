import type { FastifyBaseLogger } from 'fastify';
import type { ChatMessage } from '@parley/common';
import type { SendInput } from '../chat/messageSender.ts';
import { insertSystemLine } from '../chat/messageSender.ts';
import type { EventPublisher } from '../chat/types.ts';
import type { ClusterBus } from '../cluster/bus.ts';
import type { Db } from '../db/connect.ts';
import type { JobQueue } from '../db/jobQueue.ts';
import type { EventConsumer } from '../events/index.ts';
import { WebhookDeliveries, type WebhookTuning } from './deliveries.ts';
import type { IncomingDeps } from './incoming.ts';
import { SubscriptionIndex, type OutgoingDeps } from './outgoing.ts';
import type { PayloadDeps } from './payload.ts';
import type { WebhookAudit } from './types.ts';

export { webhookRoutes, type WebhookRouteDeps } from './routes.ts';
export type { WebhookTuning } from './deliveries.ts';
export type { WebhookAudit, WebhookAuditAction } from './types.ts';

export interface WebhooksOptions {
  db: Db;
  boss: JobQueue;
  log: FastifyBaseLogger;
  bus: ClusterBus;
  events: EventPublisher;
  send: (input: SendInput) => Promise<{ message: ChatMessage; created: boolean }>;
  translate: PayloadDeps['translate'];
  audit: WebhookAudit;
  /** The operator's switch (issue 35 item 6, wired by the lead); default: always on. */
  integrationsAllowed?: (() => Promise<boolean>) | undefined;
  allowedOrigins: ReadonlySet<string>;
  publicUrl: string | undefined;
  takesWork: boolean;
  tuning?: WebhookTuning | undefined;
}

export interface Webhooks {
  consumer: EventConsumer;
  incoming: IncomingDeps;
  outgoing: OutgoingDeps;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Incoming and outgoing webhooks (issue 35 items 4, 5): see README.md. */
export function createWebhooks(o: WebhooksOptions): Webhooks {
  const integrationsAllowed = o.integrationsAllowed ?? (async () => true);
  const index = new SubscriptionIndex(o.db, (err) => o.log.warn({ err }, 'webhooks: could not reload the subscriptions'));
  // This node reloads before answering (its next send sees the change); the others when the bus tells them.
  const changed = async () => {
    await index.reload();
    o.bus.send({ kind: 'webhooks.changed' });
  };
  o.bus.onMessage((m, fromSelf) => {
    if (m.kind === 'webhooks.changed' && !fromSelf) void index.reload().catch((err: unknown) => o.log.warn({ err }, 'webhooks: could not reload the subscriptions'));
  });
  const deliveries = new WebhookDeliveries({
    db: o.db, boss: o.boss, log: o.log, index, allowedOrigins: o.allowedOrigins, integrationsAllowed, audit: o.audit,
    translate: o.translate, takesWork: o.takesWork, tuning: o.tuning,
    onPaused: async (sub) => {
      await changed();
      if (!sub.roomId) return;
      // The owner is told in the room, where they manage it (Integrations shows it paused, with Resume).
      const owner = sub.ownerId ? await o.db.selectFrom('profiles').select(['id', 'username']).where('id', '=', sub.ownerId).executeTakeFirst() : undefined;
      const message = await insertSystemLine(o.db, sub.roomId, sub.ownerId, {
        kind: 'webhook_paused', actor: owner ? { id: owner.id, username: owner.username } : null, target: null, name: new URL(sub.url).host, register: null,
      });
      const members = await o.db.selectFrom('chat_room_participants').select('user_id').where('chat_room_id', '=', sub.roomId).execute();
      o.events.publish(members.map((m) => m.user_id), { v: 1, type: 'message.created', message });
    },
  });
  return {
    consumer: deliveries.consumer(),
    incoming: { db: o.db, send: o.send, integrationsAllowed, publicUrl: o.publicUrl, audit: o.audit },
    outgoing: { db: o.db, integrationsAllowed, allowedOrigins: o.allowedOrigins, audit: o.audit, changed },
    async start() {
      await index.start();
      await deliveries.start();
    },
    async stop() {
      index.stop();
      await deliveries.stop();
    },
  };
}
