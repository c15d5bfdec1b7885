import type { Db } from '../db/connect.ts';

const KEY = 'integrations_enabled';
/** Read from the database at most this often per node; a change made on this node counts at once. */
const CACHE_MS = 5_000;

let cached: { value: boolean; at: number; db: Db } | undefined;

/**
 * Integrations (API tokens, bots, webhooks) on or off server-wide: a row in `settings` beside the console's other
 * settings (on unless an operator turned them off). Asked on every bearer call, so cached a few seconds per node.
 * Webhooks read the same switch through this function.
 */
export async function integrationsEnabled(db: Db): Promise<boolean> {
  const now = Date.now();
  if (cached && cached.db === db && now - cached.at < CACHE_MS) return cached.value;
  const row = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
  const value = row?.value !== 'off';
  cached = { value, at: now, db };
  return value;
}

export async function setIntegrationsEnabled(db: Db, enabled: boolean, now: Date): Promise<void> {
  const value = enabled ? 'on' : 'off';
  await db
    .insertInto('settings')
    .values({ key: KEY, value, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
    .execute();
  cached = undefined;
}
