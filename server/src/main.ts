import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { connectDb } from './db/connect.ts';

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

/** Composition root: config -> database -> app -> listen. */
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
  const database = await connectDb({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pgdata'),
    reopenAfterCreate: true,
  });
  const app = await buildApp({ config, database });
  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`Parley is running at ${config.publicUrl ?? `http://${shownHost}:${port}`} (database: ${database.kind})`);

  // Drain: sockets get 1012 (reconnect), the listener stops, requests in flight finish,
  // translation jobs finish or are handed back to the database, then the database closes.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      app.log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    app.log.info(`${signal}: draining`);
    const force = setTimeout(() => {
      app.log.error('drain took too long: exiting');
      process.exit(1);
    }, 30_000);
    force.unref();
    try {
      await app.close();
      await database.close();
    } catch (err) {
      app.log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

await main();
