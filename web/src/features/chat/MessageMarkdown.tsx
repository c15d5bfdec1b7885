import { parseMarkdown, safeHref, type Token, type Tokens } from '@parley/common/markdown';
import type { MessageMention, TextSpan } from '@parley/common';
import type { ReactNode } from 'react';
import { cn } from '../../lib/utils.ts';
import { MarkedText } from './MarkedText.tsx';
import { MentionText } from './mentions/MentionText.tsx';

/**
 * A message's text with the chat markdown subset (common/src/markdown) drawn as React elements: no HTML
 * string from a message ever reaches the page, and a link leads only to http(s) or mailto (else it is
 * its text). Text without any mark keeps the unknown-word underline (MarkedText), whose offsets are the
 * text's own.
 */
export function MessageMarkdown({ text, spans, mine, mentions }: { text: string; spans?: readonly TextSpan[] | null; mine: boolean; mentions?: readonly MessageMention[] | null }) {
  const tokens = parseMarkdown(text);
  const m: Marks = { mine, mentions };
  if (isPlain(tokens)) return <div className="whitespace-pre-wrap">{spans ? <MarkedText text={text} spans={spans} /> : <MentionText text={text} mentions={mentions} mine={mine} />}</div>;
  return <div className="space-y-1" data-testid="message-markdown">{blocks(tokens, m)}</div>;
}

/** How leaves are drawn: the bubble's side (colours) and the message's mentions. */
interface Marks {
  mine: boolean;
  mentions: readonly MessageMention[] | null | undefined;
}

/** One paragraph of text and line breaks only: nothing to draw differently. */
function isPlain(tokens: readonly Token[]): boolean {
  const content = tokens.filter((t) => t.type !== 'space');
  if (content.length !== 1 || content[0]?.type !== 'paragraph') return false;
  return (content[0].tokens ?? []).every((t) => t.type === 'text' || t.type === 'br');
}

const codeClass = (mine: boolean) => cn('rounded px-1 py-px font-mono text-[0.9em]', mine ? 'bg-white/20' : 'bg-foreground/10');

function blocks(tokens: readonly Token[], m: Marks): ReactNode[] {
  const { mine } = m;
  return tokens.map((t, i) => {
    switch (t.type) {
      case 'space': return null;
      case 'paragraph': return <p key={i}>{inline(t.tokens, m)}</p>;
      case 'text': return <p key={i}>{inline(t.tokens ?? [{ type: 'text', raw: t.raw, text: t.text }], m)}</p>;
      case 'code':
        return (
          <pre key={i} dir="ltr" className={cn('overflow-x-auto whitespace-pre rounded-md p-2 font-mono text-[0.85em] not-italic', mine ? 'bg-white/15' : 'bg-foreground/10')}>
            <code>{t.text}</code>
          </pre>
        );
      case 'blockquote':
        return <blockquote key={i} className={cn('border-s-2 ps-2 opacity-90', mine ? 'border-white/50' : 'border-foreground/30')}>{blocks((t as Tokens.Blockquote).tokens, m)}</blockquote>;
      case 'list': {
        const list = t as Tokens.List;
        const List = list.ordered ? 'ol' : 'ul';
        return (
          <List key={i} start={list.ordered && list.start !== '' && list.start !== 1 ? list.start : undefined} className={cn('ps-5', list.ordered ? 'list-decimal' : 'list-disc')}>
            {list.items.map((item, j) => <li key={j}>{item.task ? `${item.checked ? '☑' : '☐'} ` : null}{blocks(item.tokens, m)}</li>)}
          </List>
        );
      }
      case 'checkbox': return null; // drawn by its list item
      default: return <p key={i} className="whitespace-pre-wrap">{t.raw}</p>;
    }
  });
}

function inline(tokens: readonly Token[] | undefined, m: Marks): ReactNode[] {
  const { mine } = m;
  return (tokens ?? []).map((t, i) => {
    switch (t.type) {
      case 'strong': return <strong key={i}>{inline(t.tokens, m)}</strong>;
      case 'em': return <em key={i}>{inline(t.tokens, m)}</em>;
      case 'del': return <del key={i}>{inline(t.tokens, m)}</del>;
      case 'codespan': return <code key={i} dir="ltr" className={cn(codeClass(mine), 'not-italic')}>{t.text}</code>;
      case 'br': return <br key={i} />;
      case 'escape': return t.text;
      case 'link': {
        const href = safeHref(t.href);
        if (!href) return <span key={i}>{inline(t.tokens, m)}</span>;
        return (
          <a key={i} href={href} target="_blank" rel="noopener noreferrer nofollow" className="underline underline-offset-2" data-testid="message-link">
            {inline(t.tokens, m)}
          </a>
        );
      }
      case 'image': return t.raw; // a message never loads an image from elsewhere
      case 'text': return t.tokens ? inline(t.tokens, m) : <MentionText key={i} text={t.text} mentions={m.mentions} mine={mine} />;
      default: return t.raw;
    }
  });
}
