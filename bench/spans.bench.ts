/**
 * Protected spans through the offline engine: every message of the span test set
 * (bench/corpus/spans, 636 messages in 8 languages) through every direction Apertium serves from its
 * language (27 directions, pivots included), with span protection off (before) and on (after).
 * Reports the share of spans that came through verbatim, per kind and per direction, and how many
 * marks an engine lost (their spans were put back at the end instead of in place). Run from the
 * repository root:
 *   node --import tsx bench/spans.bench.ts [--examples]
 * Figures go to docs/PERFORMANCE.md.
 */
import { LANGUAGE_CODES, type LanguageCode } from '@parley/common';
import { ApertiumEngine } from '../server/src/translation/engines/apertium.ts';
import { TranslationRouter, type TranslationLogger } from '../server/src/translation/router.ts';
import { keptCount, spanSamples, type SpanSample } from '../server/src/translation/testing/spanCorpus.ts';

const engine = new ApertiumEngine({ idleMs: 0 });
let lostMarks = 0;
const logger: TranslationLogger = {
  debug() {}, info() {}, error() {},
  warn(obj) {
    if ('lost' in obj) lostMarks += Number((obj as { lost: number }).lost);
  },
};
const routers = {
  before: new TranslationRouter({ engines: [engine], timeoutMs: 120_000, maxChars: 5_000, protectSpans: false, phrasebook: false }),
  after: new TranslationRouter({ engines: [engine], timeoutMs: 120_000, maxChars: 5_000, logger }),
};

interface Tally { kept: number; total: number }
const add = (map: Map<string, Tally>, key: string, kept: number, total: number) => {
  const t = map.get(key) ?? { kept: 0, total: 0 };
  t.kept += kept;
  t.total += total;
  map.set(key, t);
};
const pct = (t: Tally) => `${((100 * t.kept) / Math.max(1, t.total)).toFixed(1)}%`;

async function pool<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await work(items[next++] as T);
  }));
}

async function measure(which: 'before' | 'after', jobs: [SpanSample, LanguageCode][], examples: string[]) {
  const byKind = new Map<string, Tally>();
  const byDirection = new Map<string, Tally>();
  const all: Tally = { kept: 0, total: 0 };
  let untranslated = 0;
  await pool(jobs, 4, async ([sample, target]) => {
    const result = await routers[which].translate({ text: sample.text, source: sample.language, target });
    if (!result.ok) untranslated += 1;
    const kept = keptCount(result.text, sample.keep);
    all.kept += kept;
    all.total += sample.keep.length;
    add(byDirection, `${sample.language}->${target}`, kept, sample.keep.length);
    for (const kind of sample.kinds) add(byKind, kind, kept, sample.keep.length);
    if (kept < sample.keep.length && (which === 'after' || examples.length < 8)) examples.push(`${which} ${sample.language}->${target}: ${JSON.stringify(sample.text)} -> ${JSON.stringify(result.text)}`);
  });
  return { byKind, byDirection, all, untranslated };
}

async function main() {
  const samples = spanSamples();
  const jobs: [SpanSample, LanguageCode][] = samples.flatMap((s) =>
    LANGUAGE_CODES.filter((t) => t !== s.language && engine.supports(s.language, t)).map((t) => [s, t] as [SpanSample, LanguageCode]));
  const directions = new Set(jobs.map(([s, t]) => `${s.language}->${t}`));
  console.log(`Protected spans through Apertium: ${samples.length} messages, ${directions.size} directions, ${jobs.length} translations\n`);
  const examples: string[] = [];
  const before = await measure('before', jobs, examples);
  const startLost = lostMarks;
  const after = await measure('after', jobs, examples);
  console.log(`kept, all spans: before ${pct(before.all)} (${before.all.kept}/${before.all.total}), after ${pct(after.all)} (${after.all.kept}/${after.all.total})`);
  console.log(`marks lost by the engine and put back at the end: ${lostMarks - startLost}; not translated (engine failed or unchanged): before ${before.untranslated}, after ${after.untranslated}\n`);
  console.log('kind          before   after');
  for (const [kind, t] of [...before.byKind].sort()) console.log(`${kind.padEnd(12)} ${pct(t).padStart(7)} ${pct(after.byKind.get(kind) ?? t).padStart(7)}`);
  console.log('\ndirection     before   after');
  for (const [dir, t] of [...before.byDirection].sort()) console.log(`${dir.padEnd(12)} ${pct(t).padStart(7)} ${pct(after.byDirection.get(dir) ?? t).padStart(7)}`);
  if (process.argv.includes('--examples')) console.log(`\n${examples.join('\n')}`);
  await routers.before.close();
  await routers.after.close();
}

await main();
