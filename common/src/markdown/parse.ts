/**
 * The markdown a chat message may use: bold, italic, strikethrough, inline code, code blocks, links,
 * quotes and lists, and nothing else. Parsed by marked's lexer (tokens only: no HTML is ever made
 * from a message); every other construct (HTML, headings, tables, rules, indented code, reference
 * definitions, images) is switched off and stays the text it was written as.
 */
import { Marked, type Token, type TokenizerObject } from 'marked';

export type { Token, Tokens } from 'marked';

/** A tokenizer that returns undefined matches nothing, so marked falls through to plain text. */
const off = () => undefined;
const tokenizer: TokenizerObject = {
  html: off, tag: off, heading: off, lheading: off, hr: off, table: off, code: off, def: off, reflink: off, autolink: off,
};

// gfm for ~~strike~~ and bare links; breaks: a line break in a message is a line break on screen.
const chat = new Marked({ gfm: true, breaks: true, tokenizer });

/** The message's tokens (marked's block tokens, each with its inline tokens). */
export function parseMarkdown(text: string): Token[] {
  return chat.lexer(text);
}

/** Where a link may lead: the web, and mail. Anything else (javascript:, data:, file:...) is shown as text. */
export function safeHref(href: string): string | null {
  try {
    const url = new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:' ? url.href : null;
  } catch {
    return null;
  }
}
