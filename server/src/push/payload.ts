import {
  ENGLISH_STRINGS, formatMessage, isLanguageCode, loadLocaleCatalog, type CatalogKey, type LanguageCode, type LocaleCatalog, type PushPayload,
} from '@parley/common';
import { markdownToPlain } from '@parley/common/markdown';
import type { Db } from '../db/connect.ts';
import type { PushOptions } from './sender.ts';

/** What a push is about (the data of its jobs: ids only, the text is read when it is sent). */
export type PushSubject =
  | { kind: 'message'; messageId: string }
  /** Edited or deleted for everyone: `version` names the change (its time), so each change is pushed once. */
  | { kind: 'message_changed'; messageId: string; version: string }
  | { kind: 'missed_call'; roomId: string; callerId: string; calleeId: string; callId: string }
  | { kind: 'incoming_call'; roomId: string; callerId: string; calleeId: string; callId: string };

const catalogs = new Map<LanguageCode, Promise<LocaleCatalog>>();

/** The catalog strings of one language (English for a missing one). */
async function strings(language: string | null): Promise<(key: CatalogKey, vars?: Record<string, string>) => string> {
  const lang: LanguageCode = language && isLanguageCode(language) ? language : 'en';
  if (lang === 'en') return (key, vars) => formatMessage(ENGLISH_STRINGS[key], 'en', vars);
  let catalog = catalogs.get(lang);
  if (!catalog) {
    catalog = loadLocaleCatalog(lang);
    catalogs.set(lang, catalog);
  }
  const loaded = await catalog;
  return (key, vars) => formatMessage(loaded[key] ?? ENGLISH_STRINGS[key], lang, vars);
}

const reading = new Map<string, Promise<unknown>>();

/**
 * Concurrent reads of the same key share one query (forgotten once it answers: nothing is cached
 * beyond the reads already waiting for it, so a later delivery reads what is stored then).
 */
export function together<T>(key: string, read: () => Promise<T>): Promise<T> {
  const running = reading.get(key) as Promise<T> | undefined;
  if (running) return running;
  const started = read().finally(() => reading.delete(key));
  reading.set(key, started);
  return started;
}

/** Push services take about 4 KB; a body is cut well below (an ellipsis says so). */
const BODY_MAX_CHARS = 600;
const cut = (s: string) => ([...s].length > BODY_MAX_CHARS ? `${[...s].slice(0, BODY_MAX_CHARS - 1).join('')}…` : s);

/** A room's Topic header: its id without dashes (32 characters, base64url-safe). */
export const topicOf = (roomId: string) => roomId.replace(/-/g, '').slice(0, 32);

/**
 * The notification one reader's device shows, in the reader's language: the translation of the
 * message into it when ready, else the original followed by "Translating..."; "New message" when
 * the reader hides message text (or there is no text); "Translating..." first for a reader who shows their
 * language first (profiles.translation_first). undefined: nothing to show (gone, or a
 * system line that is not an invitation of this reader).
 */
export async function composePush(db: Db, subject: PushSubject, readerId: string): Promise<{ payload: PushPayload; options: PushOptions } | undefined> {
  const reader = await together(`reader:${readerId}`, () => db.selectFrom('profiles').select(['language', 'push_hide_text', 'translation_first']).where('id', '=', readerId).executeTakeFirst());
  if (!reader) return undefined;
  const t = await strings(reader.language);
  if (subject.kind === 'incoming_call') {
    // Ringing: only while it still rings, and the push service keeps it no longer than the ring lasts.
    const call = await db.selectFrom('calls').select(['state', 'ring_until']).where('id', '=', subject.callId as never).executeTakeFirst();
    const left = call ? Math.floor((new Date(call.ring_until).getTime() - Date.now()) / 1000) : 0;
    if (!call || call.state !== 'ringing' || left < 1) return undefined;
    const caller = await db.selectFrom('profiles').select('username').where('id', '=', subject.callerId).executeTakeFirst();
    const payload: PushPayload = { v: 1, kind: 'incoming_call', roomId: subject.roomId, title: caller?.username ?? 'Parley', body: t('calls.incoming'), tag: `parley-room-${subject.roomId}` };
    return { payload, options: { ttl: left, urgency: 'high', topic: topicOf(subject.roomId) } };
  }
  if (subject.kind === 'missed_call') {
    const caller = await db.selectFrom('profiles').select('username').where('id', '=', subject.callerId).executeTakeFirst();
    const payload: PushPayload = { v: 1, kind: 'missed_call', roomId: subject.roomId, title: caller?.username ?? 'Parley', body: t('push.missedCall'), tag: `parley-room-${subject.roomId}` };
    return { payload, options: { ttl: 24 * 3_600, urgency: 'high', topic: topicOf(subject.roomId) } };
  }
  // The deliveries of one fan-out run together: one read per (message, language), not per device.
  const row = await together(`message:${subject.messageId}:${reader.language ?? ''}`, () => db
    .selectFrom('messages as m')
    .innerJoin('chat_rooms as r', 'r.id', 'm.chat_room_id')
    .leftJoin('profiles as s', 's.id', 'm.sender_id')
    .leftJoin('message_translations as t', (j) => j.onRef('t.message_id', '=', 'm.id').on('t.language', '=', reader.language ?? ''))
    .select(['m.id', 'm.chat_room_id', 'm.content', 'm.original_language', 'm.system_event', 'm.deleted_at', 'm.created_at', 'r.kind', 'r.name', 's.username', 't.status', 't.content as translated'])
    .where('m.id', '=', subject.messageId as never)
    .executeTakeFirst());
  if (!row) return undefined;
  const roomId = row.chat_room_id;
  const base = { v: 1 as const, roomId, tag: `parley-room-${roomId}`, messageId: String(row.id) };
  const options: PushOptions = { ttl: 24 * 3_600, urgency: 'high', topic: topicOf(roomId) };
  const sender = row.username ?? 'Parley';
  if (row.system_event) {
    const e = row.system_event;
    const invited = e.kind === 'created' || (e.kind === 'member_added' && e.target?.id === readerId);
    if (!invited) return undefined;
    return {
      payload: { ...base, kind: 'group_invite', title: row.name ?? 'Parley', body: t('push.groupInvite', { name: e.actor?.username ?? sender }) },
      options: { ...options, urgency: 'normal' },
    };
  }
  const changed = subject.kind === 'message_changed';
  // A change only rewrites the text of a notification still showing: nothing to rewrite when text is hidden.
  if (changed && (reader.push_hide_text || row.system_event)) return undefined;
  if (changed) {
    // Not the room's Topic: that would make the push service drop an undelivered newer message of the room.
    const left = Math.floor((new Date(row.created_at).getTime() + 24 * 3_600_000 - Date.now()) / 1000);
    if (left < 1) return undefined;
    options.topic = undefined;
    options.ttl = left;
    options.urgency = 'normal';
  }
  let text: string;
  if (row.deleted_at) text = t('chat.messageDeleted');
  else if (reader.push_hide_text || row.content.trim() === '') text = t('push.newMessage');
  // A notification shows plain text: markdown marks stripped (common/src/markdown/plain.ts).
  else if (row.status === 'done' && row.translated) text = markdownToPlain(row.translated);
  // "Show my language first": the reader is told the translation is coming before the original they may not read.
  else if (row.status === 'pending') text = reader.translation_first ? `${t('push.translating')}\n${markdownToPlain(row.content)}` : `${markdownToPlain(row.content)}\n${t('push.translating')}`;
  else text = markdownToPlain(row.content);
  const group = row.kind === 'group';
  return {
    payload: { ...base, kind: changed ? 'message_changed' : 'message', title: group ? (row.name ?? sender) : sender, body: cut(group ? `${sender}: ${text}` : text) },
    options,
  };
}
