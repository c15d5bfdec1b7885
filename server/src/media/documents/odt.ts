import { readZipEntries } from './detect.ts';
import { UnreadableDocument } from './extract.ts';

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name] ?? whole;
  });
}

/** The text of one <text:p> or <text:h>: spaces (<text:s text:c="n"/>), tabs and line breaks kept, other marks dropped. */
function inlineText(xml: string): string {
  const spaced = xml
    .replace(/<text:s(?:\s+text:c="(\d+)")?\s*\/>/g, (_, n: string | undefined) => ' '.repeat(Math.min(Number(n ?? 1), 100)))
    .replace(/<text:tab\s*\/>/g, '\t')
    .replace(/<text:line-break\s*\/>/g, '\n')
    // Notes and annotations are not the body's text.
    .replace(/<(text:note|office:annotation)\b[\s\S]*?<\/\1>/g, '');
  return decodeEntities(spaced.replace(/<[^>]*>/g, ''));
}

/**
 * An ODT is a zip whose content.xml holds the body: each paragraph (<text:p>) and heading (<text:h>) is one
 * paragraph of the text, in document order. A tiny walk over the XML, no XML library: only text is wanted.
 */
export function odtParagraphs(bytes: Buffer): string[] {
  let xml: string;
  try {
    const entry = readZipEntries(bytes, ['content.xml'])['content.xml'];
    if (!entry) throw new Error('content.xml is missing');
    xml = new TextDecoder('utf-8').decode(entry);
  } catch (err) {
    throw new UnreadableDocument('corrupt', err instanceof Error ? err.message : 'not a readable ODT');
  }
  const body = /<office:text\b[^>]*>([\s\S]*)<\/office:text>/.exec(xml)?.[1] ?? '';
  const paragraphs: string[] = [];
  for (const match of body.matchAll(/<text:(p|h)\b[^>]*?(?:\/>|>([\s\S]*?)<\/text:\1>)/g)) {
    paragraphs.push(inlineText(match[2] ?? ''));
  }
  return paragraphs;
}

/** meta.xml's page count (what the editor counted when it saved), or null. */
export function odtPageCount(bytes: Buffer): number | null {
  try {
    const meta = readZipEntries(bytes, ['meta.xml'])['meta.xml'];
    const pages = meta ? /meta:page-count="(\d+)"/.exec(new TextDecoder().decode(meta))?.[1] : undefined;
    return pages ? Number(pages) : null;
  } catch {
    return null;
  }
}
