/**
 * The operators' command line: `npm run admin -- <command>`, or on a cluster node
 * `node --import tsx server/src/admin/cli.ts <command>`. Works on the configured database; in cluster mode
 * (REDIS_URL) a disable also closes the account's sockets on every running node at once.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { connectRedisBus, type ClusterBus } from '../cluster/bus.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { connectDb, type DbHandle } from '../db/connect.ts';
import { AppError } from '../http/errors.ts';
import { COMMANDS, runCommand, USAGE, UsageError, type Flags } from './commands.ts';

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' }, admin: { type: 'boolean' }, yes: { type: 'boolean' },
        'never-expires': { type: 'boolean' }, email: { type: 'string' }, username: { type: 'string' }, password: { type: 'string' },
        search: { type: 'string' }, filter: { type: 'string' }, limit: { type: 'string' }, uses: { type: 'string' },
        'expires-hours': { type: 'string' }, action: { type: 'string' },
      },
    });
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const [command, ...args] = parsed.positionals;
  const json = parsed.values.json === true;
  if (!command || parsed.values.help || command === 'help') {
    (command ? console.log : console.error)(USAGE);
    return command ? 0 : 2;
  }
  if (!(COMMANDS as readonly string[]).includes(command)) {
    console.error(`Unknown command: ${command}\n\n${USAGE}`);
    return 2;
  }

  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 3;
    }
    throw err;
  }
  let database: DbHandle | undefined;
  let bus: ClusterBus | undefined;
  try {
    database = await connectDb({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pgdata'), poolSize: 2 });
    if (config.redisUrl) bus = await connectRedisBus(config.redisUrl, config.redisPrefix, { warn: () => {} });
  } catch (err) {
    console.error(`Cannot open the database: ${(err as Error).message}`);
    await database?.close();
    return 3;
  }
  try {
    const result = await runCommand(
      {
        db: database.db,
        now: () => new Date(),
        // The nodes close these sessions' sockets and forget them at once (without Redis: at their next check).
        endSessions: (ids) => ids.forEach((sessionId) => bus?.send({ kind: 'session.ended', sessionId, reason: 'signed_out' })),
        userChanged: (userId) => bus?.send({ kind: 'session.user_changed', userId }),
        publicUrl: config.publicUrl,
        registrationDefault: config.operators.registration,
      },
      command,
      args,
      parsed.values as Flags,
    );
    console.log(json ? JSON.stringify(result.data, null, 2) : result.text);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`${err.message}\n\n${USAGE}`);
      return 2;
    }
    if (err instanceof AppError) {
      console.error(json ? JSON.stringify({ error: { code: err.code, message: err.message } }) : err.message);
      return 1;
    }
    console.error(`Failed: ${(err as Error).message}`);
    return 3;
  } finally {
    // Published messages leave before the connection closes (quit waits for pending commands).
    await bus?.close();
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
