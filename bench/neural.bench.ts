/**
 * Neural engine benchmark on the tiny test models (no real weights can be fetched here). Run from the
 * repository root:
 *   node --import tsx bench/neural.bench.ts [--runs N]
 * Measures what the engine adds around a model: worker start and model load, the tokeniser, the
 * generation loop (one decoder run per token, greedy and beam 4), batching of concurrent requests and
 * the pivot through English. Real models spend far more time inside onnxruntime (see docs/PERFORMANCE.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { LanguageCode } from '@parley/common';
import { NeuralEngine } from '../server/src/translation/engines/neural/engine.ts';
import { writeTinyModels } from '../server/src/translation/engines/neural/testing/tiny-models.ts';
import { percentile } from './stats.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '200' } } });
const runs = Number(values.runs);
const WORDS = ['hello', 'world', 'cat', 'house', 'good', 'morning', 'the', 'river', 'my', 'friend'];
/** Ten-word English sentences of words the tiny en->es model knows (11 tokens with </s>). */
const sentence = (i: number) => Array.from({ length: 10 }, (_, k) => WORDS[(i * 7 + k * 3) % WORDS.length]).join(' ');
const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));

const dir = mkdtempSync(path.join(tmpdir(), 'parley-neural-bench-'));
writeTinyModels(dir);
const pastDir = mkdtempSync(path.join(tmpdir(), 'parley-neural-bench-past-'));
writeTinyModels(pastDir, { withPast: true });

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function sequential(engine: NeuralEngine, source: LanguageCode, target: LanguageCode, texts: string[]): Promise<number[]> {
  const samples: number[] = [];
  for (const text of texts) samples.push(await time(() => engine.translate({ text, source, target, signal: AbortSignal.timeout(60_000) })));
  return samples.sort((a, b) => a - b);
}

const rows: string[] = [];
const row = (name: string, samples: number[]) => rows.push(`| ${name} | ${ms(percentile(samples, 50))} | ${ms(percentile(samples, 95))} | ${samples.length} |`);

try {
  const greedy = new NeuralEngine({ modelsDir: dir, numBeams: 1, threads: 1, idleMs: 0 });
  const cold = await time(() => greedy.translate({ text: sentence(0), source: 'en', target: 'es', signal: AbortSignal.timeout(60_000) }));
  rows.push(`| first request (worker start + model load + translation) | ${ms(cold)} | | 1 |`);
  const texts = Array.from({ length: runs }, (_, i) => sentence(i + 1));
  row('en -> es, greedy, sequential', await sequential(greedy, 'en', 'es', texts));
  const es = texts.map((t) => t.replace(/\w+/g, (w) => ({ hello: 'hola', world: 'mundo', cat: 'gato', house: 'casa', good: 'buenos', morning: 'días', the: 'el', river: 'el', my: 'mi', friend: 'amigo' } as Record<string, string>)[w] ?? w));
  await greedy.translate({ text: es[0]!, source: 'es', target: 'fr', signal: AbortSignal.timeout(60_000) });
  row('es -> fr through English (two models), greedy', await sequential(greedy, 'es', 'fr', es.slice(0, Math.ceil(runs / 2))));

  const cached = new NeuralEngine({ modelsDir: pastDir, numBeams: 1, threads: 1, idleMs: 0 });
  await cached.translate({ text: sentence(0), source: 'en', target: 'es', signal: AbortSignal.timeout(60_000) });
  row('en -> es, greedy, key/value cache (decoder_with_past_model.onnx)', await sequential(cached, 'en', 'es', texts));
  await cached.close();

  const beam = new NeuralEngine({ modelsDir: dir, numBeams: 4, threads: 1, idleMs: 0 });
  await beam.translate({ text: sentence(0), source: 'en', target: 'es', signal: AbortSignal.timeout(60_000) });
  row('en -> es, beam 4, sequential', await sequential(beam, 'en', 'es', texts.slice(0, Math.ceil(runs / 2))));

  const throughput: string[] = [];
  for (const concurrency of [1, 4, 16]) {
    const engine = new NeuralEngine({ modelsDir: dir, numBeams: 1, threads: 1, idleMs: 0 });
    await engine.translate({ text: sentence(0), source: 'en', target: 'es', signal: AbortSignal.timeout(60_000) });
    const before = { ...engine.pool.stats };
    let next = 0;
    const latencies: number[] = [];
    const start = performance.now();
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (next < texts.length) {
        const text = texts[next++]!;
        latencies.push(await time(() => engine.translate({ text, source: 'en', target: 'es', signal: AbortSignal.timeout(60_000) })));
      }
    }));
    const seconds = (performance.now() - start) / 1000;
    const batches = engine.pool.stats.batches - before.batches;
    latencies.sort((a, b) => a - b);
    throughput.push(`| ${concurrency} | ${(texts.length / seconds).toFixed(1)} | ${(texts.length / batches).toFixed(1)} | ${ms(percentile(latencies, 50))} | ${ms(percentile(latencies, 95))} |`);
    await engine.close();
  }
  await Promise.all([greedy.close(), beam.close()]);

  console.log(`Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, onnxruntime-node 1.30 (1 intra-op thread)`);
  console.log('\n| measurement | p50 (ms) | p95 (ms) | samples |\n|---|---:|---:|---:|');
  console.log(rows.join('\n'));
  console.log('\n| concurrency | sentences/s | sentences per batch | p50 (ms) | p95 (ms) |\n|---:|---:|---:|---:|---:|');
  console.log(throughput.join('\n'));
} finally {
  rmSync(dir, { recursive: true, force: true });
  rmSync(pastDir, { recursive: true, force: true });
}
