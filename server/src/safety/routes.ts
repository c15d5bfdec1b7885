import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { blockBody, blockParams, reportBody, SAFETY_API, type BlockListResponse, type BlockResponse, type ReportResponse } from '@parley/common';
import { currentUser, type RequireUser } from '../auth/requireUser.ts';
import type { Db } from '../db/connect.ts';
import type { EventLog } from '../events/index.ts';
import { createRateLimit } from '../http/rateLimit.ts';
import { blockUser, listBlocked, unblockUser } from './blocks.ts';
import { createReport } from './reports.ts';

export interface SafetyRouteDeps {
  db: Db;
  requireUser: RequireUser;
  eventLog: EventLog;
  /** A new block: whatever the pair shares live ends (calls, app.ts). */
  onBlocked?: (blockerId: string, blockedId: string) => void;
}

/** Block, unblock, the blocked list, reports (issue 23 item 6). */
export async function safetyRoutes(app: FastifyInstance, deps: SafetyRouteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  // A person files a few reports, not hundreds: the operators' queue stays readable.
  const reportLimit = createRateLimit({
    name: 'report', points: 20, durationSec: 3600,
    tooMany: (s) => `Too many reports. Try again in ${s} seconds.`,
  });
  app.addHook('onRequest', deps.requireUser);

  r.get(SAFETY_API.blocks, async (request): Promise<BlockListResponse> => ({ users: await listBlocked(db, currentUser(request).id) }));

  r.post(SAFETY_API.blocks, { schema: { body: blockBody } }, async (request): Promise<BlockResponse> => {
    const { created } = await blockUser(db, deps.eventLog, currentUser(request).id, request.body.userId);
    deps.onBlocked?.(currentUser(request).id, request.body.userId);
    return { blocked: true, created };
  });

  r.delete(SAFETY_API.block, { schema: { params: blockParams } }, async (request) =>
    unblockUser(db, deps.eventLog, currentUser(request).id, request.params.userId));

  r.post(SAFETY_API.reports, { schema: { body: reportBody } }, async (request, reply) => {
    const me = currentUser(request).id;
    await reportLimit.consume(me);
    const body: ReportResponse = { report: await createReport(db, me, request.body) };
    return reply.status(201).send(body);
  });
}
