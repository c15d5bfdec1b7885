/**
 * Plain text <-> Apertium stream format, done in-process (what apertium-destxt / apertium-retxt do),
 * so one long-lived `apertium -z -f none` pipeline can serve many requests.
 *
 * - Stream-special characters are backslash-escaped.
 * - Whitespace other than a single space (newlines, tabs, runs of spaces) becomes a superblank `[...]`,
 *   which Apertium passes through untouched: multi-line text keeps its line breaks.
 * - The user's own `*`, `#` and `@` also travel inside superblanks, so every bare `*` (unknown word),
 *   `#` (generation error) and `@` (transfer error) in the output is an Apertium mark and can be
 *   removed without ever deleting a character the user wrote.
 * - Like destxt, a '.' followed by an empty superblank `[]` is added at the end of each paragraph
 *   that lacks final punctuation (helps the tagger); the reformatter removes it again. In chat every
 *   line is one (a list item, a quote, a line of its own): no word is ever moved across a line break.
 * - NUL is the flush delimiter of the pipeline, so it never reaches it.
 * - Some stages write a mark escaped (`\@` for a word the transfer could not translate): a bare
 *   escaped mark is Apertium's too, since the user's never appears bare.
 */

import type { TextSpan } from '@parley/common';

const ESCAPED = new Set(['\\', '[', ']', '^', '$', '/', '<', '>', '{', '}']);
const MARKS = new Set(['*', '#', '@']);
const SENTENCE_END = /[.!?…;:。！？]$/u;
const BLANK = /[ \t\n\r\f\v]/;

function escapeChar(c: string): string {
  return ESCAPED.has(c) || c === '@' ? `\\${c}` : c;
}

function superblank(content: string): string {
  return `[${Array.from(content, escapeChar).join('')}]`;
}

export function deformat(text: string): string {
  const input = text.replace(/\0/g, '');
  let out = '';
  /** Last non-blank character of the text so far (decides whether a period is inserted). */
  let last = '';
  let i = 0;
  while (i < input.length) {
    const c = input[i] as string;
    if (BLANK.test(c)) {
      let j = i;
      while (j < input.length && BLANK.test(input[j] as string)) j += 1;
      const run = input.slice(i, j);
      const paragraphEnd = j === input.length || run.includes('\n');
      if (paragraphEnd && last && !SENTENCE_END.test(last)) out += '.[]';
      if (paragraphEnd) last = '';
      // A lone space between words stays bare; any other blank (and any at either end) is kept verbatim.
      out += run === ' ' && i > 0 && j < input.length ? ' ' : superblank(run);
      i = j;
      continue;
    }
    out += MARKS.has(c) ? superblank(c) : escapeChar(c);
    last = c;
    i += 1;
  }
  if (last && !SENTENCE_END.test(last)) out += '.[]';
  return out;
}

export type { TextSpan } from '@parley/common';

export interface Reformatted {
  text: string;
  /** Words Apertium did not know (marked `*`) or could not transfer (`@`): left untranslated. */
  unknown: TextSpan[];
}

const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;

export function reformat(stream: string): string {
  return reformatWithMarks(stream).text;
}

/**
 * Stream -> plain text, removing every Apertium mark and noting where its untranslated words are.
 * Bare marks (`*`, `#`, `@`, and `\@`, `\*`, `\#`: some stages escape them) are always
 * Apertium's: the user's own travel in superblanks (see deformat).
 */
export function reformatWithMarks(stream: string): Reformatted {
  let out = '';
  const unknown: TextSpan[] = [];
  /** Start of the word after an unknown-word mark, while that word is being copied. */
  let markedFrom: number | undefined;
  /** Bare spaces (not from a superblank) come from Apertium, not the user: when it drops a word it
   * leaves two ('Are you sure you want' -> 'Eres seguro  quieres') or a leading one ('I have' ->
   * ' Tengo'). Runs of them are collapsed and those at either end removed. */
  let bareSpace = false;
  let started = false;
  let trailingBare = 0;
  const endMarked = () => {
    if (markedFrom !== undefined && out.length > markedFrom) unknown.push({ start: markedFrom, end: out.length });
    markedFrom = undefined;
  };
  const append = (text: string, wordChar: boolean) => {
    if (!wordChar) endMarked();
    out += text;
    bareSpace = false;
    trailingBare = 0;
    started = true;
  };
  const mark = (c: string) => {
    endMarked();
    if (c !== '#') markedFrom = out.length; // '#': known word, not inflected; '*', '@': untranslated
  };
  let i = 0;
  while (i < stream.length) {
    const c = stream[i] as string;
    if (c === '\\' && i + 1 < stream.length) {
      const next = stream[i + 1] as string;
      if (MARKS.has(next)) mark(next);
      else append(next, WORD_CHAR.test(next));
      i += 2;
    } else if (c === '[') {
      endMarked();
      let j = i + 1;
      let content = '';
      while (j < stream.length && stream[j] !== ']') {
        const step = stream[j] === '\\' && j + 1 < stream.length ? 2 : 1;
        content += stream[j + step - 1];
        j += step;
      }
      // '.[]' is the period deformat() inserted: drop it.
      if (content === '' && out.endsWith('.')) out = out.slice(0, -1);
      if (content) append(content, false);
      i = j + 1;
    } else if (MARKS.has(c)) {
      mark(c);
      i += 1;
    } else if (c === ' ') {
      endMarked();
      if (started && !bareSpace) {
        out += c;
        trailingBare += 1;
      }
      bareSpace = true;
      i += 1;
    } else {
      append(c, WORD_CHAR.test(c));
      i += 1;
    }
  }
  endMarked();
  const text = trailingBare > 0 ? out.slice(0, -trailingBare) : out;
  return { text, unknown: unknown.filter((s) => s.end <= text.length) };
}
