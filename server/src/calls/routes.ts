import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { acceptCallRequest, CALL_API, callParams, roomParams, startCallRequest, type CallCapabilities, type CallResponse, type CurrentCallResponse, type StartCallResponse } from '@parley/common';
import { currentUser, type RequireUser } from '../auth/requireUser.ts';
import type { CallService } from './service.ts';

/** The call routes (issue 26): thin; the state machine is CallService. */
export async function callRoutes(app: FastifyInstance, deps: { calls: CallService; requireUser: RequireUser }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { calls } = deps;
  app.addHook('onRequest', deps.requireUser);

  r.get(CALL_API.capabilities(':roomId'), { schema: { params: roomParams } }, async (request): Promise<CallCapabilities> =>
    calls.capabilities(currentUser(request).id, request.params.roomId));

  r.post(CALL_API.start, { schema: { body: startCallRequest } }, async (request, reply) => {
    const me = currentUser(request);
    const body: StartCallResponse = { call: await calls.start(me.id, me.sessionId, request.body.roomId) };
    return reply.status(201).send(body);
  });

  r.get(CALL_API.current, async (request): Promise<CurrentCallResponse> => ({ call: await calls.current(currentUser(request).id) }));

  r.post(CALL_API.accept(':callId'), { schema: { params: callParams, body: acceptCallRequest } }, async (request): Promise<CallResponse> => {
    const me = currentUser(request);
    return { call: await calls.accept(me.id, me.sessionId, request.params.callId, request.body.deviceId) };
  });

  r.post(CALL_API.decline(':callId'), { schema: { params: callParams } }, async (request): Promise<CallResponse> =>
    ({ call: await calls.decline(currentUser(request).id, request.params.callId) }));

  r.post(CALL_API.end(':callId'), { schema: { params: callParams } }, async (request): Promise<CallResponse> =>
    ({ call: await calls.end(currentUser(request).id, request.params.callId) }));
}
