import type { Db } from '../db/connect.ts';

const KEY = 'link_previews_enabled';
/** Read from the database at most this often per node; a change made on this node counts at once. */
const CACHE_MS = 5_000;

let cached: { value: boolean; at: number; db: Db } | undefined;
/** The last value read on this node per database (true before any): what the event consumer's synchronous `wants` goes by. */
const lastKnown = new WeakMap<Db, boolean>();

/**
 * Link previews on or off server-wide: a row in `settings` beside the console's other switches (on unless an
 * operator turned them off), cached a few seconds per node as integrationsEnabled is.
 */
export async function linkPreviewsEnabled(db: Db): Promise<boolean> {
  const now = Date.now();
  if (cached && cached.db === db && now - cached.at < CACHE_MS) return cached.value;
  const row = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
  const value = row?.value !== 'off';
  cached = { value, at: now, db };
  lastKnown.set(db, value);
  return value;
}

/** Without I/O: the switch as this node last read it (another node's change counts within CACHE_MS of a read). */
export const linkPreviewsLastKnown = (db: Db) => lastKnown.get(db) ?? true;

export async function setLinkPreviewsEnabled(db: Db, enabled: boolean, now: Date): Promise<void> {
  const value = enabled ? 'on' : 'off';
  await db.insertInto('settings').values({ key: KEY, value, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now })).execute();
  cached = undefined; // the caller reads it again after its transaction commits
}
