import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface MetricsSources {
  openSockets: () => number;
  /** Messages waiting for a translation, in the whole installation. */
  queueDepth: () => Promise<number>;
  /** Each translation engine's self-check: units (Apertium modes) being checked, failed, passed. */
  translationChecks?: () => { engine: string; checking: string[]; failed: string[]; passed: number }[];
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Prometheus metrics of one app instance (its own registry: two instances can share a process in tests). */
export function createMetrics(sources: MetricsSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'parley_' });
  const registers = [registry];
  new Gauge({
    name: 'parley_open_sockets', help: 'Open chat WebSockets on this node', registers,
    collect() {
      this.set(sources.openSockets());
    },
  });
  new Gauge({
    name: 'parley_translation_queue_depth', help: 'Messages waiting for a translation (all nodes)', registers,
    async collect() {
      this.set(await sources.queueDepth());
    },
  });
  new Gauge({
    name: 'parley_translation_self_check', labelNames: ['engine', 'state'] as const, registers,
    help: 'Units of each engine\'s start-up self-check (Apertium modes) by state: checking, failed, passed',
    collect() {
      this.reset();
      for (const c of sources.translationChecks?.() ?? []) {
        this.set({ engine: c.engine, state: 'checking' }, c.checking.length);
        this.set({ engine: c.engine, state: 'failed' }, c.failed.length);
        this.set({ engine: c.engine, state: 'passed' }, c.passed);
      }
    },
  });
  return {
    registry,
    messages: new Counter({ name: 'parley_messages_total', help: 'Chat messages stored by this node', registers }),
    jobs: new Counter({
      name: 'parley_translation_jobs_total', labelNames: ['outcome'] as const, registers,
      help: 'Translation jobs finished on this node by outcome (done, not_needed, failed, retry, gave_up, postponed)',
    }),
    engineSeconds: new Histogram({
      name: 'parley_translation_engine_seconds', labelNames: ['ok'] as const, registers,
      help: 'Time of one chat translation through the engine router',
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    }),
  };
}
