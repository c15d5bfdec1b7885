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

/** Push services take about 4 KB; a body is cut well below (an ellipsis says so). */
const BODY_MAX_CHARS = 600;
const cut = (s: string) => ([...s].length > BODY_MAX_CHARS ? `${[...s].slice(0, BODY_MAX_CHARS - 1).join('')}…` : s);

/** A room's Topic header: its id without dashes (32 characters, base64url-safe). */
export const topicOf = (roomId: string) => roomId.replace(/-/g, '').slice(0, 32);

/** What composition needs of a reader (one query of the fan-out's devices reads it with them). */
export interface PushReader {
  id: string;
  language: string | null;
  push_hide_text: boolean;
  translation_first: boolean;
}

type Composed = { payload: PushPayload; options: PushOptions } | undefined;

/**
 * The notification one reader's device shows (composeForReaders for one reader, read from the database): for the
 * per-device retries, which run alone.
 */
export async function composePush(db: Db, subject: PushSubject, readerId: string): Promise<Composed> {
  const reader = await db.selectFrom('profiles').select(['id', 'language', 'push_hide_text', 'translation_first']).where('id', '=', readerId).executeTakeFirst();
  if (!reader) return undefined;
  return (await composeForReaders(db, subject, [reader])).get(readerId);
}

/**
 * The notification each reader's devices show, in the reader's language: the translation of the message into it
 * when ready, else the original followed by "Translating..."; "New message" when the reader hides message text (or
 * there is no text); "Translating..." first for a reader who shows their language first (profiles.translation_first).
 * undefined: nothing to show (gone, or a system line that is not an invitation of this reader). The message and its
 * translations are read once for all the readers (one statement), not per device; a call once.
 */
export async function composeForReaders(db: Db, subject: PushSubject, readers: readonly PushReader[]): Promise<Map<string, Composed>> {
  const out = new Map<string, Composed>();
  if (readers.length === 0) return out;
  if (subject.kind === 'incoming_call' || subject.kind === 'missed_call') {
    const call = await callSource(db, subject);
    for (const r of readers) out.set(r.id, call && callPush(subject, call, await strings(r.language)));
    return out;
  }
  const source = await messageSource(db, subject.messageId, [...new Set(readers.map((r) => r.language ?? ''))]);
  if (!source) return out;
  // The same text for every reader of a language: markdown stripped once per text, not per device.
  const plain = new Map<string, string>();
  const toPlain = (md: string) => plain.get(md) ?? (plain.set(md, markdownToPlain(md)), plain.get(md)!);
  for (const r of readers) out.set(r.id, messagePush(subject, source, r, await strings(r.language), toPlain));
  return out;
}

type Strings = Awaited<ReturnType<typeof strings>>;
type CallSubject = Extract<PushSubject, { callId: string }>;

async function callSource(db: Db, subject: CallSubject) {
  const caller = await db.selectFrom('profiles').select('username').where('id', '=', subject.callerId).executeTakeFirst();
  if (subject.kind === 'missed_call') return { caller: caller?.username, left: 0 };
  // Ringing: only while it still rings, and the push service keeps it no longer than the ring lasts.
  const call = await db.selectFrom('calls').select(['state', 'ring_until']).where('id', '=', subject.callId as never).executeTakeFirst();
  const left = call ? Math.floor((new Date(call.ring_until).getTime() - Date.now()) / 1000) : 0;
  if (!call || call.state !== 'ringing' || left < 1) return undefined;
  return { caller: caller?.username, left };
}

function callPush(subject: CallSubject, call: { caller: string | undefined; left: number }, t: Strings): Composed {
  const ringing = subject.kind === 'incoming_call';
  const payload: PushPayload = {
    v: 1, kind: subject.kind, roomId: subject.roomId, title: call.caller ?? 'Parley', body: t(ringing ? 'calls.incoming' : 'push.missedCall'), tag: `parley-room-${subject.roomId}`,
  };
  return { payload, options: { ttl: ringing ? call.left : 24 * 3_600, urgency: 'high', topic: topicOf(subject.roomId) } };
}

/** The message with its translations into these languages: one statement. undefined: gone. */
async function messageSource(db: Db, messageId: string, languages: string[]) {
  const rows = await db
    .selectFrom('messages as m')
    .innerJoin('chat_rooms as r', 'r.id', 'm.chat_room_id')
    .leftJoin('profiles as s', 's.id', 'm.sender_id')
    .leftJoin('message_translations as t', (j) => j.onRef('t.message_id', '=', 'm.id').on('t.language', 'in', languages))
    .select(['m.id', 'm.chat_room_id', 'm.content', 'm.system_event', 'm.deleted_at', 'm.created_at', 'r.kind', 'r.name', 's.username', 't.language', 't.status', 't.content as translated'])
    .where('m.id', '=', messageId as never)
    .execute();
  const first = rows[0];
  if (!first) return undefined;
  return { ...first, translations: new Map(rows.filter((r) => r.language !== null).map((r) => [r.language!, { status: r.status, content: r.translated }])) };
}

function messagePush(
  subject: Extract<PushSubject, { messageId: string }>, row: NonNullable<Awaited<ReturnType<typeof messageSource>>>, reader: PushReader, t: Strings,
  toPlain: (markdown: string) => string,
): Composed {
  const roomId = row.chat_room_id;
  const base = { v: 1 as const, roomId, tag: `parley-room-${roomId}`, messageId: String(row.id) };
  const options: PushOptions = { ttl: 24 * 3_600, urgency: 'high', topic: topicOf(roomId) };
  const sender = row.username ?? 'Parley';
  if (row.system_event) {
    const e = row.system_event;
    const invited = e.kind === 'created' || (e.kind === 'member_added' && e.target?.id === reader.id);
    if (!invited) return undefined;
    return {
      payload: { ...base, kind: 'group_invite', title: row.name ?? 'Parley', body: t('push.groupInvite', { name: e.actor?.username ?? sender }) },
      options: { ...options, urgency: 'normal' },
    };
  }
  const changed = subject.kind === 'message_changed';
  // A change only rewrites the text of a notification still showing: nothing to rewrite when text is hidden.
  if (changed && reader.push_hide_text) return undefined;
  if (changed) {
    // Not the room's Topic: that would make the push service drop an undelivered newer message of the room.
    const left = Math.floor((new Date(row.created_at).getTime() + 24 * 3_600_000 - Date.now()) / 1000);
    if (left < 1) return undefined;
    options.topic = undefined;
    options.ttl = left;
    options.urgency = 'normal';
  }
  const translation = row.translations.get(reader.language ?? '');
  let text: string;
  if (row.deleted_at) text = t('chat.messageDeleted');
  else if (reader.push_hide_text || row.content.trim() === '') text = t('push.newMessage');
  // A notification shows plain text: markdown marks stripped (common/src/markdown/plain.ts).
  else if (translation?.status === 'done' && translation.content) text = toPlain(translation.content);
  // "Show my language first": the reader is told the translation is coming before the original they may not read.
  else if (translation?.status === 'pending') text = reader.translation_first ? `${t('push.translating')}\n${toPlain(row.content)}` : `${toPlain(row.content)}\n${t('push.translating')}`;
  else text = toPlain(row.content);
  const group = row.kind === 'group';
  return {
    payload: { ...base, kind: changed ? 'message_changed' : 'message', title: group ? (row.name ?? sender) : sender, body: cut(group ? `${sender}: ${text}` : text) },
    options,
  };
}
