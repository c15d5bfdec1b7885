import { MUTED_ALWAYS_UNTIL, type MuteDuration, type MuteResponse, type PushSettingsResponse, type PushSubscriptionBody } from '@parley/common';
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { isUuid, roomNotFound } from '../chat/membership.ts';
import { checkEndpoint } from './ssrf.ts';

/**
 * This device's subscription (one per session: a new one replaces it). The endpoint is checked
 * against server-side request forgery first (https, public address, or an allowed origin).
 */
export async function saveSubscription(db: Db, me: { id: string; sessionId: string }, body: PushSubscriptionBody, allowed: ReadonlySet<string>): Promise<{ created: boolean }> {
  await checkEndpoint(body.endpoint, allowed);
  // One endpoint belongs to one device: if another session (an earlier sign-in on this browser) holds it, it moves here.
  return db.transaction().execute(async (tx) => {
    await tx.deleteFrom('push_subscriptions').where('endpoint', '=', body.endpoint).where('session_id', '<>', me.sessionId).execute();
    const row = await tx.insertInto('push_subscriptions')
      .values({ session_id: me.sessionId, user_id: me.id, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth })
      .onConflict((oc) => oc.column('session_id').doUpdateSet({ endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, updated_at: sql<Date>`now()` }))
      // xmax is 0 on a row this statement inserted (not on one it updated).
      .returning(sql<boolean>`(xmax = 0)`.as('created'))
      .executeTakeFirstOrThrow();
    return { created: Boolean(row.created) };
  });
}

export async function deleteSubscription(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('session_id', '=', sessionId).execute();
}

export async function pushSettings(db: Db, me: { id: string; sessionId: string }): Promise<PushSettingsResponse> {
  const [profile, sub, mutes] = await Promise.all([
    db.selectFrom('profiles').select('push_hide_text').where('id', '=', me.id).executeTakeFirst(),
    db.selectFrom('push_subscriptions').select('session_id').where('session_id', '=', me.sessionId).executeTakeFirst(),
    db.selectFrom('chat_room_participants').select(['chat_room_id', 'muted_until', 'mute_mentions'])
      .where('user_id', '=', me.id).where('muted_until', '>', sql<Date>`now()`).execute(),
  ]);
  return {
    hideText: profile?.push_hide_text ?? false,
    subscribed: !!sub,
    mutes: mutes.map((m) => ({ roomId: m.chat_room_id, until: new Date(m.muted_until as Date).toISOString(), mentions: !m.mute_mentions })),
  };
}

export async function setHideText(db: Db, userId: string, hideText: boolean): Promise<void> {
  await db.updateTable('profiles').set({ push_hide_text: hideText }).where('id', '=', userId).execute();
}

const DURATION_MS: Record<Exclude<MuteDuration, 'always'>, number> = { '1h': 3_600_000, '8h': 8 * 3_600_000, '1w': 7 * 24 * 3_600_000 };

/**
 * Mute (or, with null, unmute) a conversation's pushes for its member; others get the room's 404. A mute lets
 * mentions of the member through ("Only mentions") unless `mentions` is false ("Mute everything").
 */
export async function setMute(db: Db, userId: string, roomId: string, duration: MuteDuration | null, now: Date, mentions = true): Promise<MuteResponse> {
  if (!isUuid(roomId)) throw roomNotFound();
  const until = duration === null ? null : duration === 'always' ? new Date(MUTED_ALWAYS_UNTIL) : new Date(now.getTime() + DURATION_MS[duration]);
  const muteMentions = duration !== null && !mentions;
  const row = await db.updateTable('chat_room_participants').set({ muted_until: until, mute_mentions: muteMentions })
    .where('chat_room_id', '=', roomId).where('user_id', '=', userId).returning('chat_room_id').executeTakeFirst();
  if (!row) throw roomNotFound();
  return { roomId, until: until?.toISOString() ?? null, mentions: !muteMentions };
}
