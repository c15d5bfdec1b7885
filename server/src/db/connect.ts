import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema.ts';
import { migrations } from './migrations/index.ts';

export type Db = Kysely<Database>;

export interface DbOptions {
  /** postgres://... switches to a PostgreSQL server; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PostgreSQL server connections (default 20). */
  poolSize?: number | undefined;
  /** Directory of the embedded database; undefined means in memory (tests). */
  pgliteDir?: string | undefined;
}

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export async function connectDb(options: DbOptions): Promise<DbHandle> {
  let handle: DbHandle;
  if (options.databaseUrl) {
    // Without a connect timeout a request would wait forever while the database is down.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 20, connectionTimeoutMillis: 5_000 });
    // A connection the server drops (restart, failover, pg_terminate_backend) emits 'error' on its
    // client. The pool listens only while a client is idle; a client checked out for a query has
    // no listener, and an unheard 'error' event ends the process. So every client gets one for
    // life: the query in flight fails on its own (answered 503 or retried), and the pool discards
    // the broken client when it is released.
    pool.on('connect', (client) => {
      client.on('error', (err) => console.warn(`PostgreSQL connection lost during a query: ${err.message}`));
    });
    pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    handle = { db, kind: 'postgres', close: () => db.destroy() };
  } else {
    if (options.pgliteDir) mkdirSync(path.dirname(options.pgliteDir), { recursive: true });
    const client = options.pgliteDir ? new PGlite(options.pgliteDir) : new PGlite();
    await client.waitReady;
    const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
    handle = {
      db,
      kind: 'pglite',
      close: async () => {
        await db.destroy();
        if (!client.closed) await client.close();
      },
    };
  }
  await migrate(handle.db);
  return handle;
}

export async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}
