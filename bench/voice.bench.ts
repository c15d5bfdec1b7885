/**
 * Voice latency benchmark: flite speech streamed in real time over the voice socket, released, and
 * timed until the first translated transcript delta, the first audio chunk and audio.done; plus the
 * real-time factor of each stage. Run: node --import tsx bench/voice.bench.ts [--runs N] [--no-write]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { durationSeconds } from '../server/src/voice/audio.ts';
import { PocketSphinxStt } from '../server/src/voice/stt/pocketsphinx.ts';
import { ApertiumCliTranslator } from '../server/src/translation/testing/apertiumCli.ts';
import { BENCH_UTTERANCES } from '../server/src/voice/testing/sentences.ts';
import { fliteSpeech } from '../server/src/voice/testing/speech.ts';
import { EspeakTts } from '../server/src/voice/tts/espeak.ts';
import type { TextTranslator } from '../server/src/translation/textTranslator.ts';
import { variants, voiceBench, warmApertium, type Run } from './voice/setup.ts';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 5;
const write = !args.includes('--no-write');
const TARGET_MS = 800;

const p50 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)] ?? NaN;
};
const ms = (x: number) => x.toFixed(0);
const rtf = (x: number) => x.toFixed(3);

const speech = await Promise.all(Object.entries(BENCH_UTTERANCES).map(async ([label, text]) => ({ label, text, pcm: await fliteSpeech(text) })));
const warm = warmApertium();

// ---------------------------------------------------------------- end-to-end latency over the socket
const latencyRows: string[] = [];
let target: { value: number; met: boolean } | undefined;
for (const variant of variants(warm.translator)) {
  const bench = await voiceBench(variant);
  await bench.utter(speech[0]!.pcm); // warm-up: model files in the page cache, pipelines started
  for (const { label, pcm } of speech) {
    const results: Run[] = [];
    for (let i = 0; i < runs; i++) results.push(await bench.utter(pcm));
    const col = (pick: (r: Run) => number) => {
      const xs = results.map(pick);
      return `${ms(p50(xs))} (${ms(Math.min(...xs))}-${ms(Math.max(...xs))})`;
    };
    latencyRows.push(
      `| ${variant.name} | ${label} (${durationSeconds(pcm.length).toFixed(1)} s) | ${col((r) => r.server.sttMs ?? NaN)} | ${col((r) => r.firstDeltaMs)} | ${col((r) => r.firstAudioMs)} | ${col((r) => r.doneMs)} |`,
    );
    if (label === '3 s' && !target) {
      const value = p50(results.map((r) => r.firstAudioMs));
      target = { value, met: value < TARGET_MS };
    }
    console.log(latencyRows.at(-1));
  }
  await bench.close();
}

// ---------------------------------------------------------------- real-time factor of each stage
const stt = new PocketSphinxStt();
const tts = new EspeakTts();
const perCall = new ApertiumCliTranslator();
const signal = () => new AbortController().signal;
async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}
async function translateTimed(translator: TextTranslator, text: string) {
  return timed(() => translator.translate({ text, source: 'en', target: 'es' }));
}

const stageRows: string[] = [];
for (const { label, pcm } of speech) {
  const input = durationSeconds(pcm.length);
  const sttMs: number[] = [];
  const cliMs: number[] = [];
  const warmMs: number[] = [];
  const ttsMs: number[] = [];
  let spanish = '';
  let output = 0;
  let heard = '';
  for (let i = 0; i < runs; i++) {
    const recognised = await timed(() => stt.transcribe(pcm, 'en', signal()));
    sttMs.push(recognised.ms);
    heard = recognised.value.text;
    cliMs.push((await translateTimed(perCall, heard)).ms);
    const translated = await translateTimed(warm.translator, heard);
    warmMs.push(translated.ms);
    spanish = translated.value.text;
    const spoken = await timed(() => tts.synthesize(spanish, 'es', signal()));
    ttsMs.push(spoken.ms);
    output = durationSeconds(spoken.value.length);
  }
  stageRows.push(
    `| ${label} (${input.toFixed(1)} s in, ${output.toFixed(1)} s out) | ${ms(p50(sttMs))} / ${rtf(p50(sttMs) / 1000 / input)} | ${ms(p50(cliMs))} / ${rtf(p50(cliMs) / 1000 / input)} | ${p50(warmMs).toFixed(1)} / ${rtf(p50(warmMs) / 1000 / input)} | ${ms(p50(ttsMs))} / ${rtf(p50(ttsMs) / 1000 / output)} |`,
  );
  console.log(stageRows.at(-1));
  console.log(`  heard: "${heard}"\n  said:  "${spanish}"`);
}
await warm.close();

// ---------------------------------------------------------------- report
const load = os.loadavg().map((x) => x.toFixed(2)).join(' / ');
const section = `## Voice (PocketSphinx → Apertium → espeak-ng)

Command: \`node --import tsx bench/voice.bench.ts\` (from the repository root; \`--runs N\`, \`--no-write\`).

- Machine: 2 cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), 24 GiB RAM, Node ${process.versions.node}, pocketsphinx 0.8+5prealpha (Debian
  en-us model), Apertium 3.8.3 (apertium-eng-spa 0.8.1), espeak-ng 1.51, sox 14.4.2. Load average at the end
  ${load} (1/5/15 min): the machine is shared with other work, expect ±30%.
- Date: 2026-11-21. ${runs} timed runs per row after one warm-up; figures are p50 (min-max) in ms.
- Input: flite (slt voice) English speech at 24 kHz, sent over a real voice socket in 4096-sample frames
  paced in real time (as the browser's AudioWorklet does), then \`input_audio_buffer.commit\` ("release").
  Times are measured by the client from the release. English -> Spanish; espeak-ng \`es\` voice.
- Streaming STT: PocketSphinx (sox 24 -> 16 kHz piped into \`pocketsphinx_continuous -infile /dev/stdin\`)
  starts at the first audio frame, so the model loads and decoding runs while the user is still
  speaking; on release only the tail is left. "No streaming" starts recognition on release.
- Translation: "warm Apertium" is the server's engine (\`server/src/translation/engines/apertium.ts\`, one
  long-lived pipeline per direction); "per-call" spawns \`apertium -u eng-spa\` per request (the tests'
  translator). Synthesis: one espeak-ng + sox run per sentence, sent in 8192-byte chunks as soon as ready.

| variant | utterance | STT after release | first transcript delta | first audio chunk | audio.done |
|---|---|---:|---:|---:|---:|
${latencyRows.join('\n')}

Target: first audio under ${TARGET_MS} ms after release for a 3 s utterance: **${target ? `${ms(target.value)} ms, ${target.met ? 'met' : 'not met'}` : 'not measured'}** (streaming STT, warm Apertium).

Real-time factor of each stage (time / audio duration; STT and translation against the input speech,
synthesis against the speech it produces), p50 ms / RTF, each stage run alone on the whole utterance:

| utterance | STT, whole utterance (incl. ~0.3 s model load) | translation, per-call | translation, warm | TTS (espeak-ng + sox) |
|---|---:|---:|---:|---:|
${stageRows.join('\n')}
`;

console.log(`\n${section}`);
if (write) {
  const file = path.join(import.meta.dirname, '../docs/PERFORMANCE.md');
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n';
  const heading = '## Voice (PocketSphinx → Apertium → espeak-ng)';
  const start = current.indexOf(heading);
  let next: string;
  if (start === -1) next = `${current.trimEnd()}\n\n${section}`;
  else {
    const end = current.indexOf('\n## ', start + heading.length);
    next = `${current.slice(0, start)}${section}${end === -1 ? '' : current.slice(end + 1)}`;
  }
  writeFileSync(file, next);
  console.log(`updated ${path.relative(process.cwd(), file)}`);
}
