import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NeuralPool } from '../../translation/engines/neural/pool.ts';
import { SAMPLE_RATE } from '../audio.ts';
import { EspeakTts } from '../tts/espeak.ts';
import { discoverSpeech, voiceFor } from './catalog.ts';
import { clauseMarks, phonemeIds } from './phonemize.ts';
import { PiperTts } from './piperTts.ts';
import { PIPER_HOP, writeTinyPiper } from './testing/tiny-speech.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'parley-piper-'));
writeTinyPiper(dir, { name: 'en_US-tiny-medium' });
writeTinyPiper(path.join(dir, 'piper', 'es', 'es_ES', 'tiny', 'low'), { name: 'es_ES-tiny-low', language: 'es_ES', espeakVoice: 'es', sampleRate: 16_000 });
const pool = new NeuralPool({ workers: 1, memoryBytes: 1e9, idleMs: 0, threads: 1, jobTimeoutMs: 60_000, maxBatch: 1 });
const signal = new AbortController().signal;
afterAll(async () => {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
});

const samplesOf = (pcm: Buffer) => Array.from({ length: pcm.length / 2 }, (_, i) => pcm.readInt16LE(i * 2));

describe('Piper voices (tiny voice built by the test, real espeak-ng, ONNX Runtime and sox)', () => {
  it('finds voices in MODELS_DIR and the folders below it, with their language, espeak voice and rate', () => {
    const folder = discoverSpeech(dir);
    expect(folder.voices).toMatchObject([
      { id: 'en_US-tiny-medium', language: 'en', espeakVoice: 'en-us', sampleRate: 22_050 },
      { id: 'es_ES-tiny-low', language: 'es', espeakVoice: 'es', sampleRate: 16_000 },
    ]);
  });

  it('maps phonemes to ids as Piper does: ^ _ then each phoneme and _, the clause marks, $', () => {
    const map = { _: [0], '^': [1], $: [2], ' ': [3], ',': [4], '.': [5], h: [6], 'ə': [7], l: [8], 'ˈ': [9], o: [10], 'ʊ': [11] };
    expect(clauseMarks('Hello, world. How are you?')).toEqual([',', '.', '?']);
    expect(clauseMarks('ni hao')).toEqual(['']);
    expect(phonemeIds(['həlˈoʊ', 'həl'], [',', '.'], map)).toEqual({
      ids: [1, 0, 6, 0, 7, 0, 8, 0, 9, 0, 10, 0, 11, 0, 4, 0, 3, 0, 6, 0, 7, 0, 8, 0, 5, 0, 2],
      missing: [],
    });
    // Symbols the voice does not know are left out (and reported); a mark it does not know is simply not said.
    expect(phonemeIds(['hx'], ['!'], map)).toEqual({ ids: [1, 0, 6, 0, 2], missing: ['x'] });
  });

  it('speaks: espeak-ng phonemes, the voice, 256 samples per id at 22.05 kHz, resampled to PCM16 24 kHz', async () => {
    const folder = discoverSpeech(dir);
    const tts = new PiperTts(folder, pool);
    const voice = voiceFor(folder, 'en')!;
    const ids = await tts.ids('Hello world.', voice, signal);
    expect(ids[0]).toBe(1); // ^ (the tiny voice numbers its symbols in order: _ ^ $ ...)
    expect(ids.at(-1)).toBe(2);
    expect(ids.length).toBeGreaterThan(10);
    const pcm = await tts.synthesize('Hello world.', 'en', signal);
    const expected = (ids.length * PIPER_HOP * SAMPLE_RATE) / 22_050;
    expect(Math.abs(pcm.length / 2 - expected)).toBeLessThan(64);
    const samples = samplesOf(pcm);
    // The tiny voice's sines are at half scale: peaks near 16384, never clipped.
    expect(Math.max(...samples)).toBeGreaterThan(12_000);
    expect(Math.max(...samples)).toBeLessThan(20_000);
    const longer = await tts.synthesize('Hello world. How are you today, my friend?', 'en', signal);
    expect(longer.length).toBeGreaterThan(pcm.length * 2);
  });

  it('another voice at its own rate; a language without a voice goes to espeak-ng; none without a fallback', async () => {
    const folder = discoverSpeech(dir);
    const tts = new PiperTts(folder, pool, { fallback: new EspeakTts({ fliteVoice: null }) });
    const es = voiceFor(folder, 'es')!;
    const ids = await tts.ids('Hola.', es, signal);
    const pcm = await tts.synthesize('Hola.', 'es', signal);
    expect(Math.abs(pcm.length / 2 - (ids.length * PIPER_HOP * SAMPLE_RATE) / 16_000)).toBeLessThan(64);
    expect(tts.supports('de')).toBe(true);
    expect((await tts.synthesize('Guten Tag.', 'de', signal)).length).toBeGreaterThan(SAMPLE_RATE / 4);
    const alone = new PiperTts(folder, pool);
    expect(alone.supports('de')).toBe(false);
    await expect(alone.synthesize('Guten Tag.', 'de', signal)).rejects.toThrow(/No Piper voice/);
    expect(await tts.synthesize('  \u0007 ', 'en', signal)).toHaveLength(0);
  });

  it('a broken voice fails with a clear error naming it', async () => {
    const broken = mkdtempSync(path.join(tmpdir(), 'parley-piper-broken-'));
    try {
      writeTinyPiper(broken, { name: 'en_GB-broken-low' });
      writeFileSync(path.join(broken, 'en_GB-broken-low.onnx'), 'not a model');
      const tts = new PiperTts(discoverSpeech(broken), pool);
      await expect(tts.synthesize('Hello.', 'en', signal)).rejects.toMatchObject({ engine: 'piper', code: 'tts_failed', message: expect.stringContaining('en_GB-broken-low') });
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });
});
