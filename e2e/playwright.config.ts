import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { specsOfShard } from './shards.ts';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
/** The SMTP server the accounts scenarios run (e2e/mailbox.ts); the app mails through it. */
export const SMTP_PORT = PORT + 5;
/** The OpenID provider of the single sign-on scenario (e2e/idp.ts); password sign-in stays on for every other one. */
export const IDP_PORT = PORT + 7;
/** e2e/tests/mentions.spec.ts starts a push service here (server/test/support/pushService.ts): it decrypts what it gets. */
export const PUSH_SERVICE_PORT = PORT + 8;
/** e2e/tests/linkPreviews.spec.ts serves a small site here; the app may preview it (LINK_PREVIEW_ALLOWED_ORIGINS). */
export const LINK_SITE_PORT = PORT + 9;
// A fresh embedded database per run, so scenarios never see each other's rows.
// (Workers inherit E2E_DATA_DIR; the process that made the folder removes it when the run ends.)
if (!process.env.E2E_DATA_DIR) {
  const made = mkdtempSync(path.join(tmpdir(), 'parley-e2e-'));
  process.env.E2E_DATA_DIR = made;
  process.once('exit', () => rmSync(made, { recursive: true, force: true }));
}
const dataDir = process.env.E2E_DATA_DIR;

/** Debian's Chromium; Playwright never downloads a browser here. */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--disable-quic', '--no-first-run',
  '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream',
];

const testDir = path.join(import.meta.dirname, 'tests');

export default defineConfig({
  testDir,
  // E2E_SHARD=k/n: this shard's specs, balanced by their measured durations (e2e/shards.ts).
  ...(process.env.E2E_SHARD ? { testMatch: specsOfShard(process.env.E2E_SHARD, testDir) } : {}),
  // Shards run side by side (scripts/test.sh): each keeps its own results folder, which Playwright empties at start.
  outputDir: process.env.E2E_SHARD ? `./artifacts/results-${process.env.E2E_SHARD.replace('/', '-of-')}` : './artifacts/results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 800 },
    // The app speaks the browser's language until the person chooses: scenarios run in an English browser
    // unless they ask for another (browser.newContext({ locale })).
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: [{
    command: 'node --import tsx e2e/idp.ts',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://127.0.0.1:${IDP_PORT}/.well-known/openid-configuration`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(PORT) },
    stdout: 'pipe',
    stderr: 'pipe',
  }, {
    command: 'node --import tsx server/src/main.ts',
    cwd: path.resolve(import.meta.dirname, '..'),
    // /api/health answers while the node is still starting (ops/startup.ts); /api/ready once it serves.
    url: `${BASE_URL}/api/ready`,
    reuseExistingServer: false,
    // A first start on a busy machine (tsx compiling the server, PGlite creating its database) can take a minute.
    timeout: 180_000,
    // Every scenario signs up from 127.0.0.1: the per-address budgets are raised for the run.
    env: {
      PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SIGNUPS_PER_ADDRESS: '1000', SIGNINS_PER_ADDRESS: '1000',
      // Mailed links point to PUBLIC_URL (required with SMTP_URL), never to a request's Host header.
      PUBLIC_URL: BASE_URL, SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`, MAIL_FROM: 'Parley <no-reply@parley.test>',
      // e2e/tests/admin.spec.ts and phoneMembers.spec.ts: these addresses become admin when they sign up.
      ADMIN_EMAILS: 'operator.e2e@example.com, moderator.e2e@example.com',
      // e2e/tests/sso.spec.ts: "Continue with Test IdP" (discovery is lazy: the order of start-up does not matter).
      PUSH_ALLOWED_ORIGINS: `http://127.0.0.1:${PUSH_SERVICE_PORT}`,
      LINK_PREVIEW_ALLOWED_ORIGINS: `http://127.0.0.1:${LINK_SITE_PORT}`,
      OIDC_ISSUER: `http://127.0.0.1:${IDP_PORT}`, OIDC_CLIENT_ID: 'parley-e2e', OIDC_CLIENT_SECRET: 'parley-e2e-secret', OIDC_NAME: 'Test IdP',
    },
    stdout: 'pipe',
    stderr: 'pipe',
  }],
});
