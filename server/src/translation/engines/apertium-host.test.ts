import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApertiumEngine, type ApertiumOptions } from './apertium.ts';
import { DEFAULT_MODES_DIR } from './apertium-modes.ts';

/**
 * Translation must not depend on the host: its load at boot, the service user's shell start-up
 * files, a pipeline that is slow to start the first time. Each case ends with English -> Spanish
 * served by a fresh engine that ran its self-check under those conditions.
 */
const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Only eng-spa and spa-eng: a small, quick self-check. */
function englishSpanishModes(): string {
  const dir = tempDir('parley-modes-');
  for (const mode of ['eng-spa', 'spa-eng']) copyFileSync(path.join(DEFAULT_MODES_DIR, `${mode}.mode`), path.join(dir, `${mode}.mode`));
  return dir;
}

/** Sets process.env for the test (children are started from it), restored afterwards. */
function hostEnv(change: Record<string, string | undefined>): void {
  const saved = { ...process.env };
  for (const [name, value] of Object.entries(change)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  cleanups.push(() => {
    process.env = saved;
  });
}

function engine(options: ApertiumOptions): ApertiumEngine {
  const e = new ApertiumEngine(options);
  cleanups.push(() => e.close());
  return e;
}

async function expectEnglishToSpanishServed(e: ApertiumEngine): Promise<void> {
  expect(e.supports('en', 'es')).toBe('direct');
  expect(e.checking('en', 'es')).toBe(false);
  const { text } = await e.translate({ text: 'The city council approved a new plan.', source: 'en', target: 'es', signal: AbortSignal.timeout(60_000) });
  expect(text).toMatch(/ayuntamiento|consejo|plan nuevo|nuevo plan/i);
}

describe('Apertium on an unfriendly host', () => {
  it('a pipeline whose first start outlasts the probe time limit is retried, not disabled', { timeout: 120_000 }, async () => {
    // A fake lt-proc first on PATH: its first run sleeps 6 s (three probe time limits), then every run is the real one.
    const bin = tempDir('parley-fake-bin-');
    const marker = path.join(bin, 'started-once');
    writeFileSync(
      path.join(bin, 'lt-proc'),
      `#!/bin/sh\nif mkdir '${marker}' 2>/dev/null; then sleep 6; fi\nexec /usr/bin/lt-proc "$@"\n`,
    );
    chmodSync(path.join(bin, 'lt-proc'), 0o755);
    hostEnv({ PATH: `${bin}:${process.env.PATH ?? ''}` });
    const e = engine({ modesDir: englishSpanishModes(), check: { timeoutMs: 2_000, retryBaseMs: 200 } });
    const checks = e.selfCheck();
    expect(e.checking('en', 'es')).toBe(true); // messages for it wait rather than fail
    expect(e.checkState().checking).toEqual(expect.arrayContaining(['eng-spa']));
    const results = await checks;
    expect(results.filter((c) => !c.ok)).toEqual([]);
    expect(Math.max(...results.map((c) => c.attempts))).toBeGreaterThan(1); // the slow start did time out
    expect(e.checkState()).toMatchObject({ checking: [], failed: [], passed: 2 });
    await expectEnglishToSpanishServed(e);
  });

  it("ignores the service user's HOME whose .bashrc prints to stdout and sleeps", { timeout: 120_000 }, async () => {
    const home = tempDir('parley-evil-home-');
    for (const file of ['.bashrc', '.profile', '.bash_profile']) writeFileSync(path.join(home, file), 'echo hello from bashrc; sleep 60\n');
    // As under a service manager (no SHLVL): Debian's bash would read that .bashrc for a socket stdin.
    hostEnv({ HOME: home, SHLVL: undefined, BASH_ENV: path.join(home, '.bashrc'), ENV: path.join(home, '.bashrc') });
    const e = engine({ modesDir: englishSpanishModes(), check: { timeoutMs: 20_000 } });
    const results = await e.selfCheck();
    expect(results.filter((c) => !c.ok)).toEqual([]);
    expect(results.every((c) => c.attempts === 1)).toBe(true);
    await expectEnglishToSpanishServed(e);
  });

  it('checks every installed mode at boot on a host kept busy by CPU-bound processes', { timeout: 600_000 }, async () => {
    const busy: ChildProcess[] = [];
    cleanups.push(() => {
      for (const child of busy) child.kill('SIGKILL');
    });
    for (let i = 0; i < availableParallelism() * 2; i++) {
      busy.push(spawn('/bin/sh', ['-c', 'while :; do :; done'], { stdio: 'ignore' }));
    }
    // The production schedule, but a tight probe time limit so the load makes some rounds time out.
    const e = engine({ check: { timeoutMs: 5_000, retryBaseMs: 500 } });
    const results = await e.selfCheck();
    expect(results.filter((c) => !c.ok)).toEqual([]);
    expect(results.length).toBeGreaterThan(10);
    for (const child of busy) child.kill('SIGKILL');
    await expectEnglishToSpanishServed(e);
  });
});
