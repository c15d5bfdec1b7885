import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  WEBHOOK_API, WEBHOOK_LIMITS, createIncomingWebhookBody, createOutgoingWebhookBody, hookParams, hookPostBody, webhookIdParams, webhookParams,
  webhookRoomParams, type AdminWebhooksView,
} from '@parley/common';
import { currentUser, type RequireUser } from '../auth/requireUser.ts';
import { createRateLimit } from '../http/rateLimit.ts';
import { createIncoming, deleteIncoming, incomingViews, listIncoming, postThroughHook, rotateIncoming, type IncomingDeps } from './incoming.ts';
import { createOutgoing, deleteOutgoing, listOutgoing, outgoingViews, resumeOutgoing, type OutgoingDeps } from './outgoing.ts';

export interface WebhookRouteDeps {
  incoming: IncomingDeps;
  outgoing: OutgoingDeps;
  requireUser: RequireUser;
  /** The console's guard (admin/requireAdmin.ts, wired in app.ts). */
  requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  postsPerMinute?: number | undefined;
}

/** The Idempotency-Key header: a printable token of at most 200 characters, else ignored. */
const idempotencyKey = (request: FastifyRequest) => {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' && /^[\x21-\x7e]{1,200}$/.test(key) ? key : undefined;
};

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export async function webhookRoutes(app: FastifyInstance, deps: WebhookRouteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.incoming;
  const user = { onRequest: deps.requireUser };
  const admin = { onRequest: deps.requireAdmin };
  const who = (request: FastifyRequest) => ({ userId: currentUser(request).id, address: request.ip, origin: originOf(request) });
  const limit = createRateLimit({
    name: 'webhookPost', points: deps.postsPerMinute ?? WEBHOOK_LIMITS.postsPerMinute, durationSec: 60,
    tooMany: (s) => `This webhook is posting too fast. Try again in ${s} seconds.`,
  });

  // Public: the secret in the path is the credential (no session, so no cross-site rule: http/sameOrigin.ts).
  r.post(WEBHOOK_API.hook, { bodyLimit: WEBHOOK_LIMITS.bodyBytes, schema: { params: hookParams, body: hookPostBody } }, async (request, reply) => {
    const message = await postThroughHook({ ...deps.incoming, limit }, { ...request.params, ...request.body, idempotencyKey: idempotencyKey(request) });
    return reply.status(201).send({ id: message.id });
  });

  r.post(WEBHOOK_API.incoming, { ...user, schema: { params: webhookRoomParams, body: createIncomingWebhookBody } }, async (request, reply) =>
    reply.status(201).send(await createIncoming(deps.incoming, who(request), request.params.roomId, request.body.name)));
  r.get(WEBHOOK_API.incoming, { ...user, schema: { params: webhookRoomParams } }, async (request) =>
    ({ webhooks: await listIncoming(db, currentUser(request).id, request.params.roomId) }));
  r.delete(WEBHOOK_API.incomingOne, { ...user, schema: { params: webhookParams } }, async (request, reply) => {
    await deleteIncoming(deps.incoming, who(request), request.params.roomId, request.params.id);
    return reply.status(204).send();
  });
  r.post(WEBHOOK_API.incomingRotate, { ...user, schema: { params: webhookParams } }, async (request) =>
    rotateIncoming(deps.incoming, who(request), request.params.roomId, request.params.id));

  r.post(WEBHOOK_API.outgoing, { ...user, schema: { params: webhookRoomParams, body: createOutgoingWebhookBody } }, async (request, reply) =>
    reply.status(201).send(await createOutgoing(deps.outgoing, who(request), request.params.roomId, request.body)));
  r.get(WEBHOOK_API.outgoing, { ...user, schema: { params: webhookRoomParams } }, async (request) =>
    ({ webhooks: await listOutgoing(db, currentUser(request).id, request.params.roomId) }));
  r.delete(WEBHOOK_API.outgoingOne, { ...user, schema: { params: webhookParams } }, async (request, reply) => {
    await deleteOutgoing(deps.outgoing, who(request), request.params.roomId, request.params.id);
    return reply.status(204).send();
  });
  r.post(WEBHOOK_API.outgoingResume, { ...user, schema: { params: webhookParams } }, async (request, reply) => {
    await resumeOutgoing(deps.outgoing, who(request), request.params.roomId, request.params.id);
    return reply.status(204).send();
  });

  // The console: every webhook (room, owner, name or URL, last use, failures), delete any; server-wide subscriptions.
  r.get(WEBHOOK_API.adminList, admin, async () => {
    const [incoming, outgoing] = await Promise.all([incomingViews(db, (q) => q), outgoingViews(db, (q) => q)]);
    const ids = [...new Set([...incoming.map((w) => w.roomId), ...outgoing.flatMap((w) => (w.roomId ? [w.roomId] : []))])];
    const rooms = ids.length ? await db.selectFrom('chat_rooms').select(['id', 'name', 'kind']).where('id', 'in', ids).execute() : [];
    // A pair's conversation has no name of its own; the console shows that it is one, never its content.
    const nameOf = new Map(rooms.map((r) => [r.id, r.kind === 'group' ? r.name : '']));
    const body: AdminWebhooksView = {
      incoming: incoming.map((w) => ({ ...w, roomName: nameOf.get(w.roomId) ?? '' })),
      outgoing: outgoing.map((w) => ({ ...w, roomName: w.roomId ? nameOf.get(w.roomId) ?? '' : null })),
    };
    return body;
  });
  r.delete(WEBHOOK_API.adminIncoming, { ...admin, schema: { params: webhookIdParams } }, async (request, reply) => {
    await deleteIncoming(deps.incoming, who(request), undefined, request.params.id);
    return reply.status(204).send();
  });
  r.post(WEBHOOK_API.adminOutgoingCreate, { ...admin, schema: { body: createOutgoingWebhookBody } }, async (request, reply) =>
    reply.status(201).send(await createOutgoing(deps.outgoing, who(request), null, request.body)));
  r.delete(WEBHOOK_API.adminOutgoing, { ...admin, schema: { params: webhookIdParams } }, async (request, reply) => {
    await deleteOutgoing(deps.outgoing, who(request), undefined, request.params.id);
    return reply.status(204).send();
  });
  r.post(WEBHOOK_API.adminOutgoingResume, { ...admin, schema: { params: webhookIdParams } }, async (request, reply) => {
    await resumeOutgoing(deps.outgoing, who(request), undefined, request.params.id);
    return reply.status(204).send();
  });
}
