import { readdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/** Test files under `dir` (relative to the repository root). */
function testFiles(dir: string): string[] {
  return readdirSync(path.join(import.meta.dirname, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.join(dir, f).split(path.sep).join('/'));
}

/**
 * The server suite runs in full on the PostgreSQL server (TEST_DB=postgres): every file runs there. On PGlite, the
 * embedded default, scripts/test.sh runs only the files below (SERVER_TESTS=pglite-specific): PGlite is the same
 * PostgreSQL compiled to WebAssembly, and these are where the two can still answer differently: the connection
 * layer, migrations and extensions (search), the job queue and its recovery (PGlite is one session and one node:
 * app.ts, chat/translationJobs.ts), values read back (PGlite answers json as text: receipts, the audit log, call
 * transcripts, console settings), batched writes, restarts on the same data folder, the admin CLI. The end-to-end
 * scenarios run the whole app on PGlite as well (e2e/playwright.config.ts: DATA_DIR, no DATABASE_URL).
 * A new test of SQL or database behaviour that could differ on PGlite belongs in this list.
 * `npm run test:server:pglite` still runs every file on PGlite.
 */
export const PGLITE_SPECIFIC_SERVER_TESTS = [
  'server/src/db/connect.test.ts',
  'server/src/translation/cache.test.ts',
  'server/test/admin.test.ts',
  'server/test/adminCli.test.ts',
  'server/test/bots.test.ts',
  'server/test/calls.test.ts',
  'server/test/consoleTranslation.test.ts',
  'server/test/documents.test.ts',
  'server/test/domainEvents.test.ts',
  'server/test/jobQueue.test.ts',
  'server/test/linkPreviews.test.ts',
  'server/test/mentions.test.ts',
  'server/test/messageSearch.test.ts',
  'server/test/migrations.test.ts',
  'server/test/nodeHeartbeats.test.ts',
  'server/test/openapi.test.ts',
  'server/test/persistence.test.ts',
  'server/test/push.test.ts',
  'server/test/receipts.test.ts',
  'server/test/reportFiles.test.ts',
  'server/test/sendBatch.test.ts',
  'server/test/tokens.test.ts',
  'server/test/translationJobs.test.ts',
  'server/test/translationRecovery.test.ts',
  'server/test/webhooks.test.ts',
];
const serverFiles = [...testFiles('server/src'), ...testFiles('server/test')];
const unknown = PGLITE_SPECIFIC_SERVER_TESTS.filter((f) => !serverFiles.includes(f));
if (unknown.length > 0) throw new Error(`vitest.config.ts lists server test files that do not exist: ${unknown.join(', ')}`);
const serverInclude = process.env.SERVER_TESTS === 'pglite-specific' ? PGLITE_SPECIFIC_SERVER_TESTS : serverFiles;

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
