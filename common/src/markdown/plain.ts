/**
 * A message's text without its markdown marks, for every place that shows text and not a bubble:
 * the conversation list's preview, push notifications, search results, reply quotes. A link becomes its
 * text, code its content, a quote or list its lines; what is not markdown stays as written.
 */
import { parseMarkdown, type Token, type Tokens } from './parse.ts';

/** The plain text of inline tokens. */
function inline(tokens: readonly Token[] | undefined): string {
  return (tokens ?? []).map((t) => {
    switch (t.type) {
      case 'br': return '\n';
      case 'codespan': case 'escape': return t.text;
      case 'checkbox': return '';
      case 'image': return t.raw; // images are not shown; what was written stays
      default: return 'tokens' in t && t.tokens ? inline(t.tokens) : 'text' in t && typeof t.text === 'string' ? t.text : t.raw;
    }
  }).join('');
}

function blocks(tokens: readonly Token[]): string[] {
  return tokens.flatMap((t): string[] => {
    switch (t.type) {
      case 'space': case 'checkbox': return [];
      case 'code': return [t.text];
      case 'blockquote': return blocks((t as Tokens.Blockquote).tokens);
      case 'list': return (t as Tokens.List).items.map((item) => blocks(item.tokens).join('\n'));
      case 'paragraph': case 'text': return [inline(t.tokens ?? [{ type: 'text', raw: t.raw, text: t.text }])];
      default: return [t.raw.trim()];
    }
  });
}

/** `**Hi** [there](https://x.org)` -> `Hi there`. */
export function markdownToPlain(text: string): string {
  // Nothing to parse: most messages have no mark at all (a cheap guard, not a parser).
  if (!/[*_~`[\]>#\-+\d\\<!]/.test(text)) return text;
  return blocks(parseMarkdown(text)).join('\n').trim();
}
