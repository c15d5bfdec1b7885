import { describe, expect, it, vi } from 'vitest';
import { EngineError } from '../../platform/errors.ts';
import { ModeChecker, type ModeCheckerOptions } from './apertium-check.ts';

/** The self-check's schedule with scripted probe results (the real probes: apertium-selfcheck/host tests). */
function checker(modes: string[], probe: ModeCheckerOptions['probe'], extra: Partial<ModeCheckerOptions> = {}) {
  const disabled = new Set<string>();
  const c = new ModeChecker({
    planned: () => modes, probe, disable: (m) => disabled.add(m), enable: (m) => disabled.delete(m), retryBaseMs: 1, recheckMs: 20, ...extra,
  });
  return { c, disabled };
}

const timeout = () => new EngineError('apertium', 'timeout', 'apertium did not answer in time', { retryable: true });

describe('ModeChecker', () => {
  it('probes two modes at a time at most and checks them all', async () => {
    let active = 0;
    let peak = 0;
    const modes = Array.from({ length: 9 }, (_, i) => `m${i}`);
    const { c } = checker(modes, async () => {
      active += 1;
      peak = Math.max(peak, active);
      await new Promise((r) => setTimeout(r, 5));
      active -= 1;
    });
    c.start();
    const results = await c.firstVerdicts();
    expect(results.map((r) => r.ok)).toEqual(modes.map(() => true));
    expect(peak).toBe(2);
    c.close();
  });

  it('a timeout is not a verdict: the mode stays served and "being checked", and is probed again until it answers', async () => {
    let calls = 0;
    const { c, disabled } = checker(['eng-spa'], async () => {
      calls += 1;
      if (calls <= 3) throw timeout();
    });
    c.start();
    expect(c.isChecking('eng-spa')).toBe(true);
    const [result] = await c.firstVerdicts();
    expect(result).toMatchObject({ mode: 'eng-spa', ok: true, attempts: 4 });
    expect(disabled.size).toBe(0);
    expect(c.state()).toEqual({ checking: [], failed: [], passed: 1 });
    c.close();
  });

  it('a crash disables the mode; it is checked again later and enabled when it passes', async () => {
    let broken = true;
    const { c, disabled } = checker(['rus-ukr'], async () => {
      if (broken) throw new EngineError('apertium', 'pipeline', 'Apertium pipeline rus-ukr broke (on this input)');
    });
    c.start();
    const [first] = await c.firstVerdicts();
    expect(first).toMatchObject({ ok: false, status: 'failed' });
    expect(disabled.has('rus-ukr')).toBe(true);
    expect(c.isChecking('rus-ukr')).toBe(false); // a verdict: its messages do not wait
    expect(c.state().failed).toEqual(['rus-ukr']);
    broken = false;
    await vi.waitFor(() => expect(disabled.has('rus-ukr')).toBe(false), { timeout: 10_000, interval: 10 });
    expect(c.state()).toEqual({ checking: [], failed: [], passed: 1 });
    c.close();
  });

  it('after `patienceAttempts` timeouts a direction no longer waits, though the mode is still probed', async () => {
    let calls = 0;
    const { c } = checker(['eng-spa'], async () => {
      calls += 1;
      throw timeout();
    }, { patienceAttempts: 3 });
    c.start();
    await vi.waitFor(() => expect(calls).toBeGreaterThanOrEqual(3), { timeout: 10_000, interval: 5 });
    expect(c.isChecking('eng-spa')).toBe(false);
    await vi.waitFor(() => expect(calls).toBeGreaterThan(3), { timeout: 10_000, interval: 5 });
    c.close();
  });
});
