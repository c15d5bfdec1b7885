/**
 * Web delivery benchmark on a phone profile, measured through the Chrome DevTools protocol in
 * Debian's Chromium: DevTools' "Slow 4G" network (562.5 ms latency, 1.44 Mbit/s down, 675 kbit/s
 * up), 4x CPU slowdown, a 390x844 touch viewport. For /auth and for / after sign-in, cold (new
 * browser context: empty HTTP cache, no service worker) and warm (the same context again):
 * bytes transferred (all, and JavaScript alone), largest contentful paint, total blocking time.
 *
 * Needs the built web app (npm run build). Starts its own server on a fresh embedded database.
 * Run: node --import tsx bench/web.bench.ts [runs=3]   (BENCH_PORT to pick the port, default 3105;
 * BENCH_CONVERSATIONS=n to give the user n conversations instead of the empty list)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright';
import { table } from './stats.ts';

const RUNS = Number(process.argv[2] ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3105);
const BASE = `http://127.0.0.1:${PORT}`;
const root = path.resolve(import.meta.dirname, '..');

// DevTools' "Slow 4G" preset (formerly "Fast 3G"), in bytes per second.
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1.6e6 / 8) * 0.9, uploadThroughput: (750e3 / 8) * 0.9 };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

interface Sample { bytes: number; jsBytes: number; lcp: number; tbt: number }

/** Observe LCP and long tasks from the very start of every document. */
const OBSERVERS = `
  window.__lcp = 0; window.__long = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp = e.startTime; })
    .observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push([e.startTime, e.duration]); })
    .observe({ type: 'longtask', buffered: true });
`;

async function measure(context: BrowserContext, url: string, ready: (page: Page) => Promise<void>): Promise<Sample> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const types = new Map<string, string>();
  let bytes = 0;
  let jsBytes = 0;
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
    if (types.get(e.requestId) === 'Script') jsBytes += e.encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'load' });
  await ready(page);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000); // late long tasks and the final LCP candidate
  const { lcp, tbt } = await page.evaluate(() => {
    const w = globalThis as unknown as { __lcp: number; __long: [number, number][] };
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    // Total blocking time: the part over 50 ms of every long task after the first contentful paint.
    const tbt = w.__long.filter(([start]) => start >= fcp).reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
    return { lcp: w.__lcp, tbt };
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.close();
  return { bytes, jsBytes, lcp, tbt };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function waitForHealth() {
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(`${BASE}/api/ready`)).ok) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-webbench-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    await waitForHealth();
    const user = { username: `bench${Date.now().toString(36)}`, email: `bench.${Date.now().toString(36)}@example.com`, password: 'parley-pass-1' };
    const headers = { 'content-type': 'application/json', origin: BASE };
    const signUp = await fetch(`${BASE}/api/auth/signup`, { method: 'POST', headers, body: JSON.stringify(user) });
    if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status}`);
    // The language step every user goes through saves the language to the profile (the server draws / in it).
    const signIn = await fetch(`${BASE}/api/auth/signin`, { method: 'POST', headers, body: JSON.stringify({ email: user.email, password: user.password }) });
    const cookie = signIn.headers.get('set-cookie')?.split(';')[0] ?? '';
    const chosen = await fetch(`${BASE}/api/profile`, { method: 'PATCH', headers: { ...headers, cookie }, body: JSON.stringify({ language: 'en' }) });
    if (!chosen.ok) throw new Error(`choosing the language failed: ${chosen.status}`);
    // BENCH_CONVERSATIONS=n: a list of n conversations, each with a message from the partner (default: the empty list).
    for (let i = 0; i < Number(process.env.BENCH_CONVERSATIONS ?? 0); i += 1) {
      const partner = { username: `partner${i}${Date.now().toString(36)}`, email: `partner${i}.${Date.now().toString(36)}@example.com`, password: 'parley-pass-1' };
      const made = await fetch(`${BASE}/api/auth/signup`, { method: 'POST', headers, body: JSON.stringify(partner) });
      const partnerId = ((await made.json()) as { user: { id: string } }).user.id;
      const room = await fetch(`${BASE}/api/chats`, { method: 'POST', headers: { ...headers, cookie }, body: JSON.stringify({ userId: partnerId }) });
      const roomId = ((await room.json()) as { room: { id: string } }).room.id;
      const partnerIn = await fetch(`${BASE}/api/auth/signin`, { method: 'POST', headers, body: JSON.stringify({ email: partner.email, password: partner.password }) });
      const partnerCookie = partnerIn.headers.get('set-cookie')?.split(';')[0] ?? '';
      const sent = await fetch(`${BASE}/api/chats/${roomId}/messages`, {
        method: 'POST', headers: { ...headers, cookie: partnerCookie }, body: JSON.stringify({ content: `See you at the station at ${i + 5}, by the main entrance?`, clientId: `bench-${i}-${Date.now()}` }),
      });
      if (!sent.ok) throw new Error(`sending failed: ${sent.status}`);
    }

    const loadAtStart = loadavg().map((l) => l.toFixed(1)).join(' ');
    const results: Record<string, Sample[]> = {};
    const add = (key: string, s: Sample) => (results[key] ??= []).push(s);
    for (let run = 0; run < RUNS; run += 1) {
      // /auth: a visitor who has never been here, then the same visitor again.
      const visitor = await browser.newContext({ ...PHONE, baseURL: BASE });
      await visitor.addInitScript(OBSERVERS);
      const authReady = async (page: Page) => void (await page.getByTestId('auth-form').waitFor());
      add('/auth cold', await measure(visitor, '/auth', authReady));
      add('/auth warm', await measure(visitor, '/auth', authReady));
      await visitor.close();

      // / after sign-in: the device as a sign-in leaves it (session cookie, chosen language, last session
      // seen in localStorage); the app itself is not cached yet.
      const member = await browser.newContext({ ...PHONE, baseURL: BASE });
      await member.addInitScript(OBSERVERS);
      const res = await member.request.post('/api/auth/signin', { headers: { origin: BASE }, data: { email: user.email, password: user.password } });
      if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`);
      const session = JSON.stringify(await res.json());
      await member.addInitScript((hint) => {
        const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage;
        storage.setItem('userLanguage', 'en');
        storage.setItem('parley.session', hint);
      }, session);
      const appReady = async (page: Page) => void (await page.getByTestId('app-shell').waitFor());
      add('/ cold (signed in)', await measure(member, '/', appReady));
      add('/ warm (signed in)', await measure(member, '/', appReady));
      await member.close();
    }
    await browser.close();

    console.log(`\nWeb benchmark: Slow 4G, 4x CPU, 390x844; median of ${RUNS} runs; load average ${loadAtStart} at the start, ${loadavg().map((l) => l.toFixed(1)).join(' ')} at the end`);
    table([['page', 'bytes  JS bytes  LCP ms  TBT ms'], ...Object.entries(results).map(([key, samples]): [string, string] => [
      key,
      [median(samples.map((s) => s.bytes)), median(samples.map((s) => s.jsBytes)), median(samples.map((s) => s.lcp)), median(samples.map((s) => s.tbt))]
        .map((n) => Math.round(n).toString()).join('  '),
    ])]);
  } finally {
    await browser.close().catch(() => undefined);
    server.kill('SIGTERM');
    if (server.exitCode === null && server.signalCode === null) await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
