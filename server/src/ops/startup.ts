import type { IncomingMessage, ServerResponse } from 'node:http';
import { API } from '@parley/common';
import { errorBody } from '../http/errors.ts';

/**
 * The node's start-up sequence, run after it already listens (main.ts): each step (database,
 * migrations, Redis, job queue) runs with its own patience — retried with a growing pause, with
 * progress in the log — instead of under a framework's plugin timeout. Until every step is done,
 * `handle` answers every request: /api/health 200, /api/ready 503 naming what is still starting
 * (the load balancer keeps traffic away), the API 503 `service_starting` with Retry-After.
 * A dependency that is wrong rather than slow (wrong password, unknown host or database) throws a
 * StartupError whose message names the environment variable to fix; the process then exits.
 */

export class StartupError extends Error {}

export type StepState = 'waiting' | 'running' | 'retrying' | 'done';

interface Step {
  state: StepState;
  attempts: number;
  lastError?: string;
}

export interface StartupLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface RetryPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
}

const DEFAULT_RETRY: RetryPolicy = { firstDelayMs: 250, maxDelayMs: 5_000 };
const RETRY_AFTER_SECONDS = 2;

export class Startup {
  private readonly steps = new Map<string, Step>();
  private readonly startedAt = Date.now();

  constructor(
    stepNames: readonly string[],
    private readonly log: StartupLog,
    private readonly retry: RetryPolicy = DEFAULT_RETRY,
  ) {
    for (const name of stepNames) this.steps.set(name, { state: 'waiting', attempts: 0 });
  }

  get ready(): boolean {
    return [...this.steps.values()].every((s) => s.state === 'done');
  }

  /** What /api/ready shows while starting: the steps not done yet, and each step's state. */
  status() {
    const steps = Object.fromEntries([...this.steps].map(([name, s]) => [name, { ...s }]));
    const starting = [...this.steps].filter(([, s]) => s.state !== 'done').map(([name]) => name);
    return { ready: starting.length === 0, starting, steps, startingForSeconds: Math.round((Date.now() - this.startedAt) / 1000) };
  }

  /**
   * Run one step until it succeeds. `fatal(err)` returns the message of an error that waiting
   * cannot cure (thrown as StartupError); any other error is retried after a growing pause.
   */
  async run<T>(name: string, fn: () => Promise<T>, fatal: (err: unknown) => string | undefined = () => undefined): Promise<T> {
    const step = this.steps.get(name) ?? { state: 'waiting', attempts: 0 };
    this.steps.set(name, step);
    let delay = this.retry.firstDelayMs;
    for (;;) {
      step.state = step.attempts ? 'retrying' : 'running';
      step.attempts++;
      try {
        const result = await fn();
        step.state = 'done';
        delete step.lastError;
        this.log.info(`start-up: ${name} ready${step.attempts > 1 ? ` after ${step.attempts} attempts` : ''}`);
        return result;
      } catch (err) {
        if (err instanceof StartupError) throw err;
        const message = fatal(err);
        if (message !== undefined) throw new StartupError(message);
        step.lastError = describe(err);
        this.log.warn(`start-up: ${name} not ready yet (${step.lastError}); attempt ${step.attempts}, trying again in ${(delay / 1000).toFixed(1)} s`);
        await new Promise((r) => setTimeout(r, delay));
        delay = Math.min(delay * 2, this.retry.maxDelayMs);
      }
    }
  }

  /** The request handler while starting (main.ts swaps in the app's once ready). */
  readonly handle = (request: IncomingMessage, response: ServerResponse): void => {
    const url = (request.url ?? '/').split('?')[0] ?? '/';
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...(status === 503 ? { 'retry-after': String(RETRY_AFTER_SECONDS) } : {}) });
      response.end(JSON.stringify(body));
    };
    // The body is not needed: drain it so the connection can be reused.
    request.resume();
    if (url === API.health) return send(200, { ok: true, starting: true });
    if (url === '/api/ready') return send(503, { ...this.status(), draining: false });
    return send(503, errorBody('service_starting', 'Parley is starting. Please try again in a moment.'));
  };
}

export function describe(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length) return describe(err.errors[0]);
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    return typeof code === 'string' && !err.message.includes(code) ? `${code}: ${err.message}` : err.message || err.name;
  }
  return String(err);
}
