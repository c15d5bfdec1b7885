/**
 * Which engines are down (their last call failed with a retryable error: timeout, 5xx, a dead
 * pipeline), and when each is back. A down engine is probed in the background with the last
 * request that failed on it (text its provider already saw; backoff from `probeMs` doubling to
 * 5 minutes, for a day at most); its next success, a probe's or anyone's, announces it back once,
 * with the time it went down, so work that failed meanwhile can be retried (chat's auto-retry).
 */
export interface RecoveryOptions {
  /** First probe delay (default 2 s). */
  probeMs?: number | undefined;
  maxProbeMs?: number | undefined;
  /** Stop probing an engine down for this long (default 24 h). */
  giveUpMs?: number | undefined;
}

interface Down {
  since: number;
  delay: number;
  probe: () => Promise<unknown>;
  timer?: NodeJS.Timeout | undefined;
}

export type RecoveredListener = (engine: string, downSince: Date) => void;

export class EngineRecovery {
  private readonly down = new Map<string, Down>();
  private readonly listeners = new Set<RecoveredListener>();
  private closed = false;

  constructor(private readonly options: RecoveryOptions = {}) {}

  /** Called when the engine is back after being down; returns the unsubscribe function. */
  onRecovered(listener: RecoveredListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  isDown(engine: string): boolean {
    return this.down.has(engine);
  }

  /** A retryable failure of `engine`; `probe` repeats the failed request (rejecting while it still fails). */
  failed(engine: string, probe: () => Promise<unknown>): void {
    if (this.closed) return;
    const known = this.down.get(engine);
    if (known) {
      known.probe = probe; // the latest failure is the probe
      return;
    }
    const state: Down = { since: Date.now(), delay: this.options.probeMs ?? 2_000, probe };
    this.down.set(engine, state);
    this.schedule(engine, state);
  }

  /** A success of `engine`: if it was down, it is back. */
  succeeded(engine: string): void {
    const state = this.down.get(engine);
    if (!state) return;
    clearTimeout(state.timer);
    this.down.delete(engine);
    for (const listener of this.listeners) listener(engine, new Date(state.since));
  }

  close(): void {
    this.closed = true;
    for (const state of this.down.values()) clearTimeout(state.timer);
    this.down.clear();
  }

  private schedule(engine: string, state: Down): void {
    if (Date.now() - state.since > (this.options.giveUpMs ?? 24 * 3_600_000)) {
      this.down.delete(engine);
      return;
    }
    state.timer = setTimeout(() => {
      if (this.down.get(engine) !== state) return;
      state.probe().then(
        () => this.succeeded(engine),
        () => {
          if (this.down.get(engine) !== state || this.closed) return;
          state.delay = Math.min(state.delay * 2, this.options.maxProbeMs ?? 5 * 60_000);
          this.schedule(engine, state);
        },
      );
    }, state.delay);
    state.timer.unref();
  }
}
