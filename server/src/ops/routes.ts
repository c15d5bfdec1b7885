import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { API } from '@parley/common';
import type { ClusterBus } from '../cluster/bus.ts';
import type { Db } from '../db/connect.ts';
import type { Metrics } from './metrics.ts';

export interface OpsRouteDeps {
  db: Db;
  databaseKind: 'pglite' | 'postgres';
  /** This node's id in node_heartbeats: which node answered, behind a load balancer. */
  nodeId: string;
  bus: ClusterBus;
  metrics: Metrics;
  /** Bearer token for /metrics; unset: /metrics does not exist. */
  metricsToken: string | undefined;
  /** Each translation engine's self-check (shown in /api/ready's detail; it does not make the node unready). */
  translationChecks?: () => { engine: string; checking: string[]; failed: string[]; passed: number }[];
  /** True once shutdown began: the load balancer must stop sending requests here. */
  draining: () => boolean;
}

/**
 * For load balancers and monitoring: /api/health (the process answers), /api/ready (it can
 * serve: database and Redis reachable, migrations done — they run before listen — not draining),
 * /metrics (Prometheus, behind a bearer token).
 */
export async function opsRoutes(app: FastifyInstance, deps: OpsRouteDeps): Promise<void> {
  app.get(API.health, async () => ({ ok: true, database: deps.databaseKind, node: deps.nodeId }));

  app.get('/api/ready', async (_request, reply) => {
    const [database, redis] = await Promise.all([
      sql`SELECT 1`.execute(deps.db).then(() => true, () => false),
      deps.bus.ping(),
    ]);
    const ready = database && redis && !deps.draining();
    // Directions still being checked wait for their verdict (messages stay pending): not a reason to refuse traffic.
    const translation = { selfCheck: deps.translationChecks?.() ?? [] };
    return reply.status(ready ? 200 : 503).send({ ready, database, redis, draining: deps.draining(), translation });
  });

  if (deps.metricsToken) {
    const expected = Buffer.from(`Bearer ${deps.metricsToken}`);
    app.get('/metrics', async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return reply.status(401).send({ error: { code: 'unauthenticated', message: 'Metrics need the bearer token' } });
      }
      return reply.type(deps.metrics.registry.contentType).send(await deps.metrics.registry.metrics());
    });
  }
}
