import type { FastifyInstance } from 'fastify';
import { recordAudit } from './admin/audit.ts';
import type { AppDeps } from './appDeps.ts';
import type { ChatTranslator, EventPublisher } from './chat/types.ts';
import type { Db } from './db/connect.ts';
import type { JobQueue } from './db/jobQueue.ts';
import type { TranslationBudget } from './http/translationBudget.ts';
import { LinkPreviewJobs, linkPreviewRoutes, type LinkPreviewRouteDeps } from './linkPreviews/index.ts';
import { parseAllowedOrigins } from './platform/outbound.ts';
import type { DbStorage } from './storage/dbStorage.ts';

/**
 * The composition root's link previews (issue 36 item 3): a send with a link gets its card after the commit, on
 * their own queue (the event log's `linkPreviews` consumer); the composer's card and the console's switch are routes.
 * Fetches go through the outgoing-request guard, with LINK_PREVIEW_ALLOWED_ORIGINS.
 */
export function wireLinkPreviews(app: FastifyInstance, deps: AppDeps, o: {
  db: Db; boss: JobQueue; storage: DbStorage; events: EventPublisher; translator: ChatTranslator;
  budget: TranslationBudget | undefined; now: () => Date;
}) {
  const { config } = deps;
  const guard = {
    allowedOrigins: parseAllowedOrigins(config.linkPreviews.allowedOrigins),
    ...(deps.linkPreviews?.resolve ? { resolve: deps.linkPreviews.resolve } : {}),
  };
  const jobs = new LinkPreviewJobs({
    db: o.db, storage: o.storage, guard, limits: deps.linkPreviews?.limits, boss: o.boss, log: app.log, events: o.events,
    translator: o.translator, budget: o.budget, takesWork: config.role !== 'web', pollMs: deps.linkPreviews?.pollMs,
  });
  app.addHook('onClose', async () => jobs.stop());
  const registerRoutes = (requireUser: LinkPreviewRouteDeps['requireUser'], requireAdmin: LinkPreviewRouteDeps['requireAdmin']) => app.register(linkPreviewRoutes, {
    db: o.db, storage: o.storage, guard, limits: deps.linkPreviews?.limits, requireUser, requireAdmin, now: o.now,
    perMinute: deps.linkPreviews?.perMinute,
    audit: async (tx, entry) => {
      const actor = await tx.selectFrom('users').select('email').where('id', '=', entry.actorId).executeTakeFirst();
      await recordAudit(tx, { action: 'link_previews.changed', actor: { id: entry.actorId, email: actor?.email ?? null, address: entry.address }, details: { enabled: entry.enabled } }, o.now());
    },
  });
  return { jobs, registerRoutes };
}
