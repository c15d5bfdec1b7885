import type { AuditAction, AuditEntry } from '@parley/common';
import type { Kysely } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';

/** Who acted: a signed-in person (with their address) or the command line. */
export interface Actor {
  id: string | null;
  email: string | null;
  address: string | null;
}

export const CLI_ACTOR: Actor = { id: null, email: 'command line', address: null };

export interface AuditRecord {
  /** One of AUDIT_ACTIONS (common): the console translates each. */
  action: AuditAction;
  actor?: Actor;
  target?: { id: string | null; email: string | null };
  details?: Record<string, unknown>;
}

/** Append one entry; inside the caller's transaction when given, so the entry and the change commit together. */
export async function recordAudit(db: Kysely<Database>, entry: AuditRecord, now: Date): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: now,
      action: entry.action,
      actor_id: entry.actor?.id ?? null,
      actor_email: entry.actor?.email ?? null,
      address: entry.actor?.address ?? null,
      target_id: entry.target?.id ?? null,
      target_email: entry.target?.email ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
    })
    .execute();
}

export async function listAudit(
  db: Db,
  query: { action?: string; q?: string; limit: number; before?: number },
): Promise<AuditEntry[]> {
  let select = db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(query.limit);
  if (query.action) select = select.where('action', '=', query.action);
  if (query.before) select = select.where('id', '<', String(query.before));
  if (query.q) {
    const like = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    select = select.where((eb) =>
      eb.or([eb(eb.fn('lower', ['actor_email']), 'like', like), eb(eb.fn('lower', ['target_email']), 'like', like), eb('address', 'like', like)]),
    );
  }
  const rows = await select.execute();
  return rows.map((r) => ({
    id: String(r.id),
    at: new Date(r.at).toISOString(),
    actorEmail: r.actor_email,
    action: r.action,
    targetEmail: r.target_email,
    details: r.details ? (JSON.parse(r.details) as Record<string, unknown>) : null,
    address: r.address,
  }));
}

/** Drop entries older than the retention (AUDIT_RETENTION_DAYS); returns how many went. */
export async function pruneAudit(db: Db, retentionDays: number, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  const result = await db.deleteFrom('audit_log').where('at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
