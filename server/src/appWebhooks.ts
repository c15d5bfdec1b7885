import type { FastifyInstance } from 'fastify';
import { recordAudit } from './admin/audit.ts';
import type { ChatTranslator } from './chat/types.ts';
import type { SendInput } from './chat/messageSender.ts';
import type { ChatMessage } from '@parley/common';
import type { ClusterBus } from './cluster/bus.ts';
import type { Config } from './config.ts';
import type { Db } from './db/connect.ts';
import type { JobQueue } from './db/jobQueue.ts';
import type { EventPublisher } from './chat/types.ts';
import { parseAllowedOrigins } from './platform/outbound.ts';
import { createWebhooks, type Webhooks, type WebhookTuning } from './webhooks/index.ts';

/**
 * The composition root's webhook side (issue 35 items 4, 5): incoming hooks post through chat's send, outgoing ones
 * are the event log's `webhooks` consumer; the audit log records their changes. `integrationsAllowed` is the
 * operator's switch (item 6), always on until it is wired.
 */
export function wireWebhooks(app: FastifyInstance, o: {
  db: Db; boss: JobQueue; bus: ClusterBus; events: EventPublisher; config: Config; now: () => Date;
  send: (input: SendInput) => Promise<{ message: ChatMessage; created: boolean }>;
  chatTranslator: ChatTranslator;
  integrationsAllowed?: (() => Promise<boolean>) | undefined;
  tuning?: WebhookTuning | undefined;
}): Webhooks {
  const webhooks = createWebhooks({
    db: o.db, boss: o.boss, log: app.log, bus: o.bus, events: o.events, send: o.send,
    translate: async ({ text, sourceHint, target, roomId }) => {
      const result = await o.chatTranslator.translate({ text, sourceHint: sourceHint as never, target: target as never, context: null, roomId });
      return result.ok && result.kind !== 'same_language' ? result.text : result.kind === 'same_language' ? text : null;
    },
    audit: async (tx, entry) => {
      const actor = entry.actorId ? await tx.selectFrom('users').select('email').where('id', '=', entry.actorId).executeTakeFirst() : undefined;
      await recordAudit(tx, {
        action: entry.action,
        actor: { id: entry.actorId, email: actor?.email ?? (entry.actorId ? null : 'system'), address: entry.address },
        details: entry.details,
      }, o.now());
    },
    integrationsAllowed: o.integrationsAllowed,
    allowedOrigins: parseAllowedOrigins(o.config.webhooks.allowedOrigins),
    publicUrl: o.config.publicUrl,
    takesWork: o.config.role !== 'web',
    tuning: o.tuning,
  });
  app.addHook('onClose', async () => webhooks.stop());
  return webhooks;
}
