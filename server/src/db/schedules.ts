import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from './jobQueue.ts';
import { JobWorker } from './jobWorker.ts';

/** Cluster-wide housekeeping: `run` once per `cron` slot (UTC), on whichever worker node takes it. */
export interface PeriodicTask {
  /** Its pg-boss queue is `periodic-<name>`. */
  name: string;
  /** A five-field cron expression (minute granularity), e.g. '7 * * * *' for hourly. */
  cron: string;
  run: () => Promise<unknown>;
}

/**
 * Periodic work through pg-boss `schedule` instead of a setInterval on every node: each node
 * (re)states the schedules at start (an upsert), and pg-boss's timekeeper — on worker nodes, at most
 * one tick per cron interval for the whole cluster, and its job a singleton per minute — queues
 * one job per slot, which one worker runs. A run that fails is not retried: the next slot comes.
 */
export class Schedules {
  private readonly workers: JobWorker<object>[];

  constructor(private readonly o: { boss: JobQueue; log: FastifyBaseLogger; takesWork: boolean; tasks: readonly PeriodicTask[]; pollMs?: number | undefined }) {
    this.workers = o.tasks.map((task) => new JobWorker<object>({
      boss: o.boss, queue: queueOf(task), log: o.log, takesWork: o.takesWork,
      policy: { retryLimit: 0, retryDelay: 0, retryBackoff: false, expireInSeconds: 15 * 60 },
      concurrency: 1, pollMs: o.pollMs ?? 10_000, drainMs: 10_000,
      handle: async () => {
        await task.run();
      },
    }));
  }

  /** Call after the job queue started. A periodic schedule no task names any more (an older version's) is removed. */
  async start(): Promise<void> {
    for (const [i, task] of this.o.tasks.entries()) {
      await this.workers[i]!.start();
      await this.o.boss.schedule(queueOf(task), task.cron, {}, { tz: 'UTC' });
    }
    const named = new Set(this.o.tasks.map(queueOf));
    for (const { name } of await this.o.boss.getSchedules()) {
      if (name.startsWith(PREFIX) && !named.has(name)) await this.o.boss.unschedule(name);
    }
  }

  async stop(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.stop()));
  }
}

const PREFIX = 'periodic-';
const queueOf = (task: PeriodicTask) => `${PREFIX}${task.name}`;
