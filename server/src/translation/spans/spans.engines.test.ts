import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TranslationRouter, type TranslationLogger } from '../router.ts';
import { DeepLEngine } from '../engines/deepl.ts';
import { LibreTranslateEngine } from '../engines/libretranslate.ts';
import { OpenAiEngine } from '../engines/openai.ts';
import type { TranslationEngine } from '../engines/types.ts';
import { startFake, type FakeProvider, type Handler } from '../testing/fakeProviders.ts';

/**
 * Protected spans through the providers' own protocols, against local servers that behave as the
 * providers document: DeepL leaves the content of `ignore_tags` untranslated in XML mode,
 * LibreTranslate leaves `translate="no"` elements alone in HTML mode, and a chat model keeps the
 * tokens it is asked to keep. Each fake "translates" by upper-casing the free text and moving the
 * kept parts to the front (a translation reorders), and rejects markup that is not well formed.
 */

const MESSAGE = 'Send report_v2.pdf to maria@example.org & call +34 612 345 678 <now>';
const KEPT = ['report_v2.pdf', 'maria@example.org', '+34 612 345 678'];

/** Upper-cases letters outside entities; moves every `element` match to the front. */
function fakeMarkupTranslation(markup: string, element: RegExp): string {
  const kept = markup.match(element) ?? [];
  const free = markup.replace(element, '').replace(/&[a-z#0-9]+;|[a-z]/g, (m) => (m.length > 1 ? m : m.toUpperCase()));
  return `${kept.join(' ')} ${free}`;
}

const wellFormed = (markup: string, element: RegExp) => !/<|>|&(?![a-z#0-9]+;)/.test(markup.replace(element, ''));

const deepl: Handler = (req) => {
  const body = req.body as { text: string[]; tag_handling?: string; ignore_tags?: string[] };
  const element = /<keep i="\d+">[^<]*<\/keep>/g;
  const xml = body.tag_handling === 'xml';
  if (xml && (!body.ignore_tags?.includes('keep') || !body.text.every((text) => wellFormed(text, element)))) return { status: 400, body: { message: 'Tag handling parsing failed' } };
  const translations = body.text.map((text) => ({ detected_source_language: 'EN', text: xml ? fakeMarkupTranslation(text, element) : text.toUpperCase() }));
  return { status: 200, body: { translations } };
};

const libre: Handler = (req) => {
  const body = req.body as { q: string | string[]; format: string };
  const element = /<span translate="no" data-k="\d+">[^<]*<\/span>/g;
  const texts = Array.isArray(body.q) ? body.q : [body.q];
  if (body.format === 'html' && !texts.every((q) => wellFormed(q, element))) return { status: 400, body: { error: 'Invalid HTML' } };
  const out = texts.map((q) => (body.format === 'html' ? fakeMarkupTranslation(q, element) : q.toUpperCase()));
  return { status: 200, body: { translatedText: Array.isArray(body.q) ? out : out[0] } };
};

/** A model that keeps ⟦n⟧ tokens when told to, and loses the last one when `lose` is set. */
const openai = (lose: { last: boolean }): Handler => (req) => {
  if (req.path.endsWith('/models')) return { status: 200, body: { data: [] } };
  const body = req.body as { messages: { role: string; content: string }[] };
  const system = body.messages[0]?.content ?? '';
  const user = body.messages[1]?.content ?? '';
  const tokens = system.includes('⟦0⟧') ? (user.match(/⟦\d+⟧/g) ?? []) : [];
  const kept = lose.last ? tokens.slice(0, -1) : tokens;
  const content = `${kept.reverse().join(' ')} ${user.replace(/⟦\d+⟧/g, '').toUpperCase()}`;
  return { status: 200, body: { choices: [{ index: 0, message: { role: 'assistant', content } }] } };
};

let fakes: FakeProvider[] = [];
const lost: number[] = [];
const logger: TranslationLogger = { debug() {}, info() {}, error() {}, warn: (o) => void ('lost' in o && lost.push(Number((o as { lost: number }).lost))) };
const route = (engine: TranslationEngine) => new TranslationRouter({ engines: [engine], timeoutMs: 2_000, maxChars: 5000, retries: 0, logger });
const loseLast = { last: false };

let urls: { deepl: string; libre: string; openai: string };
beforeAll(async () => {
  fakes = await Promise.all([startFake(deepl), startFake(libre), startFake(openai(loseLast))]);
  urls = { deepl: fakes[0]!.url, libre: fakes[1]!.url, openai: fakes[2]!.url };
});
afterAll(() => Promise.all(fakes.map((f) => f.close())));

describe('protected spans through the providers (contract)', () => {
  it('DeepL: sends the spans in ignored XML tags and puts them back where DeepL moved them', async () => {
    const result = await route(new DeepLEngine({ apiKey: 'k:fx', baseUrl: urls.deepl })).translate({ text: MESSAGE, source: 'en', target: 'es' });
    const sent = fakes[0]!.requests.at(-1)!.body as { text: string[]; tag_handling: string; ignore_tags: string[] };
    expect(sent).toMatchObject({ tag_handling: 'xml', ignore_tags: ['keep'] });
    expect(sent.text[0]).toContain('<keep i="1">maria@example.org</keep> &amp; call');
    expect(result.text).toBe('report_v2.pdf maria@example.org +34 612 345 678 SEND  TO  & CALL  <NOW>');
  });

  it('LibreTranslate: sends HTML with translate="no" spans, answers plain text', async () => {
    const result = await route(new LibreTranslateEngine({ url: urls.libre })).translate({ text: MESSAGE, source: 'en', target: 'es' });
    const sent = fakes[1]!.requests.at(-1)!.body as { q: string; format: string };
    expect(sent.format).toBe('html');
    expect(sent.q).toContain('<span translate="no" data-k="0">report_v2.pdf</span>');
    expect(result.text).toBe('report_v2.pdf maria@example.org +34 612 345 678 SEND  TO  & CALL  <NOW>');
  });

  it('OpenAI-compatible: numbered tokens the prompt asks to keep; a token the model drops is put back, never lost', async () => {
    const engine = new OpenAiEngine({ baseUrl: urls.openai, model: 'm' });
    const result = await route(engine).translate({ text: MESSAGE, source: 'en', target: 'es' });
    const sent = fakes[2]!.requests.at(-1)!.body as { messages: { content: string }[] };
    expect(sent.messages[1]!.content).toBe('Send ⟦0⟧ to ⟦1⟧ & call ⟦2⟧ <now>');
    expect(result.text).toBe('+34 612 345 678 maria@example.org report_v2.pdf SEND  TO  & CALL  <NOW>');
    loseLast.last = true;
    lost.length = 0;
    const dropped = await route(engine).translate({ text: `${MESSAGE}!`, source: 'en', target: 'es' });
    for (const span of KEPT) expect(dropped.text).toContain(span);
    expect(dropped.text.endsWith('+34 612 345 678')).toBe(true);
    expect(lost).toEqual([1]);
    loseLast.last = false;
  });

  it('a text that is only protected spans goes to no engine', async () => {
    const before = fakes[0]!.requests.length;
    const result = await route(new DeepLEngine({ apiKey: 'k:fx', baseUrl: urls.deepl })).translate({ text: 'https://example.com/a 😂 @ana', source: 'en', target: 'es' });
    expect(result).toMatchObject({ ok: true, reason: 'nothing_to_translate', text: 'https://example.com/a 😂 @ana' });
    expect(fakes[0]!.requests.length).toBe(before);
  });
});
