import { CHAT_API } from '@parley/common/client';
import type { MessageSearchHit, MessageSearchResponse, TextSpan } from '@parley/common';
import { api } from '../../../lib/api.ts';

/** One page of message search (newest first); `cursor` is the page before's nextCursor. */
export function searchMessages(q: string, roomId: string | undefined, cursor: string | undefined, signal?: AbortSignal) {
  const params = new URLSearchParams({ q });
  if (roomId) params.set('roomId', roomId);
  if (cursor) params.set('cursor', cursor);
  return api.get<MessageSearchResponse>(`${CHAT_API.searchMessages}?${params.toString()}`, signal);
}

/** The text cut at the highlights: [text, marked] parts in order. */
export function highlightParts(text: string, spans: readonly TextSpan[]): { text: string; marked: boolean }[] {
  const parts: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const { start, end } of spans) {
    if (start < at || end > text.length || start >= end) continue;
    if (start > at) parts.push({ text: text.slice(at, start), marked: false });
    parts.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false });
  return parts;
}

/** A long message is cut around its first highlight so the match shows in two lines. */
export function excerpt(text: string, spans: readonly TextSpan[], before = 40, max = 160): { text: string; spans: TextSpan[] } {
  const first = spans[0];
  if (text.length <= max || !first || first.start <= before) return { text, spans: [...spans] };
  const from = first.start - before;
  const shifted = spans.map((s) => ({ start: s.start - from + 1, end: s.end - from + 1 })).filter((s) => s.start >= 1);
  return { text: `…${text.slice(from)}`, spans: shifted };
}

/**
 * A result's lines: the matched text (an excerpt, words marked). For a reader who shows their language first,
 * a received message found in its original reads as its translation, with the matched original below.
 */
export function hitLines(hit: MessageSearchHit, translationFirst: boolean): { main: { text: string; spans: TextSpan[] }; below: { text: string; spans: TextSpan[] } | null } {
  const matched = excerpt(hit.text, hit.highlights);
  if (translationFirst && !hit.mine && hit.textIs === 'original' && hit.other) return { main: { text: hit.other, spans: [] }, below: matched };
  return { main: matched, below: null };
}
