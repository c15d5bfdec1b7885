import { LIMITS, type MessageMention, type MessageSearchHit, type MessageSearchResponse, type RoomKind, type TextSpan } from '@parley/common';
import { sql, type RawBuilder } from 'kysely';
import { markdownToPlain } from '@parley/common/markdown';
import type { Db } from '../db/connect.ts';
import { iso } from './presenters.ts';
import { requireMembership } from './membership.ts';

/** At most this many words of a query are matched (the rest are ignored). */
const MAX_TERMS = 8;

/** The query's words (split at white space), each matched as plain text. */
export function searchTerms(q: string): string[] {
  return [...new Set(q.trim().split(/\s+/u).filter(Boolean))].slice(0, MAX_TERMS);
}

/** LIKE pattern that matches the text literally (%, _ and \ escaped), anywhere. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The same folding as the database's parley_search_fold (migration 026): lower case, no accents. */
const foldChar = (c: string) => c.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Where the terms occur in `text` (case and accents ignored), merged and in order. Folding is per character so
 * that indices map back to the text as written.
 */
export function highlightSpans(text: string, terms: readonly string[]): TextSpan[] {
  let folded = '';
  const origin: number[] = [];
  for (let i = 0; i < text.length; ) {
    const c = String.fromCodePoint(text.codePointAt(i)!);
    const f = foldChar(c);
    for (let k = 0; k < f.length; k += 1) origin.push(i);
    folded += f;
    i += c.length;
  }
  origin.push(text.length);
  const spans: TextSpan[] = [];
  for (const term of terms) {
    const t = [...term].map(foldChar).join('');
    if (!t) continue;
    for (let at = folded.indexOf(t); at !== -1; at = folded.indexOf(t, at + t.length)) {
      const endOrigin = origin[at + t.length]!;
      // The end is the start of the next character after the match (a folded character may be several).
      spans.push({ start: origin[at]!, end: endOrigin === origin[at + t.length - 1] ? endOrigin + 1 : endOrigin });
    }
  }
  spans.sort((a, b) => a.start - b.start);
  const merged: TextSpan[] = [];
  for (const s of spans) {
    const last = merged.at(-1);
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else merged.push({ ...s });
  }
  return merged;
}

interface HitRow {
  id: string;
  chat_room_id: string;
  sender_id: string | null;
  content: string;
  created_at: Date | string;
  translation: string | null;
  mentions: MessageMention[] | null;
  room_kind: RoomKind;
  room_name: string;
  sender_name: string | null;
  sender_bot: boolean | null;
  partner_name: string | null;
  /** A file's name (issue 36): what a hit in a file's name or text shows. */
  file_name: string | null;
}

/**
 * Messages of the caller's conversations (a group's from joining on; no system lines) whose original or whose
 * translation in the caller's language holds every term, newest first, a page at a time (`cursor`: older than
 * that id). The terms are bound parameters inside escaped LIKE patterns: never SQL, LIKE, regex or tsquery syntax.
 * Both texts are matched through the trigram indexes of migration 026; files by their name and their document's text
 * (chat_documents.search_text, migration 047): such a hit shows the file's name.
 */
export async function searchMessages(
  db: Db, callerId: string, input: { q: string; roomId?: string | undefined; cursor?: string | undefined },
): Promise<MessageSearchResponse> {
  if (input.roomId !== undefined) await requireMembership(db, input.roomId, callerId);
  const terms = searchTerms(input.q);
  if (terms.length === 0) return { results: [], nextCursor: null };
  const me = await db.selectFrom('profiles').select('language').where('id', '=', callerId).executeTakeFirst();
  const language = me?.language ?? null;
  const matchesIn = (text: RawBuilder<unknown>) =>
    sql.join(terms.map((t) => sql`parley_search_fold(${text}) LIKE parley_search_fold(${containsPattern(t)})`), sql` AND `);
  const matches = (column: string) => matchesIn(sql.ref(column));
  // A link card's title (issue 36 item 3, migration 048's index).
  const cardTitle = sql`m.link_preview->>'title'`;
  const page = LIMITS.messageSearchPage;
  // A term of one or two characters has no trigram, so the indexes cannot narrow it down: then the caller's
  // messages are read newest first and the scan stops at the page's end (a frequent short term ends it early).
  const indexed = terms.some((t) => [...t].length >= 3);
  const hits = indexed
    ? sql`
      SELECT m.id FROM messages m WHERE m.chat_room_id IN (SELECT room_id FROM mine) AND ${matches('m.content')}
      UNION
      SELECT m.id FROM messages m WHERE m.chat_room_id IN (SELECT room_id FROM mine) AND m.link_preview IS NOT NULL AND ${matchesIn(cardTitle)}
      UNION
      SELECT t.message_id FROM message_translations t WHERE t.language = ${language} AND ${matches('t.content')}
      UNION
      SELECT d.message_id FROM chat_documents d
      WHERE d.chat_room_id IN (SELECT room_id FROM mine) AND d.message_id IS NOT NULL AND ${matches('d.search_text')}`
    : sql`
      SELECT m.id FROM messages m
      JOIN mine ON mine.room_id = m.chat_room_id
      LEFT JOIN message_translations tm ON tm.message_id = m.id AND tm.language = ${language}
      WHERE m.system_event IS NULL AND m.deleted_at IS NULL AND (mine.since IS NULL OR m.created_at >= mine.since)
        AND ((${matches('m.content')}) OR (${matches('tm.content')}) OR (m.link_preview IS NOT NULL AND ${matchesIn(cardTitle)})
          OR EXISTS (SELECT 1 FROM chat_documents d WHERE d.message_id = m.id AND ${matches('d.search_text')}))
        ${input.cursor !== undefined ? sql`AND m.id < ${input.cursor}` : sql``}
      ORDER BY m.id DESC
      LIMIT ${page + 1}`;
  const { rows } = await sql<HitRow>`
    WITH mine AS (
      SELECT p.chat_room_id AS room_id, CASE WHEN r.kind = 'group' THEN p.joined_at END AS since
      FROM chat_room_participants p JOIN chat_rooms r ON r.id = p.chat_room_id
      WHERE p.user_id = ${callerId} ${input.roomId !== undefined ? sql`AND p.chat_room_id = ${input.roomId}` : sql``}
    ), hits AS (${hits})
    SELECT m.id, m.chat_room_id, m.sender_id, m.content, m.created_at, m.mentions, t.content AS translation,
      r.kind AS room_kind, r.name AS room_name, sp.username AS sender_name, fd.file_name,
      (SELECT u.is_bot FROM users u WHERE u.id = m.sender_id) AS sender_bot,
      CASE WHEN r.kind = 'direct' THEN (
        SELECT op.username FROM chat_room_participants o JOIN profiles op ON op.id = o.user_id
        WHERE o.chat_room_id = m.chat_room_id AND o.user_id <> ${callerId} LIMIT 1) END AS partner_name
    FROM hits h
    JOIN messages m ON m.id = h.id
    JOIN mine ON mine.room_id = m.chat_room_id
    JOIN chat_rooms r ON r.id = m.chat_room_id
    LEFT JOIN profiles sp ON sp.id = m.sender_id
    LEFT JOIN chat_documents fd ON fd.message_id = m.id
    LEFT JOIN message_translations t
      ON t.message_id = m.id AND t.language = ${language} AND m.sender_id IS DISTINCT FROM ${callerId}
    WHERE m.system_event IS NULL AND m.deleted_at IS NULL AND (mine.since IS NULL OR m.created_at >= mine.since)
      ${input.cursor !== undefined ? sql`AND m.id < ${input.cursor}` : sql``}
    ORDER BY m.id DESC
    LIMIT ${page + 1}`.execute(db);
  const results = rows.slice(0, page).map((row) => presentHit(row, callerId, terms));
  return { results, nextCursor: rows.length > page ? results.at(-1)!.id : null };
}

function presentHit(row: HitRow, callerId: string, terms: readonly string[]): MessageSearchHit {
  // Results are plain text (no markdown marks); the highlights are found in what is shown.
  const content = row.file_name && !row.content ? row.file_name : markdownToPlain(row.content);
  const translation = row.translation === null ? null : markdownToPlain(row.translation);
  const inTranslation = translation !== null ? highlightSpans(translation, terms) : [];
  const useTranslation = translation !== null && (inTranslation.length > 0 || highlightSpans(content, terms).length === 0);
  const text = useTranslation ? translation : content;
  return {
    id: String(row.id),
    roomId: row.chat_room_id,
    roomKind: row.room_kind,
    roomName: row.room_kind === 'group' ? row.room_name : (row.partner_name ?? row.room_name),
    senderId: row.sender_id,
    senderName: row.sender_name,
    ...(row.sender_bot ? { senderBot: true as const } : {}),
    mine: row.sender_id === callerId,
    text,
    highlights: useTranslation ? inTranslation : highlightSpans(content, terms),
    // "Show my language first" shows the translation of a hit found in the original (issue 38 item 4).
    textIs: useTranslation ? 'translation' : 'original',
    other: useTranslation ? content : translation,
    created_at: iso(row.created_at),
    // Its @names are drawn as mentions, as in the conversation (the text holds the name as written, never an id).
    ...(row.mentions?.length ? { mentions: row.mentions } : {}),
  };
}
