import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageMarkdown } from './MessageMarkdown.tsx';

const draw = (text: string, spans?: { start: number; end: number }[]) => render(<MessageMarkdown text={text} spans={spans} mine={false} />).container;

describe('MessageMarkdown', () => {
  it('draws bold, italic, strike, inline code, quotes, lists and code blocks', () => {
    const c = draw('**bold** _it_ ~~gone~~ `npm install`\n\n> quoted\n\n- one\n- two\n\n3. three\n\n```\nconst a = 1;\n```');
    expect(c.querySelector('strong')?.textContent).toBe('bold');
    expect(c.querySelector('em')?.textContent).toBe('it');
    expect(c.querySelector('del')?.textContent).toBe('gone');
    expect(c.querySelector('p code')?.textContent).toBe('npm install');
    expect(c.querySelector('blockquote')?.textContent).toBe('quoted');
    expect([...c.querySelectorAll('ul li')].map((li) => li.textContent)).toEqual(['one', 'two']);
    expect(c.querySelector('ol')?.getAttribute('start')).toBe('3');
    expect(c.querySelector('pre code')?.textContent).toBe('const a = 1;');
  });

  it('opens links safely in a new tab, and only to http(s) and mailto', () => {
    const c = draw('[the docs](https://docs.example.io/a?b=1) [mail](mailto:ana@example.org) [bad](javascript:alert(1)) [data](data:text/html,x)');
    const links = [...c.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['the docs', 'https://docs.example.io/a?b=1'], ['mail', 'mailto:ana@example.org'],
    ]);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    }
    expect(c.textContent).toContain('bad');
    expect(c.textContent).toContain('data');
  });

  it('never lets HTML from a message reach the page: it shows as text', () => {
    const text = '<img src=x onerror=alert(1)> **hi** <script>alert(1)</script><b>x</b>';
    const c = draw(text);
    expect(c.querySelector('img, script, b, iframe')).toBeNull();
    expect(c.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(c.textContent).toContain('<script>alert(1)</script><b>x</b>');
    expect(c.querySelector('strong')?.textContent).toBe('hi');
  });

  it('loads no image and keeps headings and tables as written', () => {
    const c = draw('![cat](https://example.com/cat.png)\n\n# Title\n\n| a | b |\n|---|---|');
    expect(c.querySelector('img, h1, table')).toBeNull();
    expect(c.textContent).toContain('![cat](https://example.com/cat.png)');
    expect(c.textContent).toContain('# Title');
  });

  it('keeps plain text as it is, with its unknown words underlined', () => {
    const c = draw('Hola Zorblat\nqué tal', [{ start: 5, end: 12 }]);
    expect(c.textContent).toBe('Hola Zorblat\nqué tal');
    expect(c.querySelector('[data-testid="unknown-word"]')?.textContent).toBe('Zorblat');
    expect(c.querySelector('[data-testid="message-markdown"]')).toBeNull();
  });
});
