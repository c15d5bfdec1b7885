import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LanguageCode } from '@parley/common';
import { isEngineError } from '../../../platform/errors.ts';
import { discoverModels } from './catalog.ts';
import { NeuralEngine } from './engine.ts';
import { pairFromFolderName } from './langcodes.ts';
import { writeMarianModel, writeTinyModels } from './testing/tiny-models.ts';

// Real onnxruntime-node in real worker threads, on tiny models written in the public ONNX layout.
const dir = mkdtempSync(path.join(tmpdir(), 'parley-models-'));
writeTinyModels(dir);
const engines: NeuralEngine[] = [];
afterAll(async () => {
  await Promise.all(engines.map((e) => e.close()));
  rmSync(dir, { recursive: true, force: true });
});

function engine(options: Partial<ConstructorParameters<typeof NeuralEngine>[0]> = {}, modelsDir = dir): NeuralEngine {
  const e = new NeuralEngine({ modelsDir, idleMs: 0, ...options });
  engines.push(e);
  return e;
}

const main = engine();
const translate = (text: string, source: LanguageCode, target: LanguageCode, e = main) =>
  e.translate({ text, source, target, signal: AbortSignal.timeout(30_000) }).then((r) => r.text);

describe('models folder', () => {
  it('finds per-pair models by tokenizer_config / folder name and many-to-many ones by their language tokens', () => {
    const folder = discoverModels(dir);
    expect(folder.models.map((m) => [m.id, m.kind])).toEqual([
      ['nllb-200-tiny', 'many-to-many'], ['opus-mt-en-es', 'per-pair'], ['opus-mt-en-fr', 'per-pair'], ['opus-mt-es-en', 'per-pair'],
    ]);
    expect(folder.models.find((m) => m.id === 'nllb-200-tiny')!.languageTokens).toEqual({ en: 'eng_Latn', de: 'deu_Latn', ja: 'jpn_Jpan' });
    expect(pairFromFolderName('opus-mt-en-jap')).toEqual({ source: 'en', target: 'ja' });
    expect(pairFromFolderName('opus-mt-tc-big-en-ko')).toEqual({ source: 'en', target: 'ko' });
    expect(pairFromFolderName('opus-mt-en-xx')).toBeUndefined();
  });

  it('serves direct directions, pivots through English, and nothing else', () => {
    expect(main.supports('en', 'es')).toBe('direct');
    expect(main.supports('de', 'ja')).toBe('direct');
    expect(main.supports('es', 'fr')).toBe('pivot');
    expect(main.pivotFor('es', 'fr')).toBe('en');
    expect(main.supports('es', 'de')).toBe('pivot'); // es->en (OPUS-MT), en->de (NLLB)
    expect(main.supports('fr', 'es')).toBeNull(); // no fr->en
    expect(main.supports('ko', 'en')).toBeNull();
  });

  it('lists a folder it cannot use with the reason', () => {
    const other = mkdtempSync(path.join(tmpdir(), 'parley-models-other-'));
    try {
      writeMarianModel(other, { source: 'en', target: 'es', words: {}, folder: 'my-model' });
      rmSync(path.join(other, 'my-model', 'tokenizer_config.json'));
      const folder = discoverModels(other);
      expect(folder.models).toEqual([]);
      expect(folder.other[0]).toMatchObject({ id: 'my-model', kind: 'unusable' });
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});

describe('translation', () => {
  it('tokenises, encodes and decodes: known words map to known words, unknown ones are copied', async () => {
    expect(await translate('Hello world', 'en', 'es')).toBe('hola mundo');
    expect(await translate('my cat xyz!', 'en', 'es')).toBe('mi gato xyz!');
    expect(await translate('hola amigo', 'es', 'en')).toBe('hello friend');
  });

  it('translates each sentence and keeps what separates them', async () => {
    expect(await translate('Hello world. My cat!\n\nThe house', 'en', 'es')).toBe('hola mundo. mi gato!\n\nel casa');
  });

  it('runs many-to-many models with source and target language tokens', async () => {
    expect(await translate('hallo katze', 'de', 'ja')).toBe('こんにちは 猫');
    expect(await translate('hello friend', 'en', 'de')).toBe('hallo freund');
  });

  it('pivots through English with two models', async () => {
    expect(await translate('hola mi amigo', 'es', 'fr')).toBe('bonjour mon ami');
    expect(await translate('hola gato', 'es', 'de')).toBe('hallo katze');
  });

  it('greedy search takes the locally best word, beam search the better sentence', async () => {
    const greedy = engine({ numBeams: 1 });
    const beam = engine({ numBeams: 3 });
    expect(await translate('bank river', 'en', 'es', greedy)).toBe('banco río');
    expect(await translate('bank river', 'en', 'es', beam)).toBe('orilla río');
  });

  it('ends at the end-of-sentence token and at the length limit', async () => {
    const limited = engine({ maxNewTokens: 2 });
    expect(await translate('hello world cat house', 'en', 'es', limited)).toBe('hola mundo');
    // Beyond the source's </s> the tiny decoder keeps predicting </s>: output stops, nothing repeats.
    expect(await translate('cat', 'en', 'es')).toBe('gato');
  });

  it('batches requests that arrive while the worker is busy', async () => {
    const batching = engine();
    const texts = ['hello', 'world', 'cat', 'house', 'good morning', 'my friend', 'the river', 'hello cat'];
    const results = await Promise.all(texts.map((t) => translate(t, 'en', 'es', batching)));
    expect(results).toEqual(['hola', 'mundo', 'gato', 'casa', 'buenos días', 'mi amigo', 'el río', 'hola gato']);
    expect(batching.pool.stats.sentences).toBe(texts.length);
    expect(batching.pool.stats.batches).toBeLessThan(texts.length);
  });

  it('loads models lazily and keeps them within the memory limit', async () => {
    // A limit smaller than two models: loading the second unloads the first.
    const small = engine({ memoryMb: 0.001 });
    expect(small.pool.loaded()).toEqual([]);
    await translate('hello', 'en', 'es', small);
    expect(small.pool.loaded()).toEqual(['opus-mt-en-es']);
    await translate('hello', 'en', 'fr', small);
    expect(small.pool.loaded()).toEqual(['opus-mt-en-fr']);
  });

  it('unloads a model unused for idleMs', async () => {
    const idle = engine({ idleMs: 100 });
    await translate('hello', 'en', 'es', idle);
    expect(idle.pool.loaded()).toEqual(['opus-mt-en-es']);
    await expect.poll(() => idle.pool.loaded(), { timeout: 10_000 }).toEqual([]);
    expect(await translate('cat', 'en', 'es', idle)).toBe('gato');
  });

  it('answers an unsupported direction with unsupported_pair', async () => {
    const error = await main.translate({ text: 'hello', source: 'en', target: 'ko', signal: AbortSignal.timeout(5_000) }).catch((e: unknown) => e);
    expect(isEngineError(error) && error.code).toBe('unsupported_pair');
  });

  it('reports its models in health', async () => {
    expect(await main.health()).toMatchObject({ live: true, detail: expect.stringContaining('4 models') });
  });
});

describe('key/value cache (decoder_with_past_model.onnx)', () => {
  const pastDir = mkdtempSync(path.join(tmpdir(), 'parley-models-past-'));
  writeTinyModels(pastDir, { withPast: true });
  afterAll(() => rmSync(pastDir, { recursive: true, force: true }));

  it('gives the same output as the whole-prefix decoder, greedy and beam, per pair, many-to-many and batched', async () => {
    const greedy = engine({ numBeams: 1 }, pastDir);
    const beam = engine({ numBeams: 3 }, pastDir);
    expect(await translate('Hello my friend. The cat!', 'en', 'es', greedy)).toBe('hola mi amigo. el gato!');
    expect(await translate('bank river', 'en', 'es', greedy)).toBe('banco río');
    expect(await translate('bank river', 'en', 'es', beam)).toBe('orilla río');
    expect(await translate('hallo katze', 'de', 'ja', beam)).toBe('こんにちは 猫');
    expect(await translate('hola mi amigo', 'es', 'fr', greedy)).toBe('bonjour mon ami');
    const batch = await Promise.all(['hello', 'world cat', 'my good friend', 'xyz'].map((t) => translate(t, 'en', 'es', greedy)));
    expect(batch).toEqual(['hola', 'mundo gato', 'mi buenos amigo', 'xyz']);
    expect(greedy.pool.stats.pastSteps).toBeGreaterThan(0);
    expect(beam.pool.stats.pastSteps).toBeGreaterThan(0);
    expect(main.pool.stats.pastSteps).toBe(0);
  });
});

describe('failures', () => {
  const slowDir = mkdtempSync(path.join(tmpdir(), 'parley-models-slow-'));
  writeMarianModel(slowDir, { source: 'en', target: 'es', words: { hello: 'hola' }, slow: 30 });
  writeMarianModel(slowDir, { source: 'es', target: 'en', words: { hola: 'hello' } });
  afterAll(() => rmSync(slowDir, { recursive: true, force: true }));

  it('a job overrunning its time stops the worker and fails as a timeout (try again, not unsupported)', async () => {
    const e = engine({ jobTimeoutMs: 50, threads: 1 }, slowDir);
    const error = await translate('hello', 'en', 'es', e).catch((err: unknown) => err);
    expect(isEngineError(error) && { code: error.code, retryable: error.retryable }).toEqual({ code: 'timeout', retryable: true });
    expect(e.pool.stats.timeouts).toBe(1);
    expect(e.pool.threads()).toEqual([]);
    expect(e.supports('en', 'es')).toBe('direct');
  });

  it('a worker that dies fails its job with a retryable error, and a new worker serves the next', async () => {
    const e = engine({ threads: 1 }, slowDir);
    const pending = translate('hello', 'en', 'es', e).catch((err: unknown) => err);
    await expect.poll(() => e.pool.threads().length).toBe(1);
    await e.pool.threads()[0]!.terminate();
    const error = await pending;
    expect(isEngineError(error) && { code: error.code, retryable: error.retryable }).toEqual({ code: 'failed', retryable: true });
    expect(e.pool.stats.crashes).toBe(1);
    expect(await translate('hola', 'es', 'en', e)).toBe('hello');
  });

  it('a model that cannot be loaded fails its request and is no longer served; the others still are', async () => {
    const brokenDir = mkdtempSync(path.join(tmpdir(), 'parley-models-broken-'));
    try {
      writeMarianModel(brokenDir, { source: 'en', target: 'es', words: { hello: 'hola' } });
      writeMarianModel(brokenDir, { source: 'es', target: 'en', words: { hola: 'hello' } });
      writeFileSync(path.join(brokenDir, 'opus-mt-en-es', 'onnx', 'encoder_model.onnx'), 'not an onnx file');
      const e = engine({}, brokenDir);
      expect(e.supports('en', 'es')).toBe('direct');
      const error = await translate('hello', 'en', 'es', e).catch((err: unknown) => err);
      expect(isEngineError(error) && { code: error.code, retryable: error.retryable }).toEqual({ code: 'failed', retryable: false });
      expect(e.supports('en', 'es')).toBeNull();
      expect(await e.health()).toMatchObject({ detail: expect.stringContaining('not loadable: opus-mt-en-es') });
      expect(await translate('hola', 'es', 'en', e)).toBe('hello');
    } finally {
      rmSync(brokenDir, { recursive: true, force: true });
    }
  });

  it('a request whose caller gives up is dropped from the queue', async () => {
    const e = engine({ threads: 1 }, slowDir);
    const first = translate('hello', 'en', 'es', e);
    const controller = new AbortController();
    const second = e.translate({ text: 'hello', source: 'en', target: 'es', signal: controller.signal }).catch((err: unknown) => err);
    controller.abort();
    const error = await second;
    expect(isEngineError(error) && error.code).toBe('aborted');
    expect(await first).toBe('hola');
  });
});
