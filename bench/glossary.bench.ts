/**
 * The cost of a conversation glossary on translation latency, Apertium (warm pipeline, no cache).
 * Run from the repository root: node --import tsx bench/glossary.bench.ts [sentences=200]
 * The same sentences are translated en -> es three ways: without a glossary; with a 50-entry
 * glossary none of whose phrases occur (the common case: only the filtering is paid); and with
 * a glossary whose phrase occurs (protected-term substitution around the engine).
 */
import { ApertiumEngine } from '../server/src/translation/engines/apertium.ts';
import type { GlossaryEntry } from '../server/src/translation/glossary.ts';
import { TranslationRouter } from '../server/src/translation/router.ts';
import { percentile, table } from './stats.ts';

const COUNT = Number(process.argv[2] ?? 200);
const PLACES = ['station', 'museum', 'market', 'library', 'hospital'];
const sentence = (i: number) => `The ${PLACES[i % 5]} near the old bridge opens at ${(i % 12) + 1} o'clock, number ${i}.`;

const unrelated: GlossaryEntry[] = Array.from({ length: 50 }, (_, i) => ({
  sourceLanguage: 'en', targetLanguage: 'es', sourcePhrase: `term${i} phrase`, targetPhrase: `término${i}`,
}));
const matching: GlossaryEntry[] = [
  ...unrelated,
  { sourceLanguage: 'en', targetLanguage: 'es', sourcePhrase: 'station', targetPhrase: 'estación' },
  { sourceLanguage: 'en', targetLanguage: 'es', sourcePhrase: 'museum', targetPhrase: 'museo' },
  { sourceLanguage: 'en', targetLanguage: 'es', sourcePhrase: 'market', targetPhrase: 'mercado' },
  { sourceLanguage: 'en', targetLanguage: 'es', sourcePhrase: 'library', targetPhrase: 'biblioteca' },
  { sourceLanguage: 'en', targetLanguage: 'es', sourcePhrase: 'hospital', targetPhrase: 'hospital' },
];

async function run(router: TranslationRouter, glossary: GlossaryEntry[] | undefined, offset: number) {
  const ms: number[] = [];
  for (let i = 0; i < COUNT; i++) {
    const start = performance.now();
    const result = await router.translate({ text: sentence(i + offset), source: 'en', target: 'es', glossary });
    ms.push(performance.now() - start);
    if (!result.ok) throw new Error(`translation failed: ${result.message}`);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95) };
}

const engine = new ApertiumEngine();
// No cache: every call is an engine call. Distinct numbers keep the three runs on distinct texts.
const router = new TranslationRouter({ engines: [engine], timeoutMs: 15_000, maxChars: 5_000 });
try {
  await run(router, undefined, 10_000); // warm the pipeline
  const plain = await run(router, undefined, 0);
  const idle = await run(router, unrelated, 1_000);
  const applied = await run(router, matching, 2_000);
  console.log(`\nGlossary cost, Apertium en -> es, ${COUNT} sentences per run, sequential, no cache`);
  table([
    ['no glossary p50 / p95 ms', `${plain.p50.toFixed(2)} / ${plain.p95.toFixed(2)}`],
    ['50 entries, none in the text p50 / p95 ms', `${idle.p50.toFixed(2)} / ${idle.p95.toFixed(2)}`],
    ['55 entries, one in the text (protected term) p50 / p95 ms', `${applied.p50.toFixed(2)} / ${applied.p95.toFixed(2)}`],
  ]);
  const sample = await router.translate({ text: sentence(0), source: 'en', target: 'es', glossary: matching });
  console.log(`sample: ${sentence(0)} -> ${sample.text}`);
} finally {
  await router.close();
}
