import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { startRedis, type RedisProcess } from '../../server/test/redisProcess.ts';
import { startServerProcess, type ServerProcess } from '../../server/test/serverProcess.ts';
import { newActor, sendAndSee, signInUi, signUpViaApi } from '../support.ts';

/**
 * Two actors through HAProxy in front of two nodes (PostgreSQL + Redis). Mid-conversation each
 * node in turn is stopped (SIGTERM: its sockets get 1012) and started again, so whichever node an
 * actor's socket was on, it moves to the other one; every message still arrives, translated.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const LB_PORT = Number(process.env.E2E_CLUSTER_PORT ?? 3265);
const NODE_PORTS = [LB_PORT + 1, LB_PORT + 2];
const LB = `http://127.0.0.1:${LB_PORT}`;

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = `parley_e2e_cluster_${Date.now().toString(36)}`;
const admin = async (query: string) => {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
};
let redis: RedisProcess;
let haproxy: ChildProcess;
const nodes: ServerProcess[] = [];
let env: Record<string, string>;

const startNode = async (i: number) => {
  nodes[i] = await startServerProcess({ ...env, PORT: String(NODE_PORTS[i]) });
};
async function ready(url: string) {
  for (let i = 0; i < 300; i++) {
    if (await fetch(`${url}/api/ready`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never ready`);
}

test.beforeAll(async () => {
  await admin(`CREATE DATABASE ${dbName}`);
  redis = await startRedis(LB_PORT + 29);
  env = {
    DATABASE_URL: Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString(), REDIS_URL: redis.url, REDIS_PREFIX: `e2e${LB_PORT}:`, TRUST_PROXY: '1',
    WEB_DIST_DIR: path.join(ROOT, 'web/dist'), CHAT_SENDS_PER_10S: '1000',
  };
  await Promise.all([startNode(0), startNode(1)]);
  const cfg = path.join(tmpdir(), `parley-e2e-cluster-${LB_PORT}.cfg`);
  writeFileSync(cfg, readFileSync(path.join(ROOT, 'deploy/haproxy.cfg'), 'utf8') + NODE_PORTS.map((p, i) => `    server node${i + 1} 127.0.0.1:${p} check\n`).join(''));
  haproxy = spawn('haproxy', ['-db', '-f', cfg], { env: { ...process.env, PARLEY_LB_BIND: `127.0.0.1:${LB_PORT}` }, stdio: 'ignore' });
  await ready(LB);
});

test.afterAll(async () => {
  haproxy?.kill('SIGKILL');
  for (const n of nodes) await n?.stop();
  await redis?.stop();
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
});

const messages = (page: Page, mine: boolean) => page.locator(`[data-testid="message"][data-mine="${mine}"]`);

const send = sendAndSee;
test('ana and bruno keep talking through a rolling restart of both nodes', async ({ browser }) => {
  const ana = await newActor(browser, 'ana');
  const bruno = await newActor(browser, 'bruno');
  await signUpViaApi(ana);
  await signUpViaApi(bruno);
  await signInUi(ana, 'English');
  await signInUi(bruno, 'Spanish');

  await ana.page.getByTestId('user-search-button').click();
  await ana.page.getByTestId('user-search-input').fill(bruno.username);
  await ana.page.getByTestId('user-result').click();
  await ana.page.getByTestId('relationship-close_friend').click();
  await expect(ana.page.getByTestId('conversation-partner')).toHaveText(bruno.username);
  const row = bruno.page.locator(`[data-testid="conversation-row"][data-name="${ana.username}"]`);
  await expect(row).toHaveCount(1);
  await row.getByTestId('conversation-open').click();
  await expect(bruno.page.getByTestId('conversation-partner')).toHaveText(ana.username);

  await send(ana, 'The house is big.');
  await expect(messages(bruno.page, false).last().getByTestId('message-translation')).toContainText(/casa/i, { timeout: 30_000 });

  for (const i of [0, 1]) {
    // A rolling restart step: node i drains (sockets told to reconnect) and comes back.
    expect(await nodes[i]!.kill('SIGTERM')).toBe(0);
    await send(ana, `Message ${i + 1} while a node is down.`);
    await send(bruno, `Mensaje ${i + 1} mientras un nodo está caído.`);
    await expect(messages(bruno.page, false).last().getByTestId('message-original')).toHaveText(`Message ${i + 1} while a node is down.`);
    await expect(messages(ana.page, false).last().getByTestId('message-original')).toHaveText(`Mensaje ${i + 1} mientras un nodo está caído.`);
    await nodes[i]!.stop();
    await startNode(i);
    await ready(`http://127.0.0.1:${NODE_PORTS[i]}`);
  }
  for (const a of [ana, bruno]) await expect(a.page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');
  // Nothing missing, nothing twice: 5 messages on each side, in order.
  await expect(messages(ana.page, true)).toHaveCount(3);
  await expect(messages(ana.page, false)).toHaveCount(2);
  await expect(messages(bruno.page, true)).toHaveCount(2);
  await expect(messages(bruno.page, false)).toHaveCount(3);
  await expect(messages(bruno.page, false).nth(1).getByTestId('message-translation')).toContainText(/mensaje|nodo/i, { timeout: 30_000 });
});
