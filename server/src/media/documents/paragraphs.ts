import { DOCUMENT_LIMITS } from '@parley/common';

/** Cut at a sentence end when there is one, else at a space, else where it must be (never inside a surrogate pair). */
function cutAt(text: string, max: number): number {
  if (text.length <= max) return text.length;
  const head = text.slice(0, max);
  const sentence = Math.max(...['. ', '! ', '? ', '。', '！', '？', '.\n', '\n'].map((m) => head.lastIndexOf(m) + m.length));
  if (sentence > max / 2) return sentence;
  const space = head.lastIndexOf(' ');
  if (space > max / 2) return space + 1;
  return /[\uD800-\uDBFF]/.test(text[max - 1] ?? '') ? max - 1 : max;
}

/** A paragraph longer than an engine's chunk becomes several, each ending at a sentence where it can. */
function splitLong(paragraph: string, max: number): string[] {
  const parts: string[] = [];
  let rest = paragraph;
  while (rest.length > max) {
    const at = cutAt(rest, max);
    parts.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) parts.push(rest);
  return parts.filter(Boolean);
}

export interface Limited {
  paragraphs: string[];
  /** Characters beyond the limit were left out. */
  truncated: boolean;
}

/**
 * The paragraphs to translate: empty ones dropped, each at most `chunkChars` (a chunk is what one engine call gets, so
 * engines' limits and the protected spans of one paragraph hold), and at most `maxChars` in all: the first part.
 */
export function limitParagraphs(raw: readonly string[], limits: { maxChars: number; chunkChars: number } = DOCUMENT_LIMITS): Limited {
  const paragraphs: string[] = [];
  let used = 0;
  for (const p of raw) {
    const text = p.replace(/\0/g, '').replace(/[ \t\f\v\r]+/g, ' ').replace(/ *\n */g, '\n').trim();
    if (!/[\p{L}\p{N}]/u.test(text)) continue;
    for (const part of splitLong(text, limits.chunkChars)) {
      if (used + part.length > limits.maxChars) {
        const room = limits.maxChars - used;
        const cut = room > 0 ? part.slice(0, cutAt(part, room)).trim() : '';
        if (cut && /[\p{L}\p{N}]/u.test(cut)) paragraphs.push(cut);
        return { paragraphs, truncated: true };
      }
      paragraphs.push(part);
      used += part.length;
    }
  }
  return { paragraphs, truncated: false };
}

/** Plain text (TXT, Markdown, OCR output): paragraphs are separated by blank lines. */
export function textParagraphs(text: string): string[] {
  return text.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n+/);
}
