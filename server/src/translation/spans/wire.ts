/**
 * How the protected-span marks (protect.ts) travel in each engine's protocol:
 * - Apertium and engines without a word on it: the private-use characters themselves.
 * - DeepL: `tag_handling: 'xml'` with the span's own text inside an ignored tag, `<keep i="3">…</keep>`.
 * - LibreTranslate: `format: 'html'` with `<span translate="no" data-k="3">…</span>`.
 * - OpenAI-compatible: `⟦3⟧` tokens, which the prompt asks to keep.
 * On the way back each form becomes its mark again; whatever an engine lost is put back by restoreSpans.
 */
import { indexOf, markOf, MARKS } from './protect.ts';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;|&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&');

export const hasMarks = (text: string) => new RegExp(MARKS.source).test(text);

/** Text with marks -> XML/HTML where each mark is an element holding its span. */
export function marksToElements(text: string, spans: readonly string[], open: (i: number) => string, close: string): string {
  return escapeXml(text).replace(MARKS, (mark) => `${open(indexOf(mark))}${escapeXml(spans[indexOf(mark)] ?? '')}${close}`);
}

/** The engine's XML/HTML answer -> plain text with marks; `element` matches one kept element, group 1 its index. */
export function elementsToMarks(answer: string, element: RegExp): string {
  return unescapeXml(answer.replace(element, (_, i: string) => markOf(Number(i))));
}

export const toDeepL = (text: string, spans: readonly string[]) => marksToElements(text, spans, (i) => `<keep i="${i}">`, '</keep>');
export const fromDeepL = (answer: string) => elementsToMarks(answer, /<keep\s+i="(\d+)"\s*(?:\/>|>[\s\S]*?<\/keep>)/g);

export const toLibre = (text: string, spans: readonly string[]) =>
  marksToElements(text, spans, (i) => `<span translate="no" data-k="${i}">`, '</span>');
export const fromLibre = (answer: string) =>
  elementsToMarks(answer, /<span\b[^>]*?\bdata-k="(\d+)"[^>]*>[\s\S]*?<\/span>/g);

export const toTokens = (text: string) => text.replace(MARKS, (mark) => `⟦${indexOf(mark)}⟧`);
export const fromTokens = (answer: string) => answer.replace(/⟦\s*(\d+)\s*⟧/g, (_, i: string) => markOf(Number(i)));
