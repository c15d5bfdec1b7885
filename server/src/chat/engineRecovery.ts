import type { Db } from '../db/connect.ts';
import { presentMessage } from './presenters.ts';
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
 * meanwhile with `engine_failed` go back to `pending` with a new job each, as a person's Retry would
 * do (one transaction), and both participants see them pending again. A message that fails again
 * stays failed until the next recovery or a Retry.
 */
export async function retryEngineFailures(deps: EngineRecoveryDeps, downSince: Date): Promise<number> {
  const since = new Date(downSince.getTime() - MARGIN_MS);
  const rows = await deps.db.transaction().execute(async (tx) => {
    const reset = await tx
      .updateTable('messages')
      .set({ translation_status: 'pending', translation_attempts: 0 })
      .where('translation_status', '=', 'failed')
      .where('id', 'in', (eb) =>
        eb.selectFrom('messages').select('id')
          .where('translation_status', '=', 'failed').where('translation_error', '=', 'engine_failed')
          .where('changed_at', '>=', since)
          .orderBy('id', 'desc').limit(BATCH))
      .returningAll()
      .execute();
    await deps.jobs.requeueIn(tx, reset.map((r) => r.id));
    return reset;
  });
  if (rows.length === 0) return 0;
  const rooms = [...new Set(rows.map((r) => r.chat_room_id))];
  const participants = await deps.db.selectFrom('chat_room_participants').select(['chat_room_id', 'user_id']).where('chat_room_id', 'in', rooms).execute();
  for (const row of rows) {
    const audience = participants.filter((p) => p.chat_room_id === row.chat_room_id).map((p) => p.user_id);
    deps.events.publish(audience, { v: 1, type: 'message.translated', message: presentMessage(row) });
  }
  deps.jobs.queued();
  return rows.length;
}
