import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** YYYY-MM-DD in UTC: the usage table's day. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** Adds one engine call of `chars` characters to today's row for the engine (one upsert per call). */
export async function recordUsage(db: Kysely<Database>, engine: string, chars: number, now: Date): Promise<void> {
  await db
    .insertInto('translation_usage')
    .values({ day: utcDay(now), engine, chars, calls: 1 })
    .onConflict((oc) => oc.columns(['day', 'engine']).doUpdateSet({
      chars: sql`translation_usage.chars + excluded.chars`,
      calls: sql`translation_usage.calls + 1`,
    }))
    .execute();
}

/** The last `days` days (today included), newest first, per engine. */
export async function listUsage(db: Kysely<Database>, days: number, now: Date): Promise<{ day: string; engine: string; chars: number; calls: number }[]> {
  const from = utcDay(new Date(now.getTime() - (days - 1) * 86_400_000));
  const rows = await db.selectFrom('translation_usage').selectAll().where('day', '>=', from).orderBy('day', 'desc').orderBy('engine').execute();
  return rows.map((r) => ({ day: r.day, engine: r.engine, chars: Number(r.chars), calls: Number(r.calls) }));
}
