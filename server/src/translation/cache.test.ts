import { beforeEach, describe, expect, it } from 'vitest';
import { TEST_DB, useTestDatabase } from '../../test/helpers.ts';
import { connectDb } from '../db/connect.ts';
import { DbTranslationCache, hashText, Lru } from './cache.ts';

const database = useTestDatabase();
beforeEach(async () => {
  await database().db.deleteFrom('translation_cache').execute();
});

const key = (text: string, formality = 'neutral') => ({ engine: 'apertium', source: 'en', target: 'es', formality, text });
const rows = async () => (await database().db.selectFrom('translation_cache').selectAll().execute()).length;

describe(`DbTranslationCache (${TEST_DB})`, () => {
  it('stores by engine, pair, formality and the sha256 of the text', async () => {
    const cache = new DbTranslationCache(database().db, { memoryEntries: 0 });
    await cache.set(key('Hello'), { text: 'Hola' });
    expect(await cache.get(key('Hello'))).toEqual({ text: 'Hola' });
    expect(await cache.get(key('Hello', 'formal'))).toBeUndefined();
    expect(await cache.get({ ...key('Hello'), target: 'fr' })).toBeUndefined();
    const row = await database().db.selectFrom('translation_cache').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ engine: 'apertium', source: 'en', target: 'es', formality: 'neutral', text_hash: hashText('Hello'), translated_text: 'Hola' });
  });

  it('keeps the untranslated words\' spans with the text', async () => {
    const cache = new DbTranslationCache(database().db, { memoryEntries: 0 });
    await cache.set(key('Call me, Zorblat'), { text: 'Llámame, Zorblat', unknown: [{ start: 9, end: 16 }] });
    expect(await cache.get(key('Call me, Zorblat'))).toEqual({ text: 'Llámame, Zorblat', unknown: [{ start: 9, end: 16 }] });
  });

  it('concurrent lookups and writes each get their own answer (they share one statement)', async () => {
    const cache = new DbTranslationCache(database().db, { memoryEntries: 0 });
    await Promise.all([cache.set(key('One'), { text: 'Uno' }), cache.set(key('Two'), { text: 'Dos' }), cache.set(key('Two'), { text: 'Dos!' }),
      cache.set(key('Three', 'formal'), { text: 'Tres' })]);
    expect(await rows()).toBe(3);
    const found = await Promise.all([key('One'), key('Two'), key('Three'), key('Three', 'formal'), key('Four')].map((k) => cache.get(k)));
    expect(found).toEqual([{ text: 'Uno' }, { text: 'Dos!' }, undefined, { text: 'Tres' }, undefined]);
  });

  it('overwrites an entry for the same key', async () => {
    const cache = new DbTranslationCache(database().db, { memoryEntries: 0 });
    await cache.set(key('Hello'), { text: 'Hola' });
    await cache.set(key('Hello'), { text: '¡Hola!' });
    expect(await cache.get(key('Hello'))).toEqual({ text: '¡Hola!' });
    expect(await rows()).toBe(1);
  });

  it('ignores and prunes rows past the age limit', async () => {
    const cache = new DbTranslationCache(database().db, { memoryEntries: 0, maxAgeDays: 7 });
    await cache.set(key('old'), { text: 'viejo' });
    await cache.set(key('new'), { text: 'nuevo' });
    await database().db.updateTable('translation_cache').set({ created_at: new Date(Date.now() - 8 * 86_400_000) }).where('translated_text', '=', 'viejo').execute();
    expect(await cache.get(key('old'))).toBeUndefined();
    expect(await cache.prune()).toBe(1);
    expect(await rows()).toBe(1);
    expect(await cache.get(key('new'))).toEqual({ text: 'nuevo' });
  });

  it('keeps only the newest maxRows rows, pruning every N writes in the background', async () => {
    const cache = new DbTranslationCache(database().db, { memoryEntries: 0, maxRows: 3, pruneEveryWrites: 5 });
    for (let i = 0; i < 4; i += 1) {
      await cache.set(key(`text ${i}`), { text: `texto ${i}` });
      await database().db.updateTable('translation_cache').set({ created_at: new Date(Date.now() - (10 - i) * 60_000) }).where('translated_text', '=', `texto ${i}`).execute();
    }
    expect(await rows()).toBe(4); // no pruning yet: not on every call
    await cache.set(key('text 4'), { text: 'texto 4' }); // 5th write: prune
    await cache.flush();
    expect(await rows()).toBe(3);
    expect(await cache.get(key('text 0'))).toBeUndefined();
    expect(await cache.get(key('text 1'))).toBeUndefined();
    expect(await cache.get(key('text 4'))).toEqual({ text: 'texto 4' });
  });

  it('never fails a translation when the database does: the error is reported and ignored', async () => {
    const errors: string[] = [];
    const broken = await connectDb({}); // in memory, closed at once
    await broken.close();
    const cache = new DbTranslationCache(broken.db, { memoryEntries: 0, onError: (_e, during) => errors.push(during) });
    await expect(cache.set(key('x'), { text: 'y' })).resolves.toBeUndefined();
    await expect(cache.get(key('x'))).resolves.toBeUndefined();
    expect(errors).toEqual(['set', 'get']);
  });
});

describe('Lru', () => {
  it('evicts the least recently used entry', () => {
    const lru = new Lru<number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    lru.get('a');
    lru.set('c', 3);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.size).toBe(2);
  });
});
