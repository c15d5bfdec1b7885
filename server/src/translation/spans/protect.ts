/**
 * Protected spans through any engine: before a text reaches an engine, each span findProtectedSpans
 * finds becomes one character of the Unicode private use area (U+E100 + i, clear of the interface
 * placeholders at U+E000 and the glossary marks at U+F100). Apertium treats such a character as an
 * unknown symbol and keeps its place, through every leg of a pivot; the other engines turn the marks
 * into what their protocol keeps (see wire.ts). After translation each mark becomes its span again.
 * A mark the engine lost is never a lost span: it goes back at the end of the translation (or, for a
 * span that was the whole text's tail, where it was), and a doubled mark keeps only its first place.
 */
import type { TextSpan } from '@parley/common';
import { findProtectedSpans, type ProtectedSpan } from './detect.ts';

export const FIRST_MARK = 0xe100;
const LAST_MARK = 0xe8ff;
export const MARKS = /[\uE100-\uE8FF]/g;

export interface Shielded {
  /** The text with every span replaced by its mark. */
  text: string;
  /** spans[i] is the original text behind mark U+E100 + i. */
  spans: string[];
  kinds: (ProtectedSpan['kind'] | 'phrase')[];
}

export const markOf = (i: number) => String.fromCharCode(FIRST_MARK + i);
export const indexOf = (mark: string) => mark.charCodeAt(0) - FIRST_MARK;

/** A part of the text replaced by a given value (a phrase-table rendering, phrasebook/) instead of kept. */
export interface Replacement {
  start: number;
  end: number;
  value: string;
}

/** `replacements` (non-overlapping) go first; spans overlapping one are left to it. */
export function protectSpans(text: string, replacements: readonly Replacement[] = [], detect = true): Shielded {
  const spans: string[] = [];
  const kinds: Shielded['kinds'] = [];
  const found = (detect ? findProtectedSpans(text) : []).filter((s) => !replacements.some((r) => s.start < r.end && s.end > r.start));
  const all = [...found.map((s) => ({ ...s, value: text.slice(s.start, s.end) })), ...replacements.map((r) => ({ ...r, kind: 'phrase' as const }))]
    .sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const span of all) {
    if (FIRST_MARK + spans.length > LAST_MARK) break;
    out += text.slice(at, span.start) + markOf(spans.length);
    spans.push(span.value);
    kinds.push(span.kind);
    at = span.end;
  }
  return { text: out + text.slice(at), spans, kinds };
}

export interface Restored {
  text: string;
  /** Marks the engine lost (their spans were added back) or doubled. */
  lost: number;
  /** `unknown` spans of the engine's output, moved to their place in the restored text. */
  unknown?: TextSpan[] | undefined;
}

/** The translation with every span back in place; none is ever dropped. */
export function restoreSpans(translated: string, shield: Pick<Shielded, 'spans'>, unknown?: readonly TextSpan[]): Restored {
  const { spans } = shield;
  if (spans.length === 0) return { text: translated, lost: 0, ...(unknown ? { unknown: [...unknown] } : {}) };
  const seen = new Set<number>();
  let lost = 0;
  let out = '';
  /** map[i]: where character i of `translated` lands in `out`. */
  const map: number[] = [];
  for (let i = 0; i < translated.length; i += 1) {
    map.push(out.length);
    const c = translated[i] as string;
    const code = c.charCodeAt(0);
    if (code < FIRST_MARK || code > LAST_MARK) {
      out += c;
      continue;
    }
    const index = code - FIRST_MARK;
    const span = spans[index];
    if (span === undefined || seen.has(index)) {
      lost += 1; // a mark the engine made up or doubled: dropped (its span is kept once)
      continue;
    }
    seen.add(index);
    out += span;
  }
  map.push(out.length);
  const missing = spans.filter((_, i) => !seen.has(i));
  if (missing.length > 0) {
    lost += missing.length;
    out = `${out.trimEnd()} ${missing.join(' ')}`;
  }
  const moved = unknown
    ?.map((s) => ({ start: map[s.start] ?? out.length, end: map[s.end] ?? out.length }))
    .filter((s) => s.end > s.start);
  return { text: out, lost, ...(moved ? { unknown: moved } : {}) };
}

/** The text has something to translate once its spans are hidden (a bare link or emoji has not). */
export function hasWords(shieldedText: string): boolean {
  return /\p{L}/u.test(shieldedText.replace(MARKS, ''));
}
