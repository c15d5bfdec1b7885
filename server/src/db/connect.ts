import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { CompiledQuery, Kysely, Migrator, PostgresDialect } from 'kysely';
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
  /** Reopen PGlite after creating a new cluster, to give back initdb's memory (start-up only, not tests). */
  reopenAfterCreate?: boolean | undefined;
  /** Apply the migrations before returning (default); main.ts runs them as a start-up step of their own. */
  migrate?: boolean | undefined;
}

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * SQL without parameters, possibly several statements (pg-boss's schema and maintenance
   * scripts, which carry their own BEGIN ... COMMIT), on one connection when its turn comes.
   * Returns the last statement's rows. A script that fails is rolled back on that connection.
   */
  runScript(text: string): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

/**
 * A connection the server drops (restart, failover, pg_terminate_backend) emits 'error' or 'end'
 * on its client. The pool listens only while a client is idle; a client checked out for a query
 * has no listener, and an unheard 'error' event ends the process. So every client gets listeners
 * for life: the query in flight fails on its own (answered 503 or retried). And because Kysely
 * releases a client without an error even when its connection died under it, pg-pool would keep
 * that dead client and hand it to the next request: a client seen to lose its connection is
 * discarded when released.
 */
function discardingLostClients(pool: pg.Pool) {
  const lost = new WeakSet<pg.PoolClient>();
  pool.on('connect', (client) => {
    client.on('error', (err) => {
      lost.add(client);
      console.warn(`PostgreSQL connection lost during a query: ${err.message}`);
    });
    client.on('end', () => lost.add(client));
  });
  pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
  return {
    async connect(): Promise<pg.PoolClient> {
      const client = await pool.connect();
      const release = client.release.bind(client);
      client.release = (err?: Error | boolean) => release(err || lost.has(client));
      return client;
    },
    end: () => pool.end(),
  };
}

export async function connectDb(options: DbOptions): Promise<DbHandle> {
  let handle: DbHandle;
  if (options.databaseUrl) {
    // Without a connect timeout a request would wait forever while the database is down.
    const pgPool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 20, connectionTimeoutMillis: 5_000 });
    const pool = discardingLostClients(pgPool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    // No parameters: pg sends the simple query protocol, which runs several statements (and
    // answers one result per statement). Connections are separate sessions: no turn to wait for.
    const runScript = async (text: string) => {
      const client = await pool.connect();
      let broken = false;
      try {
        const result: pg.QueryResult | pg.QueryResult[] = await client.query(text);
        return { rows: (Array.isArray(result) ? result.at(-1) : result)?.rows ?? [] };
      } catch (err) {
        broken = await client.query('ROLLBACK').then(() => false, () => true);
        throw err;
      } finally {
        client.release(broken);
      }
    };
    handle = { db, kind: 'postgres', runScript, close: () => db.destroy() };
  } else {
    if (options.pgliteDir) mkdirSync(path.dirname(options.pgliteDir), { recursive: true });
    const fresh = !options.pgliteDir || !existsSync(path.join(options.pgliteDir, 'PG_VERSION'));
    let client = await openPglite(options.pgliteDir);
    if (fresh && options.pgliteDir && options.reopenAfterCreate) {
      // Creating the cluster (initdb) grows the WASM heap to ~600 MB, and a WASM heap never
      // shrinks: reopen once so the server idles at its steady size (docs/PERFORMANCE.md).
      await client.close();
      client = await openPglite(options.pgliteDir);
    }
    const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
    const pglite = client;
    // PGlite's query() runs one statement; exec() runs several. PGlite is one session, so the
    // script runs while this caller holds Kysely's (only) connection: never inside someone
    // else's open transaction.
    const runScript = (text: string) =>
      db.connection().execute(async (conn) => {
        try {
          return { rows: (await pglite.exec(text)).at(-1)?.rows ?? [] };
        } catch (err) {
          await conn.executeQuery(CompiledQuery.raw('ROLLBACK', [])).catch(() => undefined);
          throw err;
        }
      });
    handle = {
      db,
      kind: 'pglite',
      runScript,
      close: async () => {
        await db.destroy();
        if (!client.closed) await client.close();
      },
    };
  }
  if (options.migrate !== false) await migrate(handle.db);
  return handle;
}

/**
 * PostgreSQL's default shared_buffers (128 MB) lives inside PGlite's WASM heap, on top of what
 * the OS already caches for the data files PGlite reads through the file system; 16 MB keeps an
 * idle server near the PostgreSQL-server figure (docs/PERFORMANCE.md).
 */
const PGLITE_START_PARAMS = [
  '--single', '-F', '-O', '-j',
  '-c', 'search_path=public', '-c', 'exit_on_error=false', '-c', 'log_checkpoints=false',
  '-c', 'max_worker_processes=0', '-c', 'max_parallel_workers=0', '-c', 'max_parallel_workers_per_gather=0',
  '-c', 'shared_buffers=16MB',
];

async function openPglite(dir: string | undefined): Promise<PGlite> {
  // Message search's extensions (migration 026), loaded from PGlite's contrib bundles.
  const client = new PGlite({ dataDir: dir, startParams: PGLITE_START_PARAMS, extensions: { pg_trgm, unaccent } });
  await client.waitReady;
  return client;
}

export async function migrate(db: Db): Promise<void> {
  // Features are built side by side with numbers given in advance, and merged in any order: a database
  // that already ran a later number still gets an earlier one merged after it (each migration stands alone).
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`, { cause: error });
  }
}
