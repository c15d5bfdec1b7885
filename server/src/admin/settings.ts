import { REGISTRATION_MODES, type RegistrationMode } from '@parley/common';
import type { Kysely } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { recordAudit, type Actor } from './audit.ts';

const REGISTRATION_KEY = 'registration';

/**
 * The registration mode: the console's choice (a row in `settings`, so every node agrees), else REGISTRATION
 * from the environment. Read per sign-up: one indexed row.
 */
export async function registrationMode(db: Kysely<Database>, fallback: RegistrationMode): Promise<RegistrationMode> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', REGISTRATION_KEY).executeTakeFirst();
  return row && (REGISTRATION_MODES as readonly string[]).includes(row.value) ? (row.value as RegistrationMode) : fallback;
}

export async function setRegistrationMode(db: Kysely<Database>, mode: RegistrationMode, now: Date): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key: REGISTRATION_KEY, value: mode, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: mode, updated_at: now }))
    .execute();
}

export type { Db };

const MEMBERS_INVITE_KEY = 'members_invite';

/** "Members may invite" (issue 38): any member may create one-person invite links. Off unless the console turned it on. */
export async function membersMayInvite(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', MEMBERS_INVITE_KEY).executeTakeFirst();
  return row?.value === 'on';
}

export async function setMembersMayInvite(db: Kysely<Database>, allowed: boolean, now: Date): Promise<void> {
  const value = allowed ? 'on' : 'off';
  await db
    .insertInto('settings')
    .values({ key: MEMBERS_INVITE_KEY, value, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
    .execute();
}

/**
 * An operator changes who may sign up (console or command line) and, from the console, whether members may
 * invite; audited as `registration.changed` in the same transaction. Answers whether members may invite now.
 */
export async function changeRegistration(
  db: Kysely<Database>,
  actor: Actor,
  change: { mode: RegistrationMode; membersMayInvite?: boolean | undefined; fallback: RegistrationMode },
  now: Date,
): Promise<{ membersMayInvite: boolean }> {
  const { mode, membersMayInvite: invites } = change;
  return db.transaction().execute(async (trx) => {
    const before = await registrationMode(trx, change.fallback);
    const allowedBefore = await membersMayInvite(trx);
    await setRegistrationMode(trx, mode, now);
    if (invites !== undefined) await setMembersMayInvite(trx, invites, now);
    const details = { from: before, to: mode, ...(invites !== undefined && invites !== allowedBefore ? { membersMayInvite: invites } : {}) };
    await recordAudit(trx, { action: 'registration.changed', actor, details }, now);
    return { membersMayInvite: invites ?? allowedBefore };
  });
}
