import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { INTEGRATIONS_API, botParams, integrationSettingsBody, tokenParams, type IntegrationSettings } from '@parley/common';
import { changeIntegrations, deleteBot, integrationsEnabled, listAllBots, listAllTokens, revokeToken, type IntegrationDeps } from '../integrations/index.ts';
import { actorOf } from './requireAdmin.ts';

/** The console's Integrations tab (issue 35 item 6): every token and bot, revoke or delete any, the server-wide switch. */
export async function integrationConsoleRoutes(
  app: FastifyInstance,
  deps: IntegrationDeps & { requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void> },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: deps.requireAdmin };

  r.get(INTEGRATIONS_API.adminTokens, admin, async () => ({ tokens: await listAllTokens(deps.db) }));
  r.delete(`${INTEGRATIONS_API.adminTokens}/:id`, { ...admin, schema: { params: tokenParams } }, async (request, reply) => {
    await revokeToken(deps, actorOf(request), request.params.id, { operator: true });
    return reply.status(204).send();
  });
  r.get(INTEGRATIONS_API.adminBots, admin, async () => ({ bots: await listAllBots(deps.db) }));
  r.delete(`${INTEGRATIONS_API.adminBots}/:id`, { ...admin, schema: { params: botParams } }, async (request, reply) => {
    await deleteBot(deps, actorOf(request), request.params.id, null);
    return reply.status(204).send();
  });
  r.get(INTEGRATIONS_API.adminSettings, admin, async () => {
    const body: IntegrationSettings = { enabled: await integrationsEnabled(deps.db) };
    return body;
  });
  r.put(INTEGRATIONS_API.adminSettings, { ...admin, schema: { body: integrationSettingsBody } }, async (request) => {
    await changeIntegrations(deps, actorOf(request), request.body.enabled);
    const body: IntegrationSettings = { enabled: request.body.enabled };
    return body;
  });
}
