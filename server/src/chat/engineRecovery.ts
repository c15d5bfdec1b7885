import type { Db } from '../db/connect.ts';
import { sql } from 'kysely';
import type { TranslationRow } from './presenters.ts';
import { publishViews, roomReaders } from './readers.ts';
import type { TranslationJobs } from './translationJobs.ts';
import type { EventPublisher } from './types.ts';

export interface EngineRecoveryDeps {
  db: Db;
  jobs: Pick<TranslationJobs, 'requeueIn' | 'queued'>;
  events: EventPublisher;
}

/** Messages retried at once when an engine is back; older failures keep their Retry button. */
const BATCH = 1_000;
/** Clocks of nodes and database differ a little: failures this much before the engine went down count too. */
const MARGIN_MS = 60_000;

/**
 * An engine that was down works again (the translation router's onRecovered): messages that failed
 * meanwhile with `engine_failed` (per reader language) go back to `pending` with a new job each, as a
 * person's Retry would do (one transaction), and that language's readers see them pending again. A message that fails again
 * stays failed until the next recovery or a Retry.
 */
export async function retryEngineFailures(deps: EngineRecoveryDeps, downSince: Date): Promise<number> {
  const since = new Date(downSince.getTime() - MARGIN_MS);
  // The translation rows (one per message and reader language) that failed since; a row's change bumps its message's changed_at.
  const rows = await deps.db.transaction().execute(async (tx) => {
    const { rows: reset } = await sql<TranslationRow>`
      UPDATE message_translations t SET status = 'pending', attempts = 0
        FROM (SELECT ft.message_id, ft.language FROM message_translations ft JOIN messages m ON m.id = ft.message_id
               WHERE ft.status = 'failed' AND ft.error = 'engine_failed' AND m.changed_at >= ${since}
               ORDER BY ft.message_id DESC LIMIT ${BATCH}) f
       WHERE t.message_id = f.message_id AND t.language = f.language AND t.status = 'failed'
       RETURNING t.*`.execute(tx);
    await deps.jobs.requeueIn(tx, reset.map((r) => ({ messageId: String(r.message_id), language: r.language })));
    return reset;
  });
  if (rows.length === 0) return 0;
  // Each message's readers of that language see it pending again.
  for (const row of rows) {
    const message = await deps.db.selectFrom('messages').selectAll().where('id', '=', row.message_id as never).executeTakeFirst();
    if (!message) continue;
    const [all, readers] = await Promise.all([
      deps.db.selectFrom('message_translations').selectAll().where('message_id', '=', message.id).execute(),
      roomReaders(deps.db, message.chat_room_id),
    ]);
    publishViews(deps.events, 'message.translated', message, all, readers, row.language);
  }
  deps.jobs.queued();
  return rows.length;
}
