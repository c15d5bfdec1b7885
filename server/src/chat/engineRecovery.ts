import type { Db } from '../db/connect.ts';
import { publishViews, roomReaders } from './readers.ts';
import type { TranslationJobs } from './translationJobs.ts';
import type { EventPublisher } from './types.ts';

export interface EngineRecoveryDeps {
  db: Db;
  jobs: Pick<TranslationJobs, 'requeueIn' | 'queued'>;
  events: EventPublisher;
}

/** Translations retried at once when an engine is back; older failures keep their Retry button. */
const BATCH = 1_000;
/** Clocks of nodes and database differ a little: failures this much before the engine went down count too. */
const MARGIN_MS = 60_000;

/**
 * An engine that was down works again (the translation router's onRecovered): translation rows
 * (message, language) that failed meanwhile with `engine_failed` go back to `pending` with a new
 * job each, as a person's Retry would do (one transaction), and that language's readers see them
 * pending again. A row that fails again stays failed until the next recovery or a Retry. "Meanwhile"
 * is the message's changed_at, which every change of one of its translation rows bumps.
 */
export async function retryEngineFailures(deps: EngineRecoveryDeps, downSince: Date): Promise<number> {
  const since = new Date(downSince.getTime() - MARGIN_MS);
  const reset = await deps.db.transaction().execute(async (tx) => {
    const failed = await tx
      .selectFrom('message_translations as t')
      .innerJoin('messages as m', 'm.id', 't.message_id')
      .select(['t.message_id', 't.language'])
      .where('t.status', '=', 'failed').where('t.error', '=', 'engine_failed')
      .where('m.changed_at', '>=', since)
      .orderBy('t.message_id', 'desc').orderBy('t.language')
      .limit(BATCH)
      .forUpdate('t').skipLocked()
      .execute();
    const rows = [];
    for (const key of failed) {
      const row = await tx.updateTable('message_translations').set({ status: 'pending', attempts: 0 })
        .where('message_id', '=', key.message_id).where('language', '=', key.language).where('status', '=', 'failed')
        .returning(['message_id', 'language']).executeTakeFirst();
      if (row) rows.push({ messageId: String(row.message_id), language: row.language });
    }
    await deps.jobs.requeueIn(tx, rows);
    return rows;
  });
  if (reset.length === 0) return 0;
  const ids = [...new Set(reset.map((r) => r.messageId))];
  const [messages, rows] = await Promise.all([
    deps.db.selectFrom('messages').selectAll().where('id', 'in', ids as never[]).execute(),
    deps.db.selectFrom('message_translations').selectAll().where('message_id', 'in', ids).execute(),
  ]);
  const readersOf = new Map<string, Awaited<ReturnType<typeof roomReaders>>>();
  for (const message of messages) {
    let readers = readersOf.get(message.chat_room_id);
    if (!readers) readersOf.set(message.chat_room_id, (readers = await roomReaders(deps.db, message.chat_room_id)));
    const own = rows.filter((r) => String(r.message_id) === String(message.id));
    for (const { language } of reset.filter((r) => r.messageId === String(message.id))) {
      publishViews(deps.events, 'message.translated', message, own, readers, language);
    }
  }
  deps.jobs.queued();
  return reset.length;
}
