import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './playwright.config.ts';

/**
 * Cluster scenarios: the spec starts its own PostgreSQL database, redis-server, two nodes and
 * HAProxy (ports E2E_CLUSTER_PORT.. +2, default 3265; Redis on +29) and stops them after.
 * Run: npm run test:e2e:cluster (serves web/dist: run npm run build first; scripts/test.sh does).
 */
export default defineConfig({
  testDir: './cluster',
  outputDir: './artifacts/cluster-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    // Every page goes through the load balancer.
    baseURL: `http://127.0.0.1:${Number(process.env.E2E_CLUSTER_PORT ?? 3265)}`,
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
