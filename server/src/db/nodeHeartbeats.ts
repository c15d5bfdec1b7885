import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from './connect.ts';
import { JOB_SCHEMA, type JobQueue } from './jobQueue.ts';
import { StatementBatch } from '../platform/batch.ts';

export interface NodeHeartbeatOptions {
  db: Db;
  boss: JobQueue;
  /** How often this node beats and looks for dead nodes. */
  intervalMs: number;
  /** Beats missed before a node counts as dead (default 3). */
  missedBeats?: number;
  /**
   * No other node can be alive at start (no cluster: one process on this database): every other
   * node's jobs go back at once instead of after the missed beats.
   */
  alone: boolean;
  warn: (err: unknown, message: string) => void;
  /** Jobs of dead nodes handed back (tests, logs). */
  onRecovered?: (deadNode: string, jobIds: string[]) => void;
}

/**
 * Node heartbeats (table node_heartbeats, migration 017) on PostgreSQL and PGlite alike. Each node
 * keeps a row: its beat, renewed every `intervalMs`, and the ids of the job-queue jobs it holds
 * (written as soon as a fetch returns, before any of them runs; renewed with each beat). A node that
 * missed `missedBeats` beats died (kill -9, a lost host): the first live node to notice deletes its
 * row and fails its still-active jobs back to pg-boss, which retries them after the first backoff
 * (1-2 s), instead of their lease running out (~1.3 x TRANSLATION_LEASE_SECONDS). Generic: it knows
 * jobs and nodes, not what the jobs do.
 */
export class NodeHeartbeats {
  readonly nodeId = randomUUID();
  private readonly claimed = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> | undefined;
  private started = false;

  constructor(private readonly o: NodeHeartbeatOptions) {
    this.track(o.boss);
  }

  /** Insert this node's row, hand back the jobs of nodes already dead, then beat every interval. */
  async start(): Promise<void> {
    await this.o.db.insertInto('node_heartbeats').values({ node_id: this.nodeId, job_ids: [...this.claimed] }).execute();
    this.started = true;
    await this.recoverDead(this.o.alone);
    this.timer = setInterval(() => void this.beat(), this.o.intervalMs);
    this.timer.unref();
  }

  /** Stop beating and remove this node's row (after its jobs were finished or handed back). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.beating;
    if (!this.started) return;
    this.started = false;
    await this.o.db.deleteFrom('node_heartbeats').where('node_id', '=', this.nodeId).execute()
      .catch((err: unknown) => this.o.warn(err, 'could not remove this node from node_heartbeats'));
  }

  /** One beat and one look for dead nodes; overlapping calls share the one in flight. */
  beat(): Promise<void> {
    this.beating ??= (async () => {
      try {
        await this.record();
        await this.recoverDead(false);
      } catch (err) {
        this.o.warn(err, 'node heartbeat failed');
      } finally {
        this.beating = undefined;
      }
    })();
    return this.beating;
  }

  /**
   * Write the jobs held now, through a StatementBatch: one write at a time (two in flight on two connections could land
   * in the wrong order and leave the older set, without jobs just fetched, as the last word). A call while a write is
   * in flight waits for the next, which starts after it and so holds its jobs; the calls that meet share that write.
   */
  private readonly writes = new StatementBatch<void, void>(async (calls) => {
    await this.write();
    return calls.map(() => undefined);
  });

  private record(): Promise<void> {
    return this.writes.add(undefined);
  }

  /** One statement: renew the beat, or put the row back when another node declared this one dead after a long stall. */
  private async write(): Promise<void> {
    if (!this.started) return;
    await sql`INSERT INTO node_heartbeats (node_id, job_ids) VALUES (${this.nodeId}::uuid, ${[...this.claimed]}::uuid[])
      ON CONFLICT (node_id) DO UPDATE SET beat_at = now(), job_ids = excluded.job_ids`.execute(this.o.db);
  }

  /** Delete the rows of dead nodes (one live node wins each) and fail their active jobs back. */
  private async recoverDead(everyOther: boolean): Promise<void> {
    const deadAfterMs = this.o.intervalMs * (this.o.missedBeats ?? 3);
    const dead = await this.o.db
      .deleteFrom('node_heartbeats')
      .where('node_id', '!=', this.nodeId)
      .$if(!everyOther, (q) => q.where('beat_at', '<', sql<Date>`now() - ${`${deadAfterMs} milliseconds`}::interval`))
      .returning(['node_id', 'job_ids'])
      .execute();
    for (const node of dead) {
      if (!node.job_ids.length) continue;
      // Only jobs still active: one that finished, or went back and is now another node's, stays.
      const active = await sql<{ id: string; name: string }>`
        SELECT id, name FROM ${sql.id(JOB_SCHEMA, 'job')} WHERE id = ANY(${node.job_ids}::uuid[]) AND state = 'active'`.execute(this.o.db);
      const byQueue = new Map<string, string[]>();
      for (const row of active.rows) byQueue.set(row.name, [...(byQueue.get(row.name) ?? []), row.id]);
      for (const [queue, ids] of byQueue) {
        await this.o.boss.fail(queue, ids);
      }
      this.o.onRecovered?.(node.node_id, active.rows.map((r) => r.id));
    }
  }

  /** Keep the set of jobs this node holds: added when fetched (and recorded at once), dropped when closed. */
  private track(boss: JobQueue): void {
    const fetch = boss.fetch.bind(boss) as (name: string, options?: object) => Promise<{ id: string }[]>;
    const complete = boss.complete.bind(boss) as (name: string, ids: string | string[], ...rest: unknown[]) => Promise<void>;
    const fail = boss.fail.bind(boss) as (name: string, ids: string | string[], ...rest: unknown[]) => Promise<void>;
    const release = (ids: string | string[]) => {
      for (const id of Array.isArray(ids) ? ids : [ids]) this.claimed.delete(id);
    };
    Object.assign(boss, {
      fetch: async (name: string, options?: object) => {
        const jobs = await fetch(name, options);
        if (jobs.length) {
          for (const job of jobs) this.claimed.add(job.id);
          // Recorded before any of them runs; if that fails, the lease still covers them.
          await this.record().catch((err: unknown) => this.o.warn(err, 'could not record the jobs this node holds'));
        }
        return jobs;
      },
      complete: (name: string, ids: string | string[], ...rest: unknown[]) => complete(name, ids, ...rest).finally(() => release(ids)),
      fail: (name: string, ids: string | string[], ...rest: unknown[]) => fail(name, ids, ...rest).finally(() => release(ids)),
    });
  }
}
