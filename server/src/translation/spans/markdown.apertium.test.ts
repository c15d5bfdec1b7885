import { afterAll, describe, expect, it } from 'vitest';
import type { LanguageCode } from '@parley/common';
import { parseMarkdown, type Token } from '@parley/common/markdown';
import { ApertiumEngine } from '../engines/apertium.ts';
import { TranslationRouter, type TranslationLogger } from '../router.ts';

/**
 * Chat markdown through real Apertium, direct and through the pivot (en -> fr goes through Catalan):
 * the translation parses to the same shape (bold stays bold, a list stays a list with as many items, a
 * quote a quote), code and a link's address come through verbatim, and a link's text is translated.
 */
const engine = new ApertiumEngine();
const lost: unknown[] = [];
const logger: TranslationLogger = { debug() {}, info() {}, error() {}, warn: (o) => void ('lost' in o && lost.push(o)) };
const router = new TranslationRouter({ engines: [engine], timeoutMs: 60_000, maxChars: 5000, logger });
afterAll(() => router.close());

/** The token tree without its words: what the reader sees as formatting. */
function shape(tokens: readonly Token[] | undefined): unknown[] {
  return (tokens ?? []).filter((t) => t.type !== 'text' && t.type !== 'space' && t.type !== 'escape').map((t) => {
    if (t.type === 'list') return { list: t.ordered, items: (t.items as Token[]).map((i) => shape((i as { tokens: Token[] }).tokens)) };
    if (t.type === 'code' || t.type === 'codespan') return { [t.type]: t.text };
    if (t.type === 'link') return { link: t.href, inside: shape(t.tokens) };
    return { [t.type]: shape('tokens' in t ? t.tokens : undefined) };
  });
}

const MESSAGES: Record<'en' | 'es', string[]> = {
  en: [
    'Please read **the new rules** before you post, and ~~never~~ share your _password_.',
    'Run `npm install --save-dev` then open [the installation guide](https://docs.example.com/install?step=2&lang=en) for details.',
    '> I will be late today\nNo problem, see you tomorrow.',
    'Shopping list:\n- fresh bread\n- green apples\n- cold milk',
    '1. Open the door\n2. Close the window',
    'The error was:\n```\nTypeError: cannot read property of undefined\n```\nCan you help me?',
  ],
  es: [
    'Por favor lee **las reglas nuevas** antes de escribir, y ~~nunca~~ compartas tu _contraseña_.',
    'Ejecuta `npm install --save-dev` y abre [la guía de instalación](https://docs.example.com/install?step=2&lang=es) para más detalles.',
    '> Hoy llegaré tarde\nNo pasa nada, nos vemos mañana.',
    'Lista de la compra:\n- pan fresco\n- manzanas verdes\n- leche fría',
  ],
};

const DIRECTIONS: [LanguageCode & ('en' | 'es'), LanguageCode][] = [['en', 'es'], ['en', 'fr'], ['es', 'en'], ['es', 'it']];

describe('chat markdown through Apertium', () => {
  it.each(DIRECTIONS)('%s -> %s: the formatting, the code and the link addresses come through; the words are translated', async (source, target) => {
    for (const text of MESSAGES[source]) {
      const result = await router.translate({ text, source, target });
      expect(result.kind, text).toBe('translated');
      expect(shape(parseMarkdown(result.text)), `${text}\n-> ${result.text}`).toEqual(shape(parseMarkdown(text)));
      expect(result.text).not.toBe(text);
    }
    expect(lost).toEqual([]);
  }, 120_000);

  it('keeps every word on its own line: a list item is translated as a sentence of its own', async () => {
    const result = await router.translate({ text: '1. Open the door\n2. Turn on the light', source: 'en', target: 'es' });
    const [first, second] = result.text.split('\n');
    expect(first).toMatch(/^1\. .*puerta$/);
    expect(second).toMatch(/^2\. .*luz$/);
  }, 60_000);

  it("translates a link's text and keeps its address (en -> fr, through Catalan)", async () => {
    expect(engine.pivotFor('en', 'fr')).toBe('ca');
    const result = await router.translate({ text: 'See [the installation guide](https://docs.example.com/install?step=2) today.', source: 'en', target: 'fr' });
    const link = parseMarkdown(result.text).flatMap((t) => ('tokens' in t ? t.tokens ?? [] : [])).find((t) => t.type === 'link');
    expect(link && link.type === 'link' ? link.href : null).toBe('https://docs.example.com/install?step=2');
    expect(link && link.type === 'link' ? link.text : '').toMatch(/guide d'installation/i);
  }, 60_000);
});
