import { describe, expect, it } from 'vitest';
import { markdownToPlain, parseMarkdown, safeHref } from './index.ts';

const types = (text: string) => parseMarkdown(text).map((t) => t.type);

describe('chat markdown', () => {
  it('parses the subset: bold, italic, strike, code, links, quotes, lists, code blocks', () => {
    const [p] = parseMarkdown('**b** _i_ ~~s~~ `c` [t](https://x.io)');
    expect(p?.type).toBe('paragraph');
    const inline = p && 'tokens' in p ? (p.tokens ?? []).map((t) => t.type).filter((t) => t !== 'text') : [];
    expect(inline).toEqual(['strong', 'em', 'del', 'codespan', 'link']);
    expect(types('> quoted')).toEqual(['blockquote']);
    expect(types('- a\n- b')).toEqual(['list']);
    expect(types('1. a\n2. b')).toEqual(['list']);
    expect(types('```\ncode\n```')).toEqual(['code']);
  });

  it('leaves HTML, headings, tables, rules and indented code as the text they were written as', () => {
    for (const text of ['<script>alert(1)</script>', '<b>x</b>', '# title', '| a | b |\n|---|---|\n| 1 | 2 |', '---', '    indented']) {
      const tokens = parseMarkdown(text);
      expect(tokens.map((t) => t.type), text).toEqual(['paragraph']);
      expect(JSON.stringify(tokens), text).not.toMatch(/"type":"(html|heading|table|hr|code)"/);
    }
  });

  it('lets links lead only to http(s) and mailto', () => {
    expect(safeHref('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeHref('mailto:ana@example.org')).toBe('mailto:ana@example.org');
    for (const bad of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,x', 'file:///etc/passwd', 'vbscript:x', '/relative', 'not a url']) {
      expect(safeHref(bad), bad).toBeNull();
    }
  });

  it('strips the marks for plain-text places, keeping every word, link text and code', () => {
    expect(markdownToPlain('**Hi** _there_, ~~no~~ run `npm install` and see [the docs](https://docs.example.io/a)')).toBe(
      'Hi there, no run npm install and see the docs',
    );
    expect(markdownToPlain('> quoted\n\n- one\n- [x] two\n1. three')).toBe('quoted\none\ntwo\nthree');
    expect(markdownToPlain('```js\nconst a = 1;\n```\nok')).toBe('const a = 1;\nok');
    expect(markdownToPlain('<b>not html</b> & \\*escaped\\*')).toBe('<b>not html</b> & *escaped*');
    expect(markdownToPlain('# not a heading')).toBe('# not a heading');
  });

  it('returns a message without marks as it is', () => {
    for (const text of ['Hello, see you at 5', 'snake_case_name and 3 - 2', 'Qué tal?', '']) expect(markdownToPlain(text)).toBe(text);
  });
});
