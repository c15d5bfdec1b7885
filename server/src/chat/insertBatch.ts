import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { StatementBatch } from '../platform/batch.ts';
import { pairSendAllowed } from '../safety/blocks.ts';
import type { MessageRow, TranslationRow } from './presenters.ts';
import type { TranslationJobs } from './translationJobs.ts';
import type { DomainEvent, EventLog } from '../events/index.ts';

/** One message to store: the messages row's values, and whether its room is a pair (the block rule applies). */
export interface MessageInsert {
  chat_room_id: string;
  sender_id: string;
  client_id: string;
  content: string;
  original_language: string | null;
  attachment: string | null;
  reply_to_id: string | null;
  /** Who it mentions (chat/mentions.ts), as JSON text. */
  mentions: string | null;
  direct: boolean;
  /** An incoming webhook's post (webhooks/): JSON text of ViaWebhook, else null. */
  via_webhook?: string | null;
}

/** More rows than this in one statement would only make its parameters list long (8 per row). */
const MAX_ROWS = 64;

const keyOf = (r: { chat_room_id: string; sender_id: string | null; client_id: string }) => `${r.chat_room_id} ${r.sender_id} ${r.client_id}`;

/**
 * Group commit for sends that are one statement (no translation rows, no push job): the sends that arrive together
 * are one multi-row INSERT (platform/batch.ts); each gets its own row back, or none: refused by a block, or a
 * repeated client id (the caller tells which).
 */
async function insertEach(db: Db, batch: MessageInsert[]): Promise<(MessageRow | undefined)[]> {
  const byKey = new Map((await insertRows(db, batch)).map((row) => [keyOf(row), row]));
  return batch.map((values) => {
    const key = keyOf(values);
    const row = byKey.get(key);
    // The same client id twice in one batch: the first gets the row, the second finds it stored.
    byKey.delete(key);
    return row;
  });
}

function insertRows(db: Db, rows: MessageInsert[]): Promise<MessageRow[]> {
  const values = sql.join(rows.map((r, n) => sql`(${r.chat_room_id}::uuid, ${r.sender_id}::uuid, ${r.client_id}::text, ${r.content}::text,
    ${r.original_language}::text, ${r.attachment}::jsonb, ${r.reply_to_id}::bigint, ${r.mentions}::jsonb, ${r.direct}::boolean, ${n}::int, ${r.via_webhook ?? null}::jsonb)`));
  // A pair's send is refused when either blocked the other or the partner is gone (safety/blocks.ts): checked by the
  // insert itself, so a block takes effect at the next send. Ordered as they arrived: ids follow that order.
  return sql<MessageRow>`INSERT INTO messages (chat_room_id, sender_id, client_id, content, original_language, attachment, reply_to_id, mentions, via_webhook)
    SELECT v.room, v.sender, v.client, v.content, v.lang, v.attachment, v.reply, v.mentions, v.via
    FROM (VALUES ${values}) AS v(room, sender, client, content, lang, attachment, reply, mentions, direct, n, via)
    WHERE NOT v.direct OR ${pairSendAllowed(sql.ref('v.room'), sql.ref('v.sender'))}
    ORDER BY v.n
    ON CONFLICT ON CONSTRAINT messages_client_id_unique DO NOTHING
    RETURNING *`.execute(db).then((r) => r.rows);
}

const perDatabase = new WeakMap<Db, StatementBatch<MessageInsert, MessageRow | undefined>>();

function insertsOf(db: Db): StatementBatch<MessageInsert, MessageRow | undefined> {
  let inserts = perDatabase.get(db);
  if (!inserts) perDatabase.set(db, (inserts = new StatementBatch((batch) => insertEach(db, batch), MAX_ROWS)));
  return inserts;
}

/** Store one message through its database's batch (one per database handle, so every caller shares it). */
export function insertMessage(db: Db, values: MessageInsert): Promise<MessageRow | undefined> {
  return insertsOf(db).add(values);
}

/** How many batched statements stored how many sends on this database handle. */
export const insertStats = (db: Db): { statements: number; rows: number } => {
  const { statements, items } = insertsOf(db).stats;
  return { statements, rows: items };
};

/** A send that also writes translation rows or records its event: the message and that work commit together. */
export interface SendWork {
  values: MessageInsert;
  languages: readonly string[];
  /** Record `message.sent` (some consumer wants it), and whether a member's device may need telling. */
  event: { notify: boolean; link: boolean } | undefined;
}

/** What the send's transaction did: the message's row and its translation rows (no row: as insertMessage). */
export type SendWritten = { row: MessageRow; rows: TranslationRow[] } | undefined;

/** The translation jobs and the event log the transactional sends of one app write through. */
export interface SendWriters {
  jobs: Pick<TranslationJobs, 'addTranslationsOf'>;
  eventLog: EventLog;
}

/**
 * The sends of one turn that carry work, in one transaction: one insert of messages, one of translation rows,
 * one of their jobs, and one of their events' jobs (group commit, as insertMessage). A batch refused as a whole runs
 * again send by send, each in its own transaction, so one bad send fails alone and nothing is half-written.
 */
async function writeSends(db: Db, writers: SendWriters, sends: SendWork[]): Promise<SendWritten[]> {
  const { written, recorded } = await db.transaction().execute(async (tx) => {
    const rows = await insertEach(tx, sends.map((s) => s.values));
    const wanted = sends.flatMap((s, i) => (rows[i] ? s.languages.map((language) => ({ messageId: String(rows[i]!.id), language })) : []));
    const translations = await writers.jobs.addTranslationsOf(tx, wanted);
    const events = sends.flatMap((s, i): DomainEvent[] => {
      const row = rows[i];
      return row && s.event ? [{ type: 'message.sent', roomId: row.chat_room_id, messageId: String(row.id), actorId: row.sender_id, notify: s.event.notify, ...(s.event.link ? { link: true } : {}) }] : [];
    });
    const recorded = await writers.eventLog.record(tx, events);
    return { recorded, written: rows.map((row) => row && { row, rows: translations.filter((t) => String(t.message_id) === String(row.id)) }) };
  });
  recorded.wake();
  return written;
}

const perWriters = new WeakMap<SendWriters['jobs'], StatementBatch<SendWork, SendWritten>>();

function sendsOf(db: Db, writers: SendWriters): StatementBatch<SendWork, SendWritten> {
  let batch = perWriters.get(writers.jobs);
  if (!batch) perWriters.set(writers.jobs, (batch = new StatementBatch((sends) => writeSends(db, writers, sends), MAX_ROWS)));
  return batch;
}

/** Store a send with its translation rows and event through the app's batch (keyed by its translation jobs). */
export function insertMessageWithWork(db: Db, writers: SendWriters, work: SendWork): Promise<SendWritten> {
  return sendsOf(db, writers).add(work);
}

/** How many transactions stored how many sends with work, for the app of these translation jobs. */
export const sendWorkStats = (jobs: SendWriters['jobs']): { transactions: number; sends: number } => {
  const stats = perWriters.get(jobs)?.stats ?? { statements: 0, items: 0 };
  return { transactions: stats.statements, sends: stats.items };
};
