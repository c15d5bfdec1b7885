import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** YYYY-MM-DD in UTC: the usage table's day. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Engine calls counted in memory and written every `flushMs` as one upsert of the few (day, engine) rows that
 * moved, instead of a statement per call (each chat translation made one). Read after flush() (the console does);
 * on stop the rest is written. A node that dies loses at most flushMs of counts: usage is a figure, not a budget.
 */
export class UsageRecorder {
  private pending = new Map<string, { day: string; engine: string; chars: number; calls: number }>();
  private readonly timer: NodeJS.Timeout;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Kysely<Database>, private readonly o: { flushMs?: number; onError: (err: unknown) => void }) {
    this.timer = setInterval(() => void this.flush().catch(o.onError), o.flushMs ?? 5_000);
    this.timer.unref();
  }

  add(engine: string, chars: number, now: Date): void {
    const day = utcDay(now);
    const key = `${day}|${engine}`;
    const row = this.pending.get(key) ?? { day, engine, chars: 0, calls: 0 };
    row.chars += chars;
    row.calls += 1;
    this.pending.set(key, row);
  }

  /** Write what was counted since the last flush (after any write under way). */
  flush(): Promise<void> {
    this.writing = this.writing.catch(() => undefined).then(() => this.write());
    return this.writing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const rows = [...this.pending.values()];
    this.pending = new Map();
    try {
      await this.db
        .insertInto('translation_usage')
        .values(rows)
        .onConflict((oc) => oc.columns(['day', 'engine']).doUpdateSet({
          chars: sql`translation_usage.chars + excluded.chars`,
          calls: sql`translation_usage.calls + excluded.calls`,
        }))
        .execute();
    } catch (err) {
      // Not lost: counted again with the next flush.
      for (const r of rows) {
        const key = `${r.day}|${r.engine}`;
        const now = this.pending.get(key);
        this.pending.set(key, now ? { ...r, chars: r.chars + now.chars, calls: r.calls + now.calls } : r);
      }
      throw err;
    }
  }
}

/** The last `days` days (today included), newest first, per engine. */
export async function listUsage(db: Kysely<Database>, days: number, now: Date): Promise<{ day: string; engine: string; chars: number; calls: number }[]> {
  const from = utcDay(new Date(now.getTime() - (days - 1) * 86_400_000));
  const rows = await db.selectFrom('translation_usage').selectAll().where('day', '>=', from).orderBy('day', 'desc').orderBy('engine').execute();
  return rows.map((r) => ({ day: r.day, engine: r.engine, chars: Number(r.chars), calls: Number(r.calls) }));
}
