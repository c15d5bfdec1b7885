import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { LIMITS } from '@parley/common';
import { AuthRateLimiter, DEFAULT_AUTH_LIMITS } from './auth/rateLimits.ts';
import { makeRequireUser, sessionCookieName } from './auth/requireUser.ts';
import { bearerTokens, integrationRoutes, integrationsEnabled } from './integrations/index.ts';
import { authRoutes } from './auth/routes.ts';
import { accountRoutes } from './auth/accountRoutes.ts';
import { securityRoutes } from './auth/securityRoutes.ts';
import { OidcProvider } from './auth/oidc/provider.ts';
import { oidcRoutes } from './auth/oidc/routes.ts';
import { DEFAULT_MAIL_LIMITS, MailRateLimiter } from './auth/mailLimits.ts';
import { createAfterReply } from './auth/afterReply.ts';
import { createSessionEvents } from './auth/sessionEvents.ts';
import { SessionStore } from './auth/sessions.ts';
import { SessionWatch } from './auth/sessionWatch.ts';
import { installErrorHandler } from './http/errors.ts';
import { serveWebApp } from './http/webApp.ts';
import { installJsonBodyParser, parseQueryString } from './http/textInput.ts';
import { installSecurityHeaders } from './http/securityHeaders.ts';
import { installNoStore } from './http/noStore.ts';
import { installReadRetry } from './http/readRetry.ts';
import { installSameOriginCheck } from './http/sameOrigin.ts';
import { installOpenApi } from './http/openapi.ts';
import { makeSignedInPage } from './webPage.ts';
import { chatRoutes } from './chat/routes.ts';
import { followLanguageChange } from './chat/retarget.ts';
import { TranslationJobs } from './chat/translationJobs.ts';
import { createJobQueue } from './db/jobQueue.ts';
import { NodeHeartbeats } from './db/nodeHeartbeats.ts';
import { retryEngineFailures } from './chat/engineRecovery.ts';
import { SendContexts } from './chat/sendContexts.ts';
import type { EventPublisher } from './chat/types.ts';
import { makeUpgradeGuard } from './http/upgrade.ts';
import { profileRoutes } from './profiles/routes.ts';
import { getProfile } from './profiles/service.ts';
import { RealtimeHub } from './realtime/hub.ts';
import { speechRoutes } from './speech/routes.ts';
import { translationRoutes } from './translation/routes.ts';
import { createOcrEngines } from './scan/deps.ts';
import { scanRoutes } from './scan/routes.ts';
import { createScanService } from './scan/service.ts';
import { voiceRoutes } from './voice/index.ts';
import { attachRealtimeSocket } from './realtime/socket.ts';
import { relayTyping } from './chat/typing.ts';
import { receiptsSettingAudience } from './chat/receipts.ts';
import { mediaRoutes } from './media/routes.ts';
import { createMediaService } from './media/service.ts';
import { createDocumentService, DocumentJobs, documentRoutes } from './media/documents/index.ts';
import { sendMessage } from './chat/messageSender.ts';
import { DbStorage, storageRoutes } from './storage/dbStorage.ts';
import { LINK_PREVIEW_IMAGE_BUCKET } from './linkPreviews/index.ts';
import { wireLinkPreviews } from './appLinkPreviews.ts';
import { clusterSessionEvents, connectRedisBus, localBus } from './cluster/bus.ts';
import { throttle } from './cluster/throttle.ts';
import { shareRateLimitsIn } from './http/rateLimit.ts';
import { createMetrics } from './ops/metrics.ts';
import { opsRoutes } from './ops/routes.ts';
import { ClusterEvents } from './realtime/clusterEvents.ts';
import { Mailer } from './mail/mailer.ts';
import { operatorAuthHooks } from './admin/authHooks.ts';
import { pruneAudit, recordAudit } from './admin/audit.ts';
import { Schedules } from './db/schedules.ts';
import { adminRoutes } from './admin/routes.ts';
import { safetyRoutes } from './safety/routes.ts';
import { accountDataRoutes } from './account/routes.ts';
import { createPush, pushRoutes } from './push/index.ts';
import { EventLog } from './events/index.ts';

import type { AppDeps } from './appDeps.ts';
import { wireTranslation } from './appTranslation.ts';
import { wireWebhooks } from './appWebhooks.ts';
import { attachVoiceSockets, wireVoiceAndCalls } from './appCalls.ts';
import { webhookRoutes } from './webhooks/index.ts';
import { makeRequireAdmin } from './admin/requireAdmin.ts';

export type { AppDeps };

/** Build the Fastify app (API + built web app). Used by main.ts and by the tests. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.logLevel },
    bodyLimit: 12 * 1024 * 1024,
    // Behind a load balancer: request.ip (rate limits, logs) is the client's, from X-Forwarded-For.
    trustProxy: config.trustProxy,
    routerOptions: { querystringParser: parseQueryString },
    ...(deps.serverFactory ? { serverFactory: deps.serverFactory } : {}),
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installReadRetry(app);
  installJsonBodyParser(app);
  installNoStore(app);

  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'media-src': ["'self'", 'blob:', 'data:'],
        'connect-src': ["'self'"],
        // Calls' voice activity detection compiles its WebAssembly (onnxruntime-web), served by the app itself.
        'script-src': ["'self'", "'wasm-unsafe-eval'"],
        // Only an https install can upgrade; on plain http (a LAN address) it would break every asset.
        'upgrade-insecure-requests': config.secureCookies ? [] : null,
      },
    },
    // The app is served over plain http on localhost by default; https is the operator's proxy.
    hsts: config.secureCookies,
  });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: LIMITS.avatarMaxBytes, files: 1, fields: 10 } });
  // Before any route: the document describes each route as it is added (GET /api/openapi.json, /api/docs).
  await installOpenApi(app, { cookieName: sessionCookieName(config.secureCookies), publicUrl: config.publicUrl, webDistDir: config.webDistDir });

  // Cluster mode (REDIS_URL): events, session ends, limits and job wake-ups go through Redis.
  const bus = config.redisUrl ? await connectRedisBus(config.redisUrl, config.redisPrefix, app.log) : localBus();
  app.addHook('onClose', async () => bus.close()); // last: jobs still publish while draining
  shareRateLimitsIn(bus.redis, config.redisPrefix);
  const serveUsers = config.role !== 'worker';

  // A session that ends on any node ends on every node (sockets closed, cache forgotten).
  const sessionEvents = clusterSessionEvents(createSessionEvents(), bus);
  const sessions = new SessionStore(db, { idleMs: config.sessionIdleMs, absoluteMs: config.sessionAbsoluteMs, now, events: sessionEvents });
  sessionEvents.onEnded((sessionId) => sessions.forget(sessionId));
  // A role change counts at once on every node (issue 32 item 9): cached sessions of the account are dropped.
  sessionEvents.onUserChanged((userId) => sessions.forgetUser(userId));
  const sessionWatch = new SessionWatch(sessions, {
    intervalMs: deps.sessionSweepMs ?? 30_000,
    onError: (err) => app.log.warn({ err }, 'session expiry check failed'),
  });
  app.decorate('sessionWatch', sessionWatch);
  app.addHook('onClose', async () => sessionWatch.close());
  const cookieName = sessionCookieName(config.secureCookies);
  installSameOriginCheck(app, config.publicUrl, cookieName);
  // Sessions, and API tokens (issue 35) under the integrations switch: one requireUser.
  const requireUser = makeRequireUser(sessions, cookieName, bearerTokens(db, now, (tx, entry) => recordAudit(tx, entry, now())));
  const storage = new DbStorage(db);
  if (config.role !== 'web') {
    const moved = await storage.importFromDisk(path.join(config.dataDir, 'storage'));
    if (moved) app.log.info(`moved ${moved} stored files from disk into the database`);
  }
  const { translation, translationSettings, usage, budget, chatTranslator } = wireTranslation(app, deps, now);
  const hub = new RealtimeHub();
  app.decorate('realtimeHub', hub);
  const events: EventPublisher = bus.redis ? new ClusterEvents(hub, bus) : hub;

  // Registered after translation's onClose: onClose hooks run last-in first-out, so the jobs
  // drain while the engines are still up. queueDepth reads `jobs` only when scraped.
  const translationChecks = () => translation.router.checkState();
  const metrics = createMetrics({ openSockets: () => hub.size, queueDepth: () => jobs.depth(), translationChecks });
  const leaseMs = deps.translationJobs?.leaseMs ?? config.translationLeaseMs;
  const boss = createJobQueue(deps.database, {
    supervise: config.role !== 'web',
    maintenanceIntervalSeconds: Math.max(1, Math.ceil(leaseMs / 3_000)),
    onError: (err) => app.log.warn({ err }, 'job queue maintenance failed'),
    cronMonitorIntervalSeconds: deps.schedules?.cronMonitorIntervalSeconds,
  });
  // Jobs of a node that died go back to the queue when its heartbeat stops, not when their lease
  // runs out. Without Redis this is the database's only node: at start every earlier one is dead.
  const heartbeats = new NodeHeartbeats({
    db, boss, intervalMs: deps.heartbeat?.intervalMs ?? config.nodeHeartbeatMs, alone: deps.heartbeat?.alone ?? (!config.redisUrl && config.role === 'all'),
    warn: (err, message) => app.log.warn({ err }, message),
    onRecovered: (node, jobIds) => app.log.warn({ node, jobs: jobIds.length }, 'a node stopped sending heartbeats: its jobs went back to the queue'),
  });
  app.decorate('nodeHeartbeats', heartbeats);
  const jobs = new TranslationJobs({
    db, log: app.log, events,
    // Maintenance (which expires attempts of dead processes) runs on worker nodes, often enough
    // that a job comes back within about 1.3 x TRANSLATION_LEASE_SECONDS.
    boss,
    translator: chatTranslator,
    // A direction the engines are still checking at start-up: its messages wait instead of failing.
    isDirectionBeingChecked: (source, target) => translation.isDirectionBeingChecked(source, target),
    budget,
    exclusive: deps.database.kind === 'pglite',
    leaseMs,
    drainMs: config.shutdownDrainMs,
    takesWork: config.role !== 'web',
    wakeOthers: bus.redis ? throttle(() => bus.send({ kind: 'jobs.wake' }), 100) : undefined,
    observe: {
      outcome: (outcome) => metrics.jobs.inc({ outcome }),
      engine: (seconds, ok) => metrics.engineSeconds.observe({ ok: String(ok) }, seconds),
    },
    ...deps.translationJobs,
  });
  app.decorate('translationJobs', jobs);
  // Documents (issue 36): reading a file's text (OCR for scanned pages) and translating it, on their own queue.
  const ocrEngines = createOcrEngines(config.scan);
  const documentJobs = new DocumentJobs({ db, boss, log: app.log, translator: chatTranslator, ocrEngines, budget, takesWork: config.role !== 'web' });
  app.addHook('onClose', async () => documentJobs.stop());
  const startJobs = async () => {
    await jobs.start();
    await documentJobs.start();
    await heartbeats.start();
    await mailer?.start();
    await push.start();
    await webhooks.start();
    await linkPreviews.jobs.start();
    await schedules.start();
  };
  app.decorate('startJobs', startJobs);
  if (!deps.deferJobStart) app.addHook('onReady', startJobs);
  // Last-in first-out: the heartbeat stops (and its row goes) after the jobs drained.
  app.addHook('onClose', async () => heartbeats.stop());
  // Messages that failed while an engine was down are translated again, by themselves, once it is back.
  const unsubscribeRecovery = translation.router.onRecovered((engine, downSince) => {
    retryEngineFailures({ db, jobs, events }, downSince).then(
      (n) => n && app.log.info({ engine, messages: n }, 'translation engine is back: retrying what failed meanwhile'),
      (err: unknown) => app.log.warn({ err, engine }, 'could not retry translations that failed while an engine was down'),
    );
  });
  app.addHook('onClose', async () => unsubscribeRecovery());
  app.addHook('onClose', async () => jobs.drain());
  // Web push rides the same pg-boss: stopped before it.
  const push = createPush({ db, boss, log: app.log, config, redis: bus.redis, node: bus.node, tuning: deps.push });
  app.decorate('push', push);
  app.addHook('onClose', async () => push.stop());
  // Every change records its domain events through this log; each consumer is a required field (events/log.ts).
  // Outgoing webhooks are its second consumer; incoming ones post through chat's send (appWebhooks.ts).
  const webhooks = wireWebhooks(app, {
    db, boss, bus, events, config, now, chatTranslator, integrationsAllowed: deps.integrationsAllowed ?? (() => integrationsEnabled(db)), tuning: deps.webhooks,
    send: (input) => sendMessage({ db, jobs, events, contexts, budget, eventLog, away: push.away }, input),
  });
  // Link previews (issue 36 item 3): a send with a link gets its card after the commit (appLinkPreviews.ts).
  const linkPreviews = wireLinkPreviews(app, deps, { db, boss, storage, events, translator: chatTranslator, budget, now });
  const eventLog = new EventLog(boss, { push: push.consumer, webhooks: webhooks.consumer, linkPreviews: linkPreviews.jobs.consumer() });
  app.decorate('eventLog', eventLog);
  // Mail rides the same pg-boss: started after it, stopped before it (onClose runs last-in first-out).
  const mailer = config.mail
    ? new Mailer({ ...config.mail, ...deps.mail, db, boss, log: app.log, takesWork: config.role !== 'web' })
    : undefined;
  app.decorate('mailer', mailer);
  if (mailer) app.addHook('onClose', async () => mailer.stop());
  // Cluster-wide housekeeping, once per slot for the whole cluster (pg-boss schedule), not a timer per node.
  const schedules = new Schedules({
    boss, log: app.log, takesWork: config.role !== 'web', pollMs: deps.schedules?.pollMs,
    tasks: [
      { name: 'prune-sessions', cron: '7 * * * *', run: () => sessions.prune() },
      // Pending translations whose job was lost get a new one (chat/translationOutbox.ts).
      { name: 'sweep-translations', cron: '* * * * *', run: async () => jobs.sweep().catch((err: unknown) => app.log.warn({ err }, 'translation outbox sweep failed')) },
      // The audit log keeps AUDIT_RETENTION_DAYS.
      { name: 'prune-audit', cron: '17 3,15 * * *', run: () => pruneAudit(db, config.operators.auditRetentionDays, now()) },
      ...(deps.schedules?.tasks ?? []),
    ],
  });
  app.addHook('onClose', async () => schedules.stop());
  bus.onMessage((m, fromSelf) => {
    if (m.kind === 'jobs.wake' && !fromSelf) jobs.kick();
  });
  // Send contexts are cached per node: a change on any node empties every node's cache.
  const contexts = new SendContexts(db, { onChanged: () => bus.send({ kind: 'contexts.changed' }), now: () => now().getTime() });
  bus.onMessage((m, fromSelf) => {
    if (m.kind === 'contexts.changed' && !fromSelf) contexts.clear();
  });
  // Events published while Redis was away are lost: clients reconnect and resume with ?resume
  // (and a context change may have been missed).
  bus.onResubscribed(() => {
    contexts.clear();
    hub.closeAll(1012, 'reconnect');
  });

  let draining = false;
  app.addHook('preClose', async () => void (draining = true));
  await app.register(opsRoutes, { db, nodeId: heartbeats.nodeId, databaseKind: deps.database.kind, bus, metrics, metricsToken: config.metricsToken, draining: () => draining, translationChecks });
  if (serveUsers) await registerUserRoutes();

  async function registerUserRoutes() {
    const afterReply = createAfterReply((err) => app.log.warn({ err }, 'a mailed-link request failed after its answer'));
    app.addHook('onClose', async () => afterReply.drain());
    const authHooks = operatorAuthHooks({ db, now, ...config.operators, roleChanged: (userId) => sessionEvents.userChanged(userId) });
    const oidc = config.oidc ? new OidcProvider(config.oidc, (err, message) => app.log.warn({ err }, message)) : undefined;
    const limiter = new AuthRateLimiter(deps.authLimits ?? { ...DEFAULT_AUTH_LIMITS, signUpPerAddress: config.signUpsPerAddress, signInPerAddress: config.signInsPerAddress });
    const profileOf = (userId: string) => getProfile(db, userId);
    const requireAdmin = makeRequireAdmin(db, requireUser);
    await app.register(authRoutes, {
      db, profileOf, sessions, limiter, requireUser, cookieName, now,
      secureCookies: config.secureCookies,
      emailConfirmation: config.emailConfirmation,
      mailer, publicUrl: config.publicUrl, mailEveryMs: config.mailIntervalMs,
      hooks: authHooks,
      passwordsDisabled: config.oidc?.only ?? false,
    });
    if (oidc) {
      await app.register(oidcRoutes, { db, provider: oidc, sessions, cookieName, secureCookies: config.secureCookies, publicUrl: config.publicUrl, now, hooks: authHooks, mailer });
    }
    await app.register(accountRoutes, {
      db, profileOf, sessions, now, mailer, cookieName, hooks: authHooks,
      publicUrl: config.publicUrl,
      secureCookies: config.secureCookies,
      mailLimiter: new MailRateLimiter(deps.mailLimits ?? DEFAULT_MAIL_LIMITS),
      afterReply: deps.afterReply ?? afterReply.run,
      mailEveryMs: config.mailIntervalMs,
    });
    await app.register(securityRoutes, { db, sessions, requireUser, now, idleMs: config.sessionIdleMs, mailer, publicUrl: config.publicUrl });
    await app.register(profileRoutes, {
      db, storage, requireUser, now,
      onProfileChanged: () => contexts.changed(),
      // What the reader received is re-queued as translation jobs into the new language.
      onLanguageChanged: (userId, language) =>
        followLanguageChange({ db, events, jobs, warn: (err) => app.log.warn({ err }, 'could not re-translate for a new language') }, userId, language),
      // Open conversations reload the read marks: "Seen" appears or goes at once, both ways.
      onReadReceiptsChanged: async (userId) => events.publish(await receiptsSettingAudience(db, userId), { v: 1, type: 'read.receipts_changed', userId }),
    });
    await app.register(translationRoutes, { service: translation, requireUser, budget });
    const scan = createScanService({ ocrEngines, translator: translation, logger: app.log });
    await app.register(scanRoutes, { service: scan, requireUser, budget });
    await app.register(chatRoutes, {
      db, requireUser, jobs, translator: chatTranslator, events, contexts, budget,
      sendsPer10s: deps.sendsPer10s ?? config.chatSendsPer10s, previewsPer10s: deps.previewsPer10s,
      onMessageStored: () => metrics.messages.inc(),
      eventLog, away: push.away,
      now,
    });
    const { voice, calls } = await wireVoiceAndCalls(app, deps, { db, events, push, translation, requireUser });
    await app.register(safetyRoutes, { db, requireUser, eventLog, onBlocked: (blockerId, blockedId) => void calls.endBetween(blockerId, blockedId).catch((err: unknown) => app.log.warn({ err }, 'calls: ending a blocked pair\'s call failed')) });
    await app.register(accountDataRoutes, {
      db, requireUser, now, cookieName, secureCookies: config.secureCookies, events, contexts,
      endSessions: (ids) => ids.forEach((id) => sessionEvents.ended(id, 'signed_out')),
      audit: (tx, entry) => recordAudit(tx, {
        action: 'account.deleted', actor: { id: entry.userId, email: entry.email, address: null },
        target: { id: null, email: entry.email }, details: { eraseMessages: entry.eraseMessages },
      }, now()),
    });
    await app.register(integrationRoutes, {
      db, requireUser, now, events, contexts,
      endSessions: (ids) => ids.forEach((id) => sessionEvents.ended(id, 'signed_out')),
      audit: (tx, entry) => recordAudit(tx, entry, now()),
    });
    await app.register(webhookRoutes, { incoming: webhooks.incoming, outgoing: webhooks.outgoing, requireUser, requireAdmin, postsPerMinute: deps.webhooks?.postsPerMinute });
    await linkPreviews.registerRoutes(requireUser, requireAdmin);
    await app.register(pushRoutes, { db, requireUser, vapid: push.vapid, allowedOrigins: push.allowedOrigins, now, onSubscribed: () => contexts.changed() });

    const guard = makeUpgradeGuard(sessions, cookieName, config.publicUrl);
    const realtime = attachRealtimeSocket(app.server, {
      hub, guard, sessionEvents, sessionWatch,
      onTyping: (roomId, userId) => relayTyping(db, events, roomId, userId),
      viewing: push.viewing,
    });
    // Shutdown: tell clients to reconnect (to another node, or to this one once it is back).
    app.addHook('preClose', async () => realtime.closeForRestart());
    app.addHook('onClose', async () => realtime.close());

    await app.register(speechRoutes, { db, requireUser, tts: voice.tts, budget });
    // Photos and voice in a conversation: Scan's OCR and Talk's recogniser, then chat's send.
    const media = createMediaService({ db, ocrEngines, stt: voice.stt, send: (input) => sendMessage({ db, jobs, events, budget, eventLog, away: push.away }, input), logger: app.log });
    await app.register(mediaRoutes, { db, requireUser, media, budget, onMessageStored: () => metrics.messages.inc() });
    const documents = createDocumentService({ db, jobs: documentJobs, send: (input) => sendMessage({ db, jobs, events, budget, eventLog, away: push.away }, input) });
    await app.register(documentRoutes, { requireUser, documents, budget, maxBytes: config.fileMaxBytes, onMessageStored: () => metrics.messages.inc() });
    await app.register(voiceRoutes, { capabilities: voice.capabilities, requireUser });
    await app.register(adminRoutes, {
      db, now, requireUser,
      // A disabled or deleted account's sessions end on every node: sockets closed, caches forgotten.
      endSessions: (ids) => ids.forEach((id) => sessionEvents.ended(id, 'signed_out')),
      userChanged: (userId) => sessionEvents.userChanged(userId),
      events, contexts,
      publicUrl: config.publicUrl, mailer,
      registration: config.operators.registration,
      signUpRevealsAccounts: !(config.emailConfirmation && mailer),
      signupEmailDomains: config.operators.signupEmailDomains,
      oidc: config.oidc ? { name: config.oidc.name, only: config.oidc.only } : null,
      translation: { translation, settings: translationSettings, usage },
      status: {
        databaseKind: deps.database.kind, bus,
        engines: () => translation.router.engines.map((e) => e.id),
        pairs: () => translation.pairs(),
        voice: voice.capabilities,
      },
    });
    attachVoiceSockets(app, deps, { db, bus, nodeId: heartbeats.nodeId, guard, sessionEvents, sessionWatch, chatTranslator, translation, voice, calls });
  }

  if (serveUsers) {
    storageRoutes(app, storage, [LINK_PREVIEW_IMAGE_BUCKET]);
    serveWebApp(app, config.webDistDir, makeSignedInPage(config.webDistDir, { db, sessions, cookieName, log: app.log }), cookieName);
  }

  return app;
}
