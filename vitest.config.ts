import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/** Test files under `dir` (relative to the repository root). */
function testFiles(dir: string): string[] {
  return readdirSync(path.join(import.meta.dirname, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.join(dir, f).split(path.sep).join('/'));
}

/**
 * The server suite runs twice in CI: on PGlite and on the PostgreSQL server. A test file that never opens a
 * database (engines, parsers, processes: it uses none of the helpers below) gives the same answer both times,
 * so the PostgreSQL pass runs only the files that use a database; the PGlite pass runs them all.
 */
const USES_DATABASE = /createTestDatabase|useTestDatabase|getTestServer|useTestServer|startServerProcess|useTranslatingServers|TEST_DB/;
const serverFiles = [...testFiles('server/src'), ...testFiles('server/test')];
const serverInclude = process.env.TEST_DB === 'postgres'
  ? serverFiles.filter((f) => USES_DATABASE.test(readFileSync(path.join(import.meta.dirname, f), 'utf8')))
  : serverFiles;

// One config, four projects: pure units (common, web), the server suite, which runs against the database named
// by TEST_DB (pglite | postgres), and the cluster suite. Both database suites copy a migrated template database
// made once per run (server/test/globalSetup.ts) instead of migrating a new one per file.
export default defineConfig({
  test: {
    projects: [
      // 30 s, not vitest's 5 s: a test's time limit only catches a hang, and on a busy two-core machine a test
      // that checks every message of every catalog, or renders a whole screen, can take longer than 5 s.
      { test: { name: 'common', include: ['common/src/**/*.test.ts'], testTimeout: 30_000 } },
      {
        test: {
          name: 'server',
          include: serverInclude,
          globalSetup: ['server/test/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Several app nodes on PostgreSQL + a redis-server of the test's own (npm run test:cluster).
        test: {
          name: 'cluster',
          include: ['server/cluster-test/**/*.test.ts'],
          globalSetup: ['server/test/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      { test: { name: 'web', include: ['web/src/**/*.test.{ts,tsx}'], environment: 'jsdom', testTimeout: 30_000, setupFiles: ['web/src/testSetup.ts'] } },
    ],
  },
});
