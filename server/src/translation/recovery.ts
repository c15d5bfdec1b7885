/**
 * Which engines are down (a call failed with a retryable error: timeout, 5xx, a dead pipeline), and
 * when each is back. A down engine is probed in the background with the last few requests that
 * failed on it (text its provider already saw; backoff from `probeMs` doubling to 5 minutes, for a
 * day at most). When one of those requests succeeds, a probe or the same request from anyone, the
 * engine is announced back once, with the time it went down, so work that failed meanwhile can be
 * retried (chat's auto-retry). Only those requests count: an input that fails however often it is
 * tried (a stall on that text) does not make the engine flap between down and back, so whatever is
 * retried on a recovery is retried once per real outage.
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
  /** The latest failed requests by key, oldest first (at most PROBES). */
  probes: Map<string, () => Promise<unknown>>;
  timer?: NodeJS.Timeout | undefined;
}

const PROBES = 3;

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

  /**
   * A retryable failure of `engine` on the request named `key`; `probe` repeats that request
   * (rejecting while it still fails).
   */
  failed(engine: string, key: string, probe: () => Promise<unknown>): void {
    if (this.closed) return;
    const known = this.down.get(engine);
    if (known) {
      known.probes.delete(key);
      known.probes.set(key, probe);
      for (const oldest of known.probes.keys()) {
        if (known.probes.size <= PROBES) break;
        known.probes.delete(oldest);
      }
      return;
    }
    const state: Down = { since: Date.now(), delay: this.options.probeMs ?? 2_000, probes: new Map([[key, probe]]) };
    this.down.set(engine, state);
    this.schedule(engine, state);
  }

  /** `engine` answered the request named `key`: if that request had failed while it was down, it is back. */
  succeeded(engine: string, key: string): void {
    const state = this.down.get(engine);
    if (!state?.probes.has(key)) return;
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
    state.timer = setTimeout(() => void this.probe(engine, state), state.delay);
    state.timer.unref();
  }

  /** One probe round: each remembered request once, until one succeeds. */
  private async probe(engine: string, state: Down): Promise<void> {
    for (const [key, probe] of [...state.probes].reverse()) {
      if (this.down.get(engine) !== state || this.closed) return;
      try {
        await probe();
        this.succeeded(engine, key);
        return;
      } catch {
        // still failing: next one
      }
    }
    if (this.down.get(engine) !== state || this.closed) return;
    state.delay = Math.min(state.delay * 2, this.options.maxProbeMs ?? 5 * 60_000);
    this.schedule(engine, state);
  }
}
