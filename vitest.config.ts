import { defineConfig } from 'vitest/config';

// One config, three projects: pure units (common, web) and the server suite, which
// runs against the database named by TEST_DB (pglite | postgres).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'common', include: ['common/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Several app nodes on PostgreSQL + a redis-server of the test's own (npm run test:cluster).
        test: {
          name: 'cluster',
          include: ['server/cluster-test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      { test: { name: 'web', include: ['web/src/**/*.test.{ts,tsx}'], environment: 'jsdom' } },
    ],
  },
});
