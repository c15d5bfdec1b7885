import { createHash, randomBytes } from 'node:crypto';
import type { AdminInvite, CreatedInvite } from '@parley/common';
import type { Kysely, Selectable } from 'kysely';
import type { Database, InvitesTable } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { recordAudit, type Actor } from './audit.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The sign-up address with the invite (the auth screen reads ?invite=). */
export function inviteUrl(publicUrl: string | undefined, token: string): string {
  return `${publicUrl ?? ''}/auth?mode=signup&invite=${encodeURIComponent(token)}`;
}

function present(row: Selectable<InvitesTable>, createdBy: string | null): AdminInvite {
  return {
    id: row.id,
    maxUses: row.max_uses,
    uses: row.uses,
    expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : null,
    revoked: row.revoked_at !== null,
    createdAt: new Date(row.created_at).toISOString(),
    createdBy,
  };
}

export async function createInvite(
  db: Kysely<Database>,
  input: { maxUses: number; expiresInHours: number | null; createdBy: string | null; publicUrl: string | undefined },
  now: Date,
): Promise<CreatedInvite> {
  const token = randomBytes(24).toString('base64url');
  const row = await db
    .insertInto('invites')
    .values({
      token_hash: hashToken(token),
      created_by: input.createdBy,
      max_uses: input.maxUses,
      expires_at: input.expiresInHours === null ? null : new Date(now.getTime() + input.expiresInHours * 3_600_000),
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...present(row, null), token, url: inviteUrl(input.publicUrl, token) };
}

/** An operator's invite (console or command line), audited as `invite.created` in the same transaction. */
export async function issueInvite(
  db: Kysely<Database>,
  actor: Actor,
  input: { maxUses: number; expiresInHours: number | null; publicUrl: string | undefined },
  now: Date,
): Promise<CreatedInvite> {
  return db.transaction().execute(async (trx) => {
    const created = await createInvite(trx, { ...input, createdBy: actor.id }, now);
    await recordAudit(trx, { action: 'invite.created', actor, details: { id: created.id, maxUses: created.maxUses, expiresAt: created.expiresAt } }, now);
    return created;
  });
}

/** An operator revokes an invite (404 when there is none), audited as `invite.revoked`. */
export async function withdrawInvite(db: Kysely<Database>, actor: Actor, id: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await revokeInvite(trx, id, now))) throw notFound('No such invite');
    await recordAudit(trx, { action: 'invite.revoked', actor, details: { id } }, now);
  });
}

export async function listInvites(db: Kysely<Database>): Promise<AdminInvite[]> {
  const rows = await db
    .selectFrom('invites')
    .leftJoin('users', 'users.id', 'invites.created_by')
    .selectAll('invites')
    .select('users.email as creator')
    .orderBy('invites.created_at', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => present(r, r.creator));
}

/** Revoke; false when there is no such invite. */
export async function revokeInvite(db: Kysely<Database>, id: string, now: Date): Promise<boolean> {
  const r = await db.updateTable('invites').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  if (Number(r.numUpdatedRows) > 0) return true;
  return (await db.selectFrom('invites').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/**
 * Use one place of an invite, in the sign-up's transaction: one conditional UPDATE, so two sign-ups racing for
 * the last place cannot both get it. The invite's id, or null when the token is unknown, used up, expired or
 * revoked.
 */
export async function useInvite(trx: Kysely<Database>, token: string, now: Date): Promise<string | null> {
  const row = await trx
    .updateTable('invites')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .where((eb) => eb('uses', '<', eb.ref('max_uses')))
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}
