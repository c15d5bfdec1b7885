import { isEngineError } from '../../platform/errors.ts';

/**
 * The Apertium self-check's schedule: which modes are checked, how many at once, and what a result
 * means. A host that is busy at boot must not lose translation for the life of the process, so:
 * - at most `concurrency` modes are probed at a time (25 modes at once starve a 2-core machine);
 * - a timeout (or any retryable failure) is not a verdict: the mode is probed again after a backoff
 *   (doubling up to `retryMaxMs`) and stays served meanwhile;
 * - only a crash or a wrong answer disables a mode, and a disabled mode is checked again every
 *   `recheckMs` (enabled again when it passes).
 * A mode is "being checked" from the start until its first verdict, or until it has timed out
 * `patienceAttempts` times (then it is served unverified, and still probed until a verdict).
 */

export type ModeStatus = 'waiting' | 'checking' | 'ok' | 'failed';

export interface ModeCheck {
  mode: string;
  ok: boolean;
  status: ModeStatus;
  /** Probe rounds run so far. */
  attempts: number;
  detail?: string | undefined;
}

export interface CheckState {
  /** Modes without a verdict yet (directions through them wait). */
  checking: string[];
  /** Modes disabled by a crash or a wrong answer (re-checked later). */
  failed: string[];
  passed: number;
}

export interface ModeCheckerOptions {
  /** The modes the current plans use (changes when a mode is disabled or enabled). */
  planned(): string[];
  /** Runs one mode's probes; resolves when they all translated, rejects otherwise. */
  probe(mode: string, signal: AbortSignal): Promise<void>;
  disable(mode: string): void;
  enable(mode: string): void;
  concurrency?: number | undefined;
  /** One probe round's time limit. */
  timeoutMs?: number | undefined;
  retryBaseMs?: number | undefined;
  retryMaxMs?: number | undefined;
  recheckMs?: number | undefined;
  patienceAttempts?: number | undefined;
  onVerdict?: ((check: ModeCheck) => void) | undefined;
}

interface State extends ModeCheck {
  /** Had a verdict (ok or failed) at least once. */
  settled: boolean;
  timer?: NodeJS.Timeout | undefined;
}

export class ModeChecker {
  private readonly states = new Map<string, State>();
  private readonly queue: string[] = [];
  private running = 0;
  private closed = false;
  private readonly waiters: (() => void)[] = [];

  constructor(private readonly o: ModeCheckerOptions) {}

  /** Queues every planned mode not seen yet. */
  start(): void {
    for (const mode of this.o.planned()) {
      if (this.states.has(mode)) continue;
      this.states.set(mode, { mode, ok: false, status: 'waiting', attempts: 0, settled: false });
      this.queue.push(mode);
    }
    this.pump();
    this.notify();
  }

  /** Resolves once every planned mode had a first verdict. */
  async firstVerdicts(): Promise<ModeCheck[]> {
    while (!this.closed && [...this.states.values()].some((s) => !s.settled)) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    return this.results();
  }

  results(): ModeCheck[] {
    return [...this.states.values()].map(({ mode, ok, status, attempts, detail }) => ({ mode, ok, status, attempts, ...(detail ? { detail } : {}) }));
  }

  /** Whether a direction through `mode` waits for its check. */
  isChecking(mode: string): boolean {
    const state = this.states.get(mode);
    return state !== undefined && !state.settled && state.attempts < (this.o.patienceAttempts ?? 6);
  }

  state(): CheckState {
    const all = [...this.states.values()];
    return {
      checking: all.filter((s) => this.isChecking(s.mode)).map((s) => s.mode),
      failed: all.filter((s) => s.settled && !s.ok).map((s) => s.mode),
      passed: all.filter((s) => s.ok).length,
    };
  }

  close(): void {
    this.closed = true;
    for (const state of this.states.values()) clearTimeout(state.timer);
    this.queue.length = 0;
    this.notify();
  }

  private pump(): void {
    while (!this.closed && this.running < (this.o.concurrency ?? 2) && this.queue.length > 0) {
      const mode = this.queue.shift() as string;
      this.running += 1;
      void this.check(mode).finally(() => {
        this.running -= 1;
        this.start(); // a verdict may change the plans: their new modes are checked too
      });
    }
  }

  private later(state: State, ms: number): void {
    clearTimeout(state.timer);
    state.timer = setTimeout(() => {
      if (this.closed) return;
      this.queue.push(state.mode);
      this.pump();
    }, ms);
    state.timer.unref();
  }

  private async check(mode: string): Promise<void> {
    const state = this.states.get(mode) as State;
    state.status = 'checking';
    state.attempts += 1;
    try {
      await this.o.probe(mode, AbortSignal.timeout(this.o.timeoutMs ?? 30_000));
      if (!state.ok && state.settled) this.o.enable(mode);
      Object.assign(state, { ok: true, status: 'ok', settled: true, detail: undefined });
    } catch (error) {
      if (this.closed) return;
      const detail = (error as Error).message;
      if (isEngineError(error) && error.retryable) {
        // Busy host, slow first start: not a verdict. Served meanwhile; probed again after a backoff.
        Object.assign(state, { status: state.settled ? state.status : 'waiting', detail });
        const base = this.o.retryBaseMs ?? 2_000;
        this.later(state, Math.min(this.o.retryMaxMs ?? 60_000, base * 2 ** Math.min(state.attempts - 1, 10)));
        this.notify();
        return;
      }
      if (state.ok || !state.settled) this.o.disable(mode);
      Object.assign(state, { ok: false, status: 'failed', settled: true, detail });
      this.later(state, this.o.recheckMs ?? 10 * 60_000);
    }
    this.o.onVerdict?.(this.results().find((c) => c.mode === mode) as ModeCheck);
    this.notify();
  }

  private notify(): void {
    for (const resolve of this.waiters.splice(0)) resolve();
  }
}
