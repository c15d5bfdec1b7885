import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { INTEGRATIONS_API, botParams, createBotBody, createTokenBody, tokenParams } from '@parley/common';
import { currentUser, type RequireUser } from '../auth/requireUser.ts';
import { AppError } from '../http/errors.ts';
import { createBot, deleteBot, listBots, ownedBot } from './bots.ts';
import { integrationsEnabled } from './settings.ts';
import { createToken, listTokens, revokeToken } from './tokens.ts';
import type { IntegrationDeps } from './types.ts';

export interface IntegrationRouteDeps extends IntegrationDeps {
  requireUser: RequireUser;
}

const actor = (request: FastifyRequest) => {
  const user = currentUser(request);
  return { id: user.id, email: user.email, address: request.ip };
};

/**
 * Profile -> API tokens and Bots. Only a signed-in session reaches these (requireUser refuses tokens here:
 * a token never makes tokens). A bot cannot own bots.
 */
export async function integrationRoutes(app: FastifyInstance, deps: IntegrationRouteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: deps.requireUser };
  const refuseWhenOff = async () => {
    if (!(await integrationsEnabled(deps.db))) throw new AppError(403, 'integrations_disabled', 'Integrations are turned off on this server');
  };

  r.get(INTEGRATIONS_API.tokens, auth, async (request) => ({ tokens: await listTokens(deps.db, currentUser(request).id) }));

  r.post(INTEGRATIONS_API.tokens, { ...auth, schema: { body: createTokenBody } }, async (request, reply) => {
    await refuseWhenOff();
    const me = actor(request);
    return reply.status(201).send(await createToken(deps, me, me.id, request.body));
  });

  r.delete(`${INTEGRATIONS_API.tokens}/:id`, { ...auth, schema: { params: tokenParams } }, async (request, reply) => {
    const me = actor(request);
    await revokeToken(deps, me, request.params.id, { makerId: me.id, userId: me.id });
    return reply.status(204).send();
  });

  r.get(INTEGRATIONS_API.bots, auth, async (request) => ({ bots: await listBots(deps.db, currentUser(request).id) }));

  r.post(INTEGRATIONS_API.bots, { ...auth, schema: { body: createBotBody } }, async (request, reply) => {
    await refuseWhenOff();
    return reply.status(201).send(await createBot(deps, actor(request), request.body));
  });

  r.delete(`${INTEGRATIONS_API.bots}/:id`, { ...auth, schema: { params: botParams } }, async (request, reply) => {
    const me = actor(request);
    await deleteBot(deps, me, request.params.id, me.id);
    return reply.status(204).send();
  });

  r.post(`${INTEGRATIONS_API.bots}/:id/tokens`, { ...auth, schema: { params: botParams, body: createTokenBody } }, async (request, reply) => {
    await refuseWhenOff();
    const me = actor(request);
    const bot = await ownedBot(deps.db, request.params.id, me.id);
    return reply.status(201).send(await createToken(deps, me, bot.id, request.body));
  });

  r.delete(`${INTEGRATIONS_API.bots}/:id/tokens/:tokenId`, { ...auth, schema: { params: botParams.extend({ tokenId: tokenParams.shape.id }) } }, async (request, reply) => {
    const me = actor(request);
    const bot = await ownedBot(deps.db, request.params.id, me.id);
    await revokeToken(deps, me, request.params.tokenId, { makerId: me.id, userId: bot.id });
    return reply.status(204).send();
  });
}
