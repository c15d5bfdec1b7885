import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { pairSendAllowed } from '../safety/blocks.ts';
import type { MessageRow } from './presenters.ts';

/** One message to store: the messages row's values, and whether its room is a pair (the block rule applies). */
export interface MessageInsert {
  chat_room_id: string;
  sender_id: string;
  client_id: string;
  content: string;
  original_language: string | null;
  attachment: string | null;
  reply_to_id: string | null;
  direct: boolean;
}

interface Waiting {
  values: MessageInsert;
  resolve: (row: MessageRow | undefined) => void;
  reject: (err: unknown) => void;
}

/** More rows than this in one statement would only make its parameters list long (8 per row). */
const MAX_ROWS = 64;

const keyOf = (r: { chat_room_id: string; sender_id: string | null; client_id: string }) => `${r.chat_room_id} ${r.sender_id} ${r.client_id}`;

/**
 * Group commit for sends that are one statement (no translation rows, no push job). While one insert is on its
 * way to the database, the sends that arrive wait, then go together as one multi-row INSERT; each send gets its
 * own row back (or none: refused by a block, or a repeated client id — the caller tells which). Nothing waits on
 * a timer: a lone send goes after one turn of the event loop, and under load the batch is whatever arrived during the previous round trip
 * (each statement is a syscall and a wake-up of the database: the largest part of a send's CPU, PERFORMANCE.md).
 * A batch the database refuses as a whole is retried row by row, so one bad row fails only its own send.
 */
class MessageInserts {
  private waiting: Waiting[] = [];
  private flushing = false;
  /** Statements sent and rows asked for: their ratio is the batching's gain (tests and metrics read it). */
  readonly stats = { statements: 0, rows: 0 };

  constructor(private readonly db: Db) {}

  insert(values: MessageInsert): Promise<MessageRow | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ values, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      // One turn of the event loop for the sends that arrived with this one (requests read in the same I/O pass; on
      // the embedded database, whose statements run in this thread, the only chance they get to meet).
      await new Promise((resolve) => setImmediate(resolve));
      while (this.waiting.length) {
        const batch = this.waiting.splice(0, MAX_ROWS);
        this.stats.statements += 1;
        this.stats.rows += batch.length;
        try {
          const rows = await insertRows(this.db, batch.map((w) => w.values));
          const byKey = new Map(rows.map((row) => [keyOf(row), row]));
          for (const w of batch) {
            const key = keyOf(w.values);
            const row = byKey.get(key);
            // The same client id twice in one batch: the first gets the row, the second finds it stored.
            byKey.delete(key);
            w.resolve(row);
          }
        } catch (err) {
          if (batch.length === 1) batch[0]!.reject(err);
          else await Promise.all(batch.map((w) => insertRows(this.db, [w.values]).then(([row]) => w.resolve(row), w.reject)));
        }
      }
    } finally {
      this.flushing = false;
    }
  }
}

function insertRows(db: Db, rows: MessageInsert[]): Promise<MessageRow[]> {
  const values = sql.join(rows.map((r, n) => sql`(${r.chat_room_id}::uuid, ${r.sender_id}::uuid, ${r.client_id}::text, ${r.content}::text,
    ${r.original_language}::text, ${r.attachment}::jsonb, ${r.reply_to_id}::bigint, ${r.direct}::boolean, ${n}::int)`));
  // A pair's send is refused when either blocked the other or the partner is gone (safety/blocks.ts): checked by the
  // insert itself, so a block takes effect at the next send. Ordered as they arrived: ids follow that order.
  return sql<MessageRow>`INSERT INTO messages (chat_room_id, sender_id, client_id, content, original_language, attachment, reply_to_id)
    SELECT v.room, v.sender, v.client, v.content, v.lang, v.attachment, v.reply
    FROM (VALUES ${values}) AS v(room, sender, client, content, lang, attachment, reply, direct, n)
    WHERE NOT v.direct OR ${pairSendAllowed(sql.ref('v.room'), sql.ref('v.sender'))}
    ORDER BY v.n
    ON CONFLICT ON CONSTRAINT messages_client_id_unique DO NOTHING
    RETURNING *`.execute(db).then((r) => r.rows);
}

const perDatabase = new WeakMap<Db, MessageInserts>();

function insertsOf(db: Db): MessageInserts {
  let inserts = perDatabase.get(db);
  if (!inserts) perDatabase.set(db, (inserts = new MessageInserts(db)));
  return inserts;
}

/** Store one message through its database's batch (one per database handle, so every caller shares it). */
export function insertMessage(db: Db, values: MessageInsert): Promise<MessageRow | undefined> {
  return insertsOf(db).insert(values);
}

/** How many batched statements stored how many sends on this database handle. */
export const insertStats = (db: Db): { statements: number; rows: number } => ({ ...insertsOf(db).stats });

/** The same insert inside a transaction that also writes translation rows or a push job (not batched). */
export async function insertMessageIn(tx: Db, values: MessageInsert): Promise<MessageRow | undefined> {
  const [row] = await insertRows(tx, [values]);
  return row;
}
