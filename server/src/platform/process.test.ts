import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { EngineError } from './errors.ts';
import { liveProcessCount, runChain, runProcess, runProcessRaw, spawnChain } from './process.ts';
import { Semaphore } from './semaphore.ts';
import { isAlive } from './testing/processes.ts';

const never = () => new AbortController().signal;

/** Starts a shell that leaves a background `sleep` (a grandchild) and prints its pid. */
async function chainWithGrandchild(options: Parameters<typeof spawnChain>[1]) {
  const chain = spawnChain([{ cmd: 'sleep 60 & echo $!; sleep 60; wait', args: [], shell: true }], options);
  const firstLine = await new Promise<string>((resolve) => chain.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString())));
  const grandchild = Number(firstLine.trim());
  expect(isAlive(grandchild)).toBe(true);
  return { chain, grandchild };
}

describe('runProcess', () => {
  it('pipes stdin to the command and returns its stdout', async () => {
    const out = await runProcess('tr', ['a-z', 'A-Z'], { input: Buffer.from('hola'), timeoutMs: 10_000, signal: never() });
    expect(out).toBe('HOLA');
  });

  it('returns binary stdout untouched', async () => {
    const bytes = Buffer.from([0, 255, 137, 80, 78, 71, 13, 10]);
    expect(await runProcessRaw('cat', [], { input: bytes, timeoutMs: 10_000, signal: never() })).toEqual(bytes);
  });

  it('kills a child that overruns its time limit', async () => {
    const run = runProcess('sleep', ['30'], { input: Buffer.alloc(0), timeoutMs: 100, signal: never() });
    await expect(run).rejects.toMatchObject({ name: 'EngineError', engine: 'sleep', code: 'timeout' });
    expect(liveProcessCount()).toBe(0);
  });

  it('kills a child when the caller aborts', async () => {
    const controller = new AbortController();
    const run = runProcess('sleep', ['30'], { input: Buffer.alloc(0), timeoutMs: 60_000, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(run).rejects.toMatchObject({ code: 'aborted' });
  });

  it('reports a missing program as unavailable and a failing one with its stderr', async () => {
    await expect(runProcess('no-such-binary-parley', [], { input: Buffer.alloc(0), timeoutMs: 5_000, signal: never() })).rejects.toMatchObject({
      code: 'unavailable',
    });
    const failing = runProcess('sh', ['-c', 'echo broken data >&2; exit 3'], { input: Buffer.alloc(0), timeoutMs: 5_000, signal: never() });
    await expect(failing).rejects.toThrow(/exited with 3: broken data/);
    await expect(failing).rejects.toMatchObject({ code: 'failed' });
  });

  it('stops a child that writes more than allowed', async () => {
    const run = runProcess('yes', [], { input: Buffer.alloc(0), timeoutMs: 10_000, signal: never(), maxOutputBytes: 10_000 });
    await expect(run).rejects.toThrow(/more than 10000 bytes/);
  });
});

describe('spawnChain', () => {
  it('connects the stages with pipes, and a shell stage gives its own programs real pipes (/dev/stdin opens)', async () => {
    const out = await runChain([{ cmd: 'printf "b\\na\\n"', args: [], shell: true }, { cmd: 'cat | cat /dev/stdin | cat', args: [], shell: true }, { cmd: 'sort', args: [] }], undefined);
    expect(out.toString()).toBe('a\nb\n');
  });

  it('passes arguments to a shell script as "$1", never interpolated', async () => {
    const out = await runChain([{ cmd: 'printf %s "$1"', args: ['$(echo injected); `id`'], shell: true }], undefined);
    expect(out.toString()).toBe('$(echo injected); `id`');
  });

  it('kills the whole process group on abort: the shell and what it started in the background', async () => {
    const controller = new AbortController();
    const { chain, grandchild } = await chainWithGrandchild({ signal: controller.signal });
    controller.abort();
    await expect(chain.done).rejects.toMatchObject({ code: 'aborted' });
    await vi.waitFor(() => expect(isAlive(grandchild)).toBe(false), { timeout: 5_000, interval: 20 });
    expect(liveProcessCount()).toBe(0);
  });

  it('kills the whole process group on timeout', async () => {
    const { chain, grandchild } = await chainWithGrandchild({ timeoutMs: 300 });
    await expect(chain.done).rejects.toMatchObject({ code: 'timeout', message: expect.stringMatching(/longer than 300 ms/) });
    await vi.waitFor(() => expect(isAlive(grandchild)).toBe(false), { timeout: 5_000, interval: 20 });
  });

  it('kills every stage when one of them fails, and reports that one', async () => {
    const chain = spawnChain([{ cmd: 'sleep', args: ['60'] }, { cmd: 'sh', args: ['-c', 'echo bad input >&2; exit 2'] }]);
    chain.stdin.end();
    const error = await chain.done.then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ code: 'failed', message: expect.stringMatching(/sh exited with 2: bad input/) });
    expect(liveProcessCount()).toBe(0);
  });

  it('kill() with a code stops a long-lived chain and reports that code; exited says how it ended', async () => {
    const { chain, grandchild } = await chainWithGrandchild({ engine: 'apertium' });
    chain.kill('pipeline', 'stopped by the test');
    expect(await chain.exited).toBe('was killed (SIGKILL)');
    await expect(chain.done).rejects.toMatchObject({ engine: 'apertium', code: 'pipeline', message: 'stopped by the test' });
    await vi.waitFor(() => expect(isAlive(grandchild)).toBe(false), { timeout: 5_000, interval: 20 });
  });
});

describe('the environment of children', () => {
  it("reads none of the service user's start-up files or variables (a .bashrc that prints and sleeps)", async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'parley-evil-home-'));
    const rc = 'echo FROM-RC-FILE; sleep 30\n';
    for (const file of ['.bashrc', '.profile', '.bash_profile', 'env.sh']) writeFileSync(path.join(home, file), rc);
    const saved = { ...process.env };
    // As under a service manager: no SHLVL, so bash would take its socket stdin for an ssh session.
    delete process.env.SHLVL;
    Object.assign(process.env, { HOME: home, BASH_ENV: path.join(home, 'env.sh'), ENV: path.join(home, 'env.sh'), PARLEY_SECRET_FOR_TEST: 'x' });
    try {
      for (const shell of ['bash', true] as const) {
        const out = await runChain([{ cmd: 'echo "home=$HOME"; env | sort', args: [], shell }], undefined, { timeoutMs: 10_000 });
        const text = out.toString();
        expect(text).not.toContain('FROM-RC-FILE');
        expect(text).not.toContain('PARLEY_SECRET_FOR_TEST');
        expect(text).not.toContain(home);
        expect(text).toContain('LANG=C.UTF-8');
        expect(text).toMatch(/^PATH=/m);
      }
      const extra = await runProcess('sh', ['-c', 'echo "$OMP_THREAD_LIMIT"'], { env: { OMP_THREAD_LIMIT: '1' }, timeoutMs: 10_000 });
      expect(extra.trim()).toBe('1');
    } finally {
      process.env = saved;
      rmSync(home, { recursive: true, force: true });
    }
  });
});

describe('Semaphore', () => {
  it('never runs more than its limit at once and runs every task', async () => {
    const semaphore = new Semaphore(2);
    let active = 0;
    let peak = 0;
    const task = (i: number) => async () => {
      active += 1;
      peak = Math.max(peak, active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      active -= 1;
      return i;
    };
    const results = await Promise.all(Array.from({ length: 7 }, (_, i) => semaphore.run(task(i), never())));
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(peak).toBe(2);
  });

  it('drops a waiting task whose signal aborts, and keeps serving the others', async () => {
    const semaphore = new Semaphore(1);
    let release!: () => void;
    const first = semaphore.run(() => new Promise<string>((resolve) => (release = () => resolve('first'))), never());
    const controller = new AbortController();
    const cancelled = semaphore.run(async () => 'cancelled', controller.signal);
    const third = semaphore.run(async () => 'third', never());
    expect(semaphore.pending).toBe(2);
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'EngineError', code: 'aborted' });
    expect(semaphore.pending).toBe(1);
    release();
    expect(await Promise.all([first, third])).toEqual(['first', 'third']);
  });
});
