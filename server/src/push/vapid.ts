import webpush from 'web-push';
import type { Db } from '../db/connect.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact the push services may use (RFC 8292 "sub"). */
  subject: string;
}

const PUBLIC = 'vapid_public_key';
const PRIVATE = 'vapid_private_key';

/**
 * The server's VAPID key pair: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set; else the pair in the
 * `settings` table, made by the first node that starts (INSERT ... ON CONFLICT DO NOTHING, then read:
 * nodes starting together agree), so every node signs with the same key and subscriptions made
 * through one node are accepted for pushes sent by another.
 */
export async function loadVapidKeys(db: Db, o: { publicKey?: string | undefined; privateKey?: string | undefined; subject: string }): Promise<VapidKeys> {
  if (o.publicKey && o.privateKey) return { publicKey: o.publicKey, privateKey: o.privateKey, subject: o.subject };
  const made = webpush.generateVAPIDKeys();
  await db.transaction().execute(async (tx) => {
    await tx.insertInto('settings').values([{ key: PUBLIC, value: made.publicKey }, { key: PRIVATE, value: made.privateKey }])
      .onConflict((oc) => oc.column('key').doNothing()).execute();
  });
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', [PUBLIC, PRIVATE]).execute();
  const get = (k: string) => rows.find((r) => r.key === k)?.value;
  const publicKey = get(PUBLIC);
  const privateKey = get(PRIVATE);
  if (!publicKey || !privateKey) throw new Error('VAPID keys missing from the settings table');
  return { publicKey, privateKey, subject: o.subject };
}
