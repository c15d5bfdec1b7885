import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { muteBody, PUSH_API, pushSettingsBody, roomParams, pushSubscriptionBody, type MuteDuration, type MuteResponse, type PushKeyResponse, type PushSettingsResponse } from '@parley/common';
import { currentUser, type RequireUser } from '../auth/requireUser.ts';
import type { Db } from '../db/connect.ts';
import { AppError } from '../http/errors.ts';
import { deleteSubscription, pushSettings, saveSubscription, setHideText, setMute } from './subscriptions.ts';
import type { VapidKeys } from './vapid.ts';

export interface PushRouteDeps {
  db: Db;
  requireUser: RequireUser;
  vapid: () => VapidKeys | undefined;
  allowedOrigins: ReadonlySet<string>;
  now: () => Date;
  /**
   * A session subscribed a device for the first time, or a member muted or unmuted a room: the cached send contexts
   * (chat/sendContexts.ts) learn who has a push audience now (sends skip the push job while no device wants one).
   */
  onSubscribed: () => void;
}

/** Web push (issue 25 item 1): the public key, this device's subscription, settings, per-conversation mute. */
export async function pushRoutes(app: FastifyInstance, deps: PushRouteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  app.addHook('onRequest', deps.requireUser);

  r.get(PUSH_API.key, async (): Promise<PushKeyResponse> => {
    const keys = deps.vapid();
    if (!keys) throw new AppError(503, 'service_starting', 'Push is starting; try again in a moment', { 'retry-after': '2' });
    return { publicKey: keys.publicKey };
  });

  r.put(PUSH_API.subscription, { schema: { body: pushSubscriptionBody } }, async (request, reply) => {
    const { created } = await saveSubscription(db, currentUser(request), request.body, deps.allowedOrigins);
    if (created) deps.onSubscribed();
    return reply.status(204).send();
  });

  r.delete(PUSH_API.subscription, async (request, reply) => {
    await deleteSubscription(db, currentUser(request).sessionId);
    return reply.status(204).send();
  });

  r.get(PUSH_API.settings, async (request): Promise<PushSettingsResponse> => pushSettings(db, currentUser(request)));

  r.patch(PUSH_API.settings, { schema: { body: pushSettingsBody } }, async (request): Promise<PushSettingsResponse> => {
    const me = currentUser(request);
    await setHideText(db, me.id, request.body.hideText);
    return pushSettings(db, me);
  });

  // A mute changes who a send queues a push job for (the cached send contexts): forgotten, as for a subscription.
  const mute = async (userId: string, roomId: string, duration: MuteDuration | null, mentions?: boolean): Promise<MuteResponse> => {
    const muted = await setMute(db, userId, roomId, duration, deps.now(), mentions);
    deps.onSubscribed();
    return muted;
  };
  r.put(PUSH_API.mute, { schema: { params: roomParams, body: muteBody } }, async (request): Promise<MuteResponse> =>
    mute(currentUser(request).id, request.params.roomId, request.body.duration, request.body.mentions));

  r.delete(PUSH_API.mute, { schema: { params: roomParams } }, async (request): Promise<MuteResponse> =>
    mute(currentUser(request).id, request.params.roomId, null));
}
