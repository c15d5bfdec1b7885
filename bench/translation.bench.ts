/**
 * Translation benchmark (Apertium). Run from the repository root:
 *   node --import tsx bench/translation.bench.ts
 * Prints, in one run: warm-pipeline latency for 15-word English sentences (en -> es) against
 * spawning the per-call `apertium eng-spa` command, cache-hit latency through the router with the
 * database cache (PGlite in memory), and throughput at concurrency 1, 4 and 16.
 * Figures go to docs/PERFORMANCE.md.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { connectDb } from '../server/src/db/connect.ts';
import { DbTranslationCache } from '../server/src/translation/cache.ts';
import { ApertiumEngine } from '../server/src/translation/engines/apertium.ts';
import { TranslationRouter } from '../server/src/translation/router.ts';

const SUBJECTS = ['The old farmer', 'My younger sister', 'Our new neighbour', 'The tired doctor', 'A young student', 'The busy teacher'];
const VERBS = ['bought', 'painted', 'found', 'sold', 'cleaned', 'visited'];
const OBJECTS = ['a small red house', 'the big wooden table', 'an old blue car', 'the quiet little garden', 'a beautiful white boat'];
const ENDINGS = ['near the river last summer', 'in the city centre yesterday', 'with her friends on Sunday', 'before the long winter began'];

/** Distinct 15-word English sentences ("The old farmer bought a small red house near the river last summer with great."). */
function sentence(i: number): string {
  const pick = (list: string[], n: number) => list[n % list.length] as string;
  const words = [pick(SUBJECTS, i), pick(VERBS, Math.floor(i / 6)), pick(OBJECTS, Math.floor(i / 36)), pick(ENDINGS, Math.floor(i / 180))]
    .join(' ')
    .split(' ');
  const filler = ['with', 'great', 'care', 'and', 'some', 'joy'];
  for (let k = 0; words.length < 15; k += 1) words.push(filler[k] as string);
  return `${words.slice(0, 15).join(' ')}.`;
}

const SENTENCES = Array.from({ length: 400 }, (_, i) => sentence(i));

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const ms = (n: number) => (n < 1 ? n.toFixed(3) : n < 10 ? n.toFixed(2) : n.toFixed(1));

async function timed<T>(fn: () => Promise<T>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** The per-call command: `apertium eng-spa INPUT` (a fresh pipeline of ~12 processes each time). */
function perCall(dir: string, text: string, i: number): Promise<string> {
  const file = path.join(dir, `in-${i}.txt`);
  writeFileSync(file, text);
  return new Promise((resolve, reject) => {
    const child = spawn('apertium', ['eng-spa', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`apertium exited ${code}`))));
  });
}

async function throughput(engine: ApertiumEngine, concurrency: number, total: number, offset: number) {
  let next = 0;
  const latencies: number[] = [];
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const text = SENTENCES[(offset + next++) % SENTENCES.length] as string;
        latencies.push(await timed(() => engine.translate({ text, source: 'en', target: 'es', signal: AbortSignal.timeout(30_000) })));
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  return { perSecond: total / seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
}

async function main() {
  const words = SENTENCES[0]?.split(' ').length;
  console.log(`Translation benchmark: Apertium eng-spa, ${words}-word sentences, ${cpus().length} cores, Node ${process.version}\n`);
  const engine = new ApertiumEngine({ idleMs: 0 });
  const example = await engine.translate({ text: SENTENCES[0] as string, source: 'en', target: 'es', signal: AbortSignal.timeout(30_000) });
  console.log(`example: ${SENTENCES[0]}\n      -> ${example.text}\n`);

  // Warm pipeline, one request at a time.
  for (let i = 0; i < 30; i += 1) await engine.translate({ text: SENTENCES[i] as string, source: 'en', target: 'es', signal: AbortSignal.timeout(30_000) });
  const warm: number[] = [];
  for (let i = 0; i < 300; i += 1) {
    const text = SENTENCES[(i + 30) % SENTENCES.length] as string;
    warm.push(await timed(() => engine.translate({ text, source: 'en', target: 'es', signal: AbortSignal.timeout(30_000) })));
  }

  // Per-call command.
  const dir = mkdtempSync(path.join(tmpdir(), 'parley-bench-'));
  const cold: number[] = [];
  for (let i = 0; i < 25; i += 1) cold.push(await timed(() => perCall(dir, SENTENCES[i] as string, i)));
  rmSync(dir, { recursive: true, force: true });

  // Cache hits through the router (PGlite in memory): the table itself, and with the LRU in front.
  const db = await connectDb({});
  const hits = async (memoryEntries: number) => {
    const router = new TranslationRouter({ engines: [engine], cache: new DbTranslationCache(db.db, { memoryEntries }), timeoutMs: 30_000, maxChars: 5_000 });
    const text = `${SENTENCES[1]} (${memoryEntries})`;
    const first = await router.translate({ text, source: 'en', target: 'es' });
    if (first.cached) throw new Error('expected a miss first');
    const samples: number[] = [];
    for (let i = 0; i < 500; i += 1) {
      const start = performance.now();
      const result = await router.translate({ text, source: 'en', target: 'es' });
      samples.push(performance.now() - start);
      if (!result.cached) throw new Error('expected a cache hit');
    }
    return samples;
  };
  const dbHits = await hits(0);
  const lruHits = await hits(5_000);
  await db.close();

  const levels = [1, 4, 16];
  const rates = [];
  for (const [i, c] of levels.entries()) rates.push({ c, ...(await throughput(engine, c, 240, i * 80)) });
  await engine.close();

  const rows: [string, string, string, string][] = [
    ['warm pipeline (en -> es, sequential)', ms(percentile(warm, 50)), ms(percentile(warm, 95)), `${warm.length}`],
    ['per-call `apertium eng-spa`', ms(percentile(cold, 50)), ms(percentile(cold, 95)), `${cold.length}`],
    ['cache hit, database (PGlite)', ms(percentile(dbHits, 50)), ms(percentile(dbHits, 95)), `${dbHits.length}`],
    ['cache hit, in-memory LRU + database', ms(percentile(lruHits, 50)), ms(percentile(lruHits, 95)), `${lruHits.length}`],
  ];
  console.log('| measurement | p50 (ms) | p95 (ms) | samples |');
  console.log('|---|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
  console.log(`\nwarm vs per-call (p50): ${(percentile(cold, 50) / percentile(warm, 50)).toFixed(1)}x faster\n`);
  console.log('| concurrency | sentences/s | p50 (ms) | p95 (ms) |');
  console.log('|---:|---:|---:|---:|');
  for (const r of rates) console.log(`| ${r.c} | ${r.perSecond.toFixed(1)} | ${ms(r.p50)} | ${ms(r.p95)} |`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
