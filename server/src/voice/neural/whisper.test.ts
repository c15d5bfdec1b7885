import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LANGUAGE_CODES } from '@parley/common';
import { afterAll, describe, expect, it } from 'vitest';
import { EngineError } from '../../platform/errors.ts';
import { NeuralPool } from '../../translation/engines/neural/pool.ts';
import { SAMPLE_RATE } from '../audio.ts';
import { PocketSphinxStt } from '../stt/pocketsphinx.ts';
import { discoverSpeech } from './catalog.ts';
import { TONES, writeTinyWhisper } from './testing/tiny-speech.ts';
import { WhisperStt } from './whisperStt.ts';

/** PCM16 24 kHz: `seconds` of a tone, with a little silence around it. */
function tonePcm(hz: number, seconds = 0.6): Buffer {
  const n = Math.round(seconds * SAMPLE_RATE);
  const pcm = Buffer.alloc((n + SAMPLE_RATE / 5) * 2);
  for (let i = 0; i < n; i++) pcm.writeInt16LE(Math.round(12_000 * Math.sin((2 * Math.PI * hz * i) / SAMPLE_RATE)), (i + SAMPLE_RATE / 10) * 2);
  return pcm;
}

// Folder names differ across the tests: the pool's workers know models by name.
const dir = mkdtempSync(path.join(tmpdir(), 'parley-whisper-'));
writeTinyWhisper(dir, { folder: 'whisper-tiny', detects: 'ja' });
const pool = new NeuralPool({ workers: 1, memoryBytes: 1e9, idleMs: 0, threads: 1, jobTimeoutMs: 60_000, maxBatch: 1 });
const signal = new AbortController().signal;
afterAll(async () => {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
});

const sttFor = (folderDir: string, options: ConstructorParameters<typeof WhisperStt>[2] = {}) => new WhisperStt(discoverSpeech(folderDir), pool, options);

describe('Whisper speech recognition (tiny hand-set model, real ONNX Runtime and sox)', () => {
  it('finds Whisper folders, their languages among the 20, and English-only models', () => {
    const en = mkdtempSync(path.join(tmpdir(), 'parley-whisper-en-'));
    try {
      writeTinyWhisper(en, { folder: 'whisper-tiny.en', languages: [] });
      expect(discoverSpeech(dir).recognisers).toMatchObject([{ id: 'whisper-tiny', languages: [...LANGUAGE_CODES], multilingual: true, merged: false, mels: 80 }]);
      expect(discoverSpeech(en).recognisers).toMatchObject([{ id: 'whisper-tiny.en', languages: ['en'], multilingual: false }]);
    } finally {
      rmSync(en, { recursive: true, force: true });
    }
  });

  it('hears each tone as its word, in the language asked for, and stops at <|endoftext|>', async () => {
    const stt = sttFor(dir);
    expect(LANGUAGE_CODES.every((l) => stt.supports(l))).toBe(true);
    for (const [word, hz] of Object.entries(TONES)) {
      expect(await stt.transcribe(tonePcm(hz), 'es', signal)).toEqual({ text: word, language: 'es', segments: [word] });
    }
  });

  it('detects the language when none is given (the first step, among the language tokens)', async () => {
    expect(await sttFor(dir).transcribe(tonePcm(TONES.mi!), undefined, signal)).toMatchObject({ text: 'mi', language: 'ja' });
  });

  it('streams by utterance: audio written while the user speaks is heard when it ends', async () => {
    const stream = sttFor(dir).startStream('fr', signal);
    const pcm = tonePcm(TONES.do!, 1);
    for (let at = 0; at < pcm.length; at += 4800) stream.write(pcm.subarray(at, at + 4800));
    expect(await stream.finish()).toMatchObject({ text: 'do', language: 'fr' });
  });

  it('a model that never ends is stopped by the length limit (the option, else the 448 positions)', async () => {
    const endless = mkdtempSync(path.join(tmpdir(), 'parley-whisper-endless-'));
    try {
      writeTinyWhisper(endless, { folder: 'whisper-endless', endless: true });
      expect((await sttFor(endless, { maxNewTokens: 5 }).transcribe(tonePcm(TONES.la!), 'en', signal)).text).toBe('la la la la la');
      // 448 positions less the 4 prompt tokens.
      expect((await sttFor(endless).transcribe(tonePcm(TONES.la!), 'en', signal)).text.split(' ')).toHaveLength(444);
    } finally {
      rmSync(endless, { recursive: true, force: true });
    }
  });

  it('never generates generation_config.json\'s suppress_tokens', async () => {
    const quiet = mkdtempSync(path.join(tmpdir(), 'parley-whisper-suppress-'));
    try {
      const folder = writeTinyWhisper(quiet, { folder: 'whisper-suppress', languages: ['en'] });
      const tokenizer = JSON.parse(readFileSync(path.join(folder, 'tokenizer.json'), 'utf8'));
      const doId = (tokenizer.model.vocab as [string, number][]).findIndex(([t]) => t === '\u2581do');
      const gen = JSON.parse(readFileSync(path.join(folder, 'generation_config.json'), 'utf8'));
      writeFileSync(path.join(folder, 'generation_config.json'), JSON.stringify({ ...gen, suppress_tokens: [doId] }));
      expect((await sttFor(quiet).transcribe(tonePcm(TONES.do!), 'en', signal)).text).not.toContain('do');
      expect((await sttFor(quiet).transcribe(tonePcm(TONES.mi!), 'en', signal)).text).toBe('mi');
    } finally {
      rmSync(quiet, { recursive: true, force: true });
    }
  });

  it('runs decoder_model_merged.onnx (empty past, use_cache_branch false) like decoder_model.onnx', async () => {
    const merged = mkdtempSync(path.join(tmpdir(), 'parley-whisper-merged-'));
    try {
      writeTinyWhisper(merged, { folder: 'whisper-merged', merged: true });
      expect(discoverSpeech(merged).recognisers[0]).toMatchObject({ merged: true });
      expect((await sttFor(merged).transcribe(tonePcm(TONES.mi!), 'de', signal)).text).toBe('mi');
    } finally {
      rmSync(merged, { recursive: true, force: true });
    }
  });

  it('a broken model fails with a clear error naming it; languages it does not know go to the fallback or are refused', async () => {
    const broken = mkdtempSync(path.join(tmpdir(), 'parley-whisper-broken-'));
    try {
      writeTinyWhisper(broken, { folder: 'whisper-broken', languages: ['es'] });
      writeFileSync(path.join(broken, 'whisper-broken', 'onnx', 'encoder_model.onnx'), 'not a model');
      const stt = sttFor(broken);
      const error = await stt.transcribe(tonePcm(TONES.la!), 'es', signal).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EngineError);
      expect(error).toMatchObject({ engine: 'whisper', code: 'stt_failed', message: expect.stringContaining('whisper-broken') });
      expect(stt.supports('en')).toBe(false);
      await expect(stt.transcribe(tonePcm(TONES.la!), 'en', signal)).rejects.toMatchObject({ code: 'unrecognised_language' });
      const withFallback = sttFor(broken, { fallback: new PocketSphinxStt() });
      expect([withFallback.supports('en'), withFallback.supports('es'), withFallback.supports('fr')]).toEqual([true, true, false]);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });

  it('an aborted recognition rejects as aborted', async () => {
    const controller = new AbortController();
    const pending = sttFor(dir).transcribe(tonePcm(TONES.la!), 'en', controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });
  });
});
