import type { FastifyInstance } from 'fastify';
import { isLanguageCode } from '@parley/common';
import type { AppDeps } from './appDeps.ts';
import type { RequireUser } from './auth/requireUser.ts';
import type { SessionEvents } from './auth/sessionEvents.ts';
import type { SessionWatch } from './auth/sessionWatch.ts';
import { CallMedia, CallService, callRoutes, callTranslator } from './calls/index.ts';
import { sendContext } from './chat/messageSender.ts';
import type { ChatTranslator, EventPublisher } from './chat/types.ts';
import type { ClusterBus } from './cluster/bus.ts';
import { redisSlots } from './cluster/slots.ts';
import type { Db } from './db/connect.ts';
import type { makeUpgradeGuard } from './http/upgrade.ts';
import { queueCallPush, type createPush } from './push/index.ts';
import type { TranslationService } from './translation/service.ts';
import { attachVoiceSocket, createVoiceDeps } from './voice/index.ts';
import { openSpeechModels } from './voice/neural/models.ts';

/**
 * The composition root's voice and calls (Talk and translated calls, issue 26): the speech engines (Whisper and Piper
 * from MODELS_DIR run in the neural translation engine's workers, or their own), the call service and its routes
 * (`wireVoiceAndCalls`), then the two WebSockets that stream audio, Talk's and a call's (`attachVoiceSockets`, once
 * the upgrade guard exists).
 */
export async function wireVoiceAndCalls(app: FastifyInstance, deps: AppDeps, o: {
  db: Db; events: EventPublisher; push: ReturnType<typeof createPush>; translation: TranslationService; requireUser: RequireUser;
}) {
  const { config } = deps;
  const speechModels = openSpeechModels(config.translation.neural, o.translation.router.engines);
  if (speechModels) app.addHook('onClose', speechModels.close);
  const voice = createVoiceDeps(config.voice, { translator: o.translation, logger: app.log, models: speechModels?.models });
  if (voice.missingPrograms.length) app.log.warn({ missing: voice.missingPrograms }, 'voice engines missing: run scripts/setup.sh');
  const calls = new CallService({
    // Real time on purpose (rings and keep-alives are wall-clock, not the tests' session clock).
    db: o.db, events: o.events, now: () => new Date(), timings: config.calls,
    recognises: (language) => isLanguageCode(language) && voice.stt.supports(language),
    speaks: (language) => isLanguageCode(language) && voice.tts.supports(language),
    warn: (err, message) => app.log.warn({ err }, message),
    // A ringing call and a missed one reach the callee's closed app as Web Push ("Incoming call", "Missed call").
    onRinging: (call) => void queueCallPush(o.push, o.db, { calleeId: call.callee.id, callerId: call.caller.id, roomId: call.roomId, callId: call.id, kind: 'incoming_call' })
      .catch((err: unknown) => app.log.warn({ err }, 'calls: ringing push not queued')),
    onMissed: (call) => void queueCallPush(o.push, o.db, { calleeId: call.callee.id, callerId: call.caller.id, roomId: call.roomId, callId: call.id, kind: 'missed_call' })
      .catch((err: unknown) => app.log.warn({ err }, 'calls: missed-call push not queued')),
  });
  await app.register(callRoutes, { calls, requireUser: o.requireUser });
  return { voice, calls };
}

/** Talk's voice socket and the calls' media socket, each authenticated by the same upgrade guard as the chat socket. */
export function attachVoiceSockets(app: FastifyInstance, deps: AppDeps, o: {
  db: Db; bus: ClusterBus; nodeId: string; guard: ReturnType<typeof makeUpgradeGuard>; sessionEvents: SessionEvents; sessionWatch: SessionWatch;
  chatTranslator: ChatTranslator; translation: TranslationService;
} & Awaited<ReturnType<typeof wireVoiceAndCalls>>): void {
  const { config } = deps;
  const authenticate = async (req: Parameters<typeof o.guard.authenticate>[0]) => {
    const session = await o.guard.authenticate(req);
    return session ? { userId: session.userId, sessionId: session.sessionId } : null;
  };
  const sessionHooks = {
    authenticate,
    isAllowedOrigin: (req: Parameters<typeof o.guard.isAllowedOrigin>[0]) => o.guard.isAllowedOrigin(req),
    onSessionEnded: (listener: (sessionId: string) => void) => o.sessionEvents.onEnded((sessionId) => listener(sessionId)),
    watchSession: (sessionId: string) => o.sessionWatch.watch(sessionId),
  };
  const voiceSocket = attachVoiceSocket(app.server, {
    ...sessionHooks,
    slots: o.bus.redis ? redisSlots(o.bus.redis, config.redisPrefix) : undefined,
    createSession: o.voice.createSession,
    logger: app.log,
  });
  app.addHook('onClose', async () => voiceSocket.close());

  const callMedia = new CallMedia({
    ...sessionHooks,
    db: o.db, calls: o.calls, bus: o.bus, nodeId: o.nodeId, stt: o.voice.stt, tts: o.voice.tts,
    stageTimeoutMs: config.voice.limits?.stageTimeoutMs ?? 30_000,
    translatorFor: async (roomId, speakerId) => callTranslator(o.chatTranslator, (text, candidates) => o.translation.detect(text, candidates), roomId,
      (await sendContext(o.db, roomId, speakerId)).relationship_context),
    timings: config.calls,
    warn: (err, message) => app.log.warn({ err }, message),
  });
  callMedia.attach(app.server);
  app.decorate('callMedia', callMedia);
  app.addHook('onClose', async () => {
    o.calls.close();
    await callMedia.close();
  });
}
