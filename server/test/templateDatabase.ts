import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectDb, type DbHandle } from '../src/db/connect.ts';
import { createJobQueue } from '../src/db/jobQueue.ts';

/**
 * Test databases start from a template made once per test run (vitest globalSetup): migrated, with
 * pg-boss's schema installed. A fresh PGlite directory costs an initdb in WebAssembly (5-13 s on this
 * machine) and every migration; a copy of the template's directory costs a fraction of a second, and
 * `CREATE DATABASE ... TEMPLATE` likewise on the PostgreSQL server. Tests of what happens on a brand-new
 * database (migrations or pg-boss's install racing between nodes) ask for `fresh: true`.
 *
 * The template's location travels in these variables, set by the global setup and inherited by workers.
 */
export const PGLITE_TEMPLATE_ENV = 'PARLEY_TEST_PGLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_ENV = 'PARLEY_TEST_POSTGRES_TEMPLATE';

export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Install pg-boss's schema as a node's first start would (then stop it). */
async function installJobSchema(handle: DbHandle): Promise<void> {
  const boss = createJobQueue(handle, { supervise: false, maintenanceIntervalSeconds: 60, onError: () => undefined });
  await boss.start();
  await boss.stop({ graceful: false, close: false, wait: true });
}

/** A migrated PGlite directory (its pgdata/ folder) to copy; returns a function that removes it. */
export async function makePgliteTemplate(): Promise<{ dir: string; remove(): void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'parley-pglite-template-'));
  const handle = await connectDb({ pgliteDir: path.join(dir, 'pgdata') });
  try {
    await installJobSchema(handle);
  } finally {
    await handle.close();
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A migrated PostgreSQL database to clone with CREATE DATABASE ... TEMPLATE; returns its name and a drop. */
export async function makePostgresTemplate(): Promise<{ name: string; remove(): Promise<void> }> {
  const name = `parley_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const remove = () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  try {
    const handle = await connectDb({ databaseUrl: url.toString(), poolSize: 2 });
    try {
      await installJobSchema(handle);
    } finally {
      await handle.close();
    }
  } catch (err) {
    // Not left behind half made (global set-up tries again with a new name).
    await remove().catch(() => undefined);
    throw err;
  }
  return { name, remove };
}

export async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** Copy the PGlite template into `pgdataDir`, when a template exists; false when there is none. */
export function copyPgliteTemplate(pgdataDir: string): boolean {
  const template = process.env[PGLITE_TEMPLATE_ENV];
  if (!template) return false;
  cpSync(path.join(template, 'pgdata'), pgdataDir, { recursive: true });
  return true;
}
