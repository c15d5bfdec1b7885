import http from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { isConnectionLoss } from './db/availability.ts';
import { connectDb, migrate, type DbHandle } from './db/connect.ts';
import { prepareJobQueue } from './db/jobQueue.ts';
import { probePostgres, probeRedis, wrongPostgres, wrongRedis } from './ops/dependencies.ts';
import { describe, Startup, StartupError } from './ops/startup.ts';

/**
 * Last-resort logging. A rejected promise nobody awaited is a bug to fix, not a reason to stop
 * serving everyone: log it and keep going. An uncaught exception leaves the process in an
 * unknown state (Node's guidance), so log it with its origin and exit; the supervisor restarts.
 */
process.on('unhandledRejection', (reason, promise) => {
  console.error('unhandledRejection (the process keeps running):', reason, { promise: String(promise) });
});
process.on('uncaughtException', (err, origin) => {
  console.error(`uncaughtException (${origin}); exiting:`, err);
  process.exit(1);
});

/**
 * Composition root: config -> listen at once -> start-up steps (ops/startup.ts: database,
 * migrations, Redis, app, job queue; each waits as long as it takes) -> the app takes requests.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const quiet = config.logLevel === 'warn' || config.logLevel === 'error' || config.logLevel === 'fatal' || config.logLevel === 'silent';
  const startup = new Startup(['database', 'migrations', ...(config.redisUrl ? ['redis'] : []), 'app', 'jobQueue'], {
    info: (message) => void (quiet || console.log(`${new Date().toISOString()} ${message}`)),
    warn: (message) => void (config.logLevel === 'silent' || console.warn(`${new Date().toISOString()} ${message}`)),
  });
  // Listen before anything else: the load balancer sees a node that is starting (/api/ready 503).
  const server = http.createServer(startup.handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: config.port, host: config.host }, () => (server.off('error', reject), resolve()));
  });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl ?? `http://${shownHost}:${port}`;
  console.log(`Parley is starting at ${url}`);

  let database: DbHandle | undefined;
  let app: FastifyInstance | undefined;
  let appHandler: ((req: http.IncomingMessage, res: http.ServerResponse) => void) | undefined;
  try {
    const databaseUrl = config.databaseUrl;
    database = await startup.run('database', async () => {
      if (databaseUrl) await probePostgres(databaseUrl);
      return connectDb({ databaseUrl, pgliteDir: path.join(config.dataDir, 'pgdata'), reopenAfterCreate: true, migrate: false });
    }, wrongPostgres);
    const db = database;
    await startup.run('migrations', () => migrate(db.db), (err) => (isConnectionLoss(err) || isConnectionLoss((err as Error).cause) ? undefined : describe(err)));
    const redisUrl = config.redisUrl;
    if (redisUrl) await startup.run('redis', () => probeRedis(redisUrl), wrongRedis);
    app = await startup.run('app', async () => {
      const built = await buildApp({
        config, database: db, deferJobStart: true,
        serverFactory: (handler) => ((appHandler = handler), server),
      });
      await built.ready();
      return built;
    }, (err) => `the app could not be built: ${describe(err)}`);
    await startup.run('jobQueue', () => prepareJobQueue(db), (err) => (isConnectionLoss(err) ? undefined : describe(err)));
    await app.startJobs();
  } catch (err) {
    console.error(`Parley could not start: ${err instanceof StartupError ? err.message : describe(err)}`);
    if (!(err instanceof StartupError)) console.error(err);
    process.exit(1);
  }
  if (!appHandler) throw new Error('Fastify did not hand over its request handler');
  server.off('request', startup.handle);
  server.on('request', appHandler);
  console.log(`Parley is running at ${url} (database: ${database.kind})`);

  // Drain: sockets get 1012 (reconnect), the listener stops, requests in flight finish,
  // translation jobs finish or are handed back to the database, then the database closes.
  const readyApp = app;
  const readyDb = database;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      readyApp.log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    readyApp.log.info(`${signal}: draining`);
    const force = setTimeout(() => {
      readyApp.log.error('drain took too long: exiting');
      process.exit(1);
    }, 30_000);
    force.unref();
    try {
      // The listener stops (requests in flight finish), then the app drains and the database closes.
      server.close();
      await readyApp.close();
      await readyDb.close();
    } catch (err) {
      readyApp.log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

await main();
