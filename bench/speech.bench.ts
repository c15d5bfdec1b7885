/**
 * Neural speech benchmark on the tiny test models (no real weights can be fetched here). Run from the
 * repository root:
 *   node --import tsx bench/speech.bench.ts [--runs N]
 * Measures what Parley adds around Whisper and Piper: sox resampling, the log-mel features in
 * TypeScript (per second of audio), the worker round trip and the greedy loop (one decoder run per
 * token), espeak-ng phonemes and the voice's resampling. Real models spend far more time inside
 * onnxruntime (see docs/PERFORMANCE.md for published figures).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { NeuralPool } from '../server/src/translation/engines/neural/pool.ts';
import { SAMPLE_RATE } from '../server/src/voice/audio.ts';
import { discoverSpeech } from '../server/src/voice/neural/catalog.ts';
import { logMelSpectrogram, WHISPER_RATE } from '../server/src/voice/neural/mel.ts';
import { PiperTts } from '../server/src/voice/neural/piperTts.ts';
import { TONES, writeTinyPiper, writeTinyWhisper } from '../server/src/voice/neural/testing/tiny-speech.ts';
import { WhisperStt } from '../server/src/voice/neural/whisperStt.ts';
import { percentile } from './stats.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' } } });
const runs = Number(values.runs);
const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));
const dir = mkdtempSync(path.join(tmpdir(), 'parley-speech-bench-'));
writeTinyWhisper(dir);
writeTinyPiper(dir);
const pool = new NeuralPool({ workers: 1, memoryBytes: 1e9, idleMs: 0, threads: 1, jobTimeoutMs: 60_000, maxBatch: 1 });
const folder = discoverSpeech(dir);

function tonePcm(hz: number, seconds: number): Buffer {
  const n = Math.round(seconds * SAMPLE_RATE);
  const pcm = Buffer.alloc(n * 2);
  for (let i = 0; i < n; i++) pcm.writeInt16LE(Math.round(12_000 * Math.sin((2 * Math.PI * hz * i) / SAMPLE_RATE)), i * 2);
  return pcm;
}

async function timed(fn: () => Promise<unknown>, times: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b);
}

const rows: string[] = [];
const row = (name: string, samples: number[]) => rows.push(`| ${name} | ${ms(percentile(samples, 50))} | ${ms(percentile(samples, 95))} | ${samples.length} |`);
try {
  for (const seconds of [1, 5, 30]) {
    const audio = new Float32Array(seconds * WHISPER_RATE).map((_, n) => Math.sin(n / 5));
    row(`log-mel features, ${seconds} s of audio (main thread, TypeScript)`, await timed(async () => logMelSpectrogram(audio), Math.max(3, Math.round(runs / seconds))));
  }
  const stt = new WhisperStt(folder, pool);
  const signal = new AbortController().signal;
  rows.push(`| Whisper first utterance (worker start + model load) | ${ms((await timed(() => stt.transcribe(tonePcm(TONES.la!, 3), 'en', signal), 1))[0]!)} | | 1 |`);
  for (const seconds of [3, 10]) row(`Whisper utterance of ${seconds} s (sox, features, encoder, 1 token + end)`, await timed(() => stt.transcribe(tonePcm(TONES.mi!, seconds), 'en', signal), runs));
  const endless = mkdtempSync(path.join(tmpdir(), 'parley-speech-bench-endless-'));
  writeTinyWhisper(endless, { folder: 'whisper-endless', endless: true });
  const long = new WhisperStt(discoverSpeech(endless), pool, { maxNewTokens: 50 });
  row('Whisper 3 s utterance, 50 tokens (decoder loop, whole prefix each step)', await timed(() => long.transcribe(tonePcm(TONES.do!, 3), 'en', signal), runs));
  rmSync(endless, { recursive: true, force: true });
  const tts = new PiperTts(folder, pool);
  const sentence = 'Hello, this is a sentence of about ten words read aloud.';
  rows.push(`| Piper first sentence (model load) | ${ms((await timed(() => tts.synthesize(sentence, 'en', signal), 1))[0]!)} | | 1 |`);
  row('Piper sentence of 11 words (espeak-ng, voice, sox to 24 kHz)', await timed(() => tts.synthesize(sentence, 'en', signal), runs));
  console.log(`${cpus().length} x ${cpus()[0]?.model}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}, Node ${process.version}\n`);
  console.log('| What | p50 ms | p95 ms | runs |\n|---|---|---|---|');
  console.log(rows.join('\n'));
} finally {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
}
