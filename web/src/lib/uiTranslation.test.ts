import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATALOG_KEYS, ENGLISH_STRINGS, UNTRANSLATED_KEYS, isComplexMessage } from '@parley/common';
import { chunk, loadCachedCatalog, runPool, translateCatalog, translateStrings, type PostBatch } from './uiTranslation.ts';

/** A fake /api/ui-strings: prefixes every string, keeps placeholders. */
function fakePost(): PostBatch & { calls: Record<string, string>[] } {
  const calls: Record<string, string>[] = [];
  const post = vi.fn(async (_language: string, strings: Record<string, string>) => {
    calls.push(strings);
    await Promise.resolve();
    return Object.fromEntries(Object.entries(strings).map(([k, v]) => [k, `ES:${v}`]));
  });
  return Object.assign(post, { calls });
}

const strings = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`g.k${i}`, `text ${i}`]));

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('translateStrings', () => {
  it('sends at most 10 strings per request', async () => {
    const post = fakePost();
    const { strings: out, failed } = await translateStrings('es', strings(25), { post });
    expect(post.calls.map((c) => Object.keys(c).length)).toEqual([10, 10, 5]);
    expect(failed).toEqual([]);
    expect(out['g.k24']).toBe('ES:text 24');
  });

  it('sends the batches in parallel', async () => {
    let inFlight = 0;
    let peak = 0;
    const post: PostBatch = async (_l, batch) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      return batch;
    };
    await translateStrings('fr', strings(40), { post });
    expect(peak).toBe(4);
  });

  it('keeps English for a failed batch and logs a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let call = 0;
    const post: PostBatch = async (_l, batch) => {
      if (call++ === 1) throw new Error('engine down');
      return Object.fromEntries(Object.entries(batch).map(([k, v]) => [k, `DE:${v}`]));
    };
    const { strings: out, failed } = await translateStrings('de', strings(20), { post });
    expect(out['g.k0']).toBe('DE:text 0');
    expect(out['g.k15']).toBe('text 15');
    expect(failed).toHaveLength(10);
    expect(warn).toHaveBeenCalled();
  });

  it('keeps English when a translation loses a placeholder or is missing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const post: PostBatch = async () => ({ a: 'Bienvenido, {nombre}!' });
    const { strings: out, failed } = await translateStrings('es', { a: 'Welcome, {name}!', b: 'Hello' }, { post });
    expect(out).toEqual({ a: 'Welcome, {name}!', b: 'Hello' });
    expect(failed.sort()).toEqual(['a', 'b']);
  });

  it('makes no call for English', async () => {
    const post = fakePost();
    const { strings: out } = await translateStrings('en', strings(5), { post });
    expect(post).not.toHaveBeenCalled();
    expect(out).toEqual(strings(5));
  });
});

describe('translateCatalog', () => {
  it('translates the whole catalog once, then serves it from the local cache', async () => {
    const post = fakePost();
    const first = await translateCatalog('es', { post });
    const translatable = CATALOG_KEYS.filter((k) => !UNTRANSLATED_KEYS.has(k) && !isComplexMessage(ENGLISH_STRINGS[k]));
    expect(post.calls.flatMap(Object.keys).sort()).toEqual([...translatable].sort());
    expect(post.calls.every((c) => Object.keys(c).length <= 10)).toBe(true);
    expect(first['nav.chat']).toBe('ES:Chat');
    expect(first['header.appName']).toBe(ENGLISH_STRINGS['header.appName']);

    const again = await translateCatalog('es', { post });
    expect(post.calls.length).toBe(Math.ceil(translatable.length / 10));
    expect(again).toEqual(first);
    expect(loadCachedCatalog('es').missing).toEqual([]);
  });

  it('never machine-translates plural messages and asks only for what the written catalog lacks', async () => {
    const post = fakePost();
    const written = { 'nav.chat': 'Chat ES', 'nav.talk': 'Hablar' };
    const out = await translateCatalog('es', { post }, written);
    const sent = post.calls.flatMap(Object.keys);
    expect(sent).not.toContain('nav.chat');
    expect(sent).not.toContain('userSearch.resultCount');
    expect(out['nav.chat']).toBe('Chat ES');
    expect(out['userSearch.resultCount']).toBe(ENGLISH_STRINGS['userSearch.resultCount']);
    expect(loadCachedCatalog('es', written).missing).toEqual([]);
  });

  it('does not cache failed strings, so they are retried', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await translateCatalog('it', { post: async () => { throw new Error('offline'); } });
    const { strings: cached, missing } = loadCachedCatalog('it');
    expect(cached['nav.chat']).toBe('Chat');
    expect(missing.length).toBeGreaterThan(0);
  });

  it('does not keep answers equal to the English, so a later engine can still translate them', async () => {
    await translateCatalog('ja', { post: async (_l, batch) => ({ ...batch, 'nav.chat': 'チャット' }) });
    const { strings: cached, missing } = loadCachedCatalog('ja');
    expect(cached['nav.chat']).toBe('チャット');
    expect(missing).toContain('nav.talk');
    expect(missing).not.toContain('nav.chat');
  });
});

describe('helpers', () => {
  it('chunks and pools', async () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(await runPool([1, 2, 3].map((n) => async () => n * 2), 2)).toEqual([2, 4, 6]);
    expect(await runPool([], 3)).toEqual([]);
  });
});
