import { describe, expect, it } from 'vitest';
import { RunError, Semaphore, runProcess, runProcessRaw } from './process.ts';

const never = () => new AbortController().signal;

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
    await expect(run).rejects.toMatchObject({ name: 'RunError', reason: 'timeout' });
  });

  it('kills a child when the caller aborts', async () => {
    const controller = new AbortController();
    const run = runProcess('sleep', ['30'], { input: Buffer.alloc(0), timeoutMs: 60_000, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(run).rejects.toMatchObject({ reason: 'aborted' });
  });

  it('reports a missing program as unavailable and a failing one with its stderr', async () => {
    await expect(runProcess('no-such-binary-parley', [], { input: Buffer.alloc(0), timeoutMs: 5_000, signal: never() })).rejects.toMatchObject({
      reason: 'unavailable',
    });
    const failing = runProcess('sh', ['-c', 'echo broken data >&2; exit 3'], { input: Buffer.alloc(0), timeoutMs: 5_000, signal: never() });
    await expect(failing).rejects.toThrow(/exited with 3: broken data/);
  });

  it('stops a child that writes more than allowed', async () => {
    const run = runProcess('yes', [], { input: Buffer.alloc(0), timeoutMs: 10_000, signal: never(), maxOutputBytes: 10_000 });
    await expect(run).rejects.toThrow(/more than 10000 bytes/);
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
    await expect(cancelled).rejects.toBeInstanceOf(RunError);
    expect(semaphore.pending).toBe(1);
    release();
    expect(await Promise.all([first, third])).toEqual(['first', 'third']);
  });
});
