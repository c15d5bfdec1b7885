/**
 * Chat that reads like chat (issue 34 item 3): Apertium with and without the chat phrase tables and
 * pre/post-editing (server/src/translation/phrasebook) on
 * - bench/corpus/chat-informal/set.tsv: 50 informal messages aligned in English, Spanish, French, Italian and Portuguese,
 *   each with, per language, the words a translation must hold to be understood (a regular
 *   expression); a translation without them counts as a misreading;
 * - bench/corpus/chat: the older 30 chat messages (read once, never scored while writing the tables), chrF only;
 * - bench/corpus/parallel: the 50 news-style sentences, chrF only (the tables must not hurt them).
 * Directions en<->es, en<->fr, en<->it and en<->pt. Run from the repository root:
 *   node --import tsx bench/chatphrases.bench.ts [--show] [--only=it,pt]
 * Figures go to docs/PERFORMANCE.md.
 */
import { readFileSync } from 'node:fs';
import type { LanguageCode } from '@parley/common';
import { ApertiumEngine } from '../server/src/translation/engines/apertium.ts';
import { TranslationRouter } from '../server/src/translation/router.ts';
import { chatMessages, sentences } from '../server/src/translation/testing/corpus.ts';
import { corpusChrf } from '../server/src/translation/testing/chrf.ts';

const engine = new ApertiumEngine({ idleMs: 0 });
const routers = {
  before: new TranslationRouter({ engines: [engine], timeoutMs: 120_000, maxChars: 5_000, phrasebook: false }),
  after: new TranslationRouter({ engines: [engine], timeoutMs: 120_000, maxChars: 5_000 }),
};
const COLUMN = { en: 0, es: 1, fr: 2, it: 3, pt: 4 } as const;
const KEYS = 5;
type Lang = keyof typeof COLUMN;
const rows = readFileSync(new URL('./corpus/chat-informal/set.tsv', import.meta.url), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
const ALL: [Lang, Lang][] = [['en', 'es'], ['es', 'en'], ['en', 'fr'], ['fr', 'en'], ['en', 'it'], ['it', 'en'], ['en', 'pt'], ['pt', 'en']];
// --only it,pt: the directions between English and these languages.
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7).split(',');
const DIRECTIONS = only ? ALL.filter(([s, t]) => only.includes(s) || only.includes(t)) : ALL;

async function translateAll(which: 'before' | 'after', source: LanguageCode, target: LanguageCode, lines: string[]): Promise<string[]> {
  return Promise.all(lines.map(async (text) => (await routers[which].translate({ text, source, target })).text));
}

async function main() {
  const show = process.argv.includes('--show');
  const via = (s: LanguageCode, t: LanguageCode) => engine.supports(s, t) === 'pivot' ? ` (via ${engine.pivotFor?.(s, t)})` : ' (direct)';
  console.log('direction   set chrF2 before -> after   misread before -> after   older chat set chrF2   news sentences chrF2');
  const totals = { before: 0, after: 0 };
  for (const [source, target] of DIRECTIONS) {
    const sources = rows.map((r) => r[COLUMN[source]] as string);
    const references = rows.map((r) => r[COLUMN[target]] as string);
    const keys = rows.map((r) => new RegExp(r[KEYS + COLUMN[target]] as string, 'iu'));
    const figures: Record<string, { chrf: number; misread: number; older: number; news: number }> = {};
    for (const which of ['before', 'after'] as const) {
      const out = await translateAll(which, source, target, sources);
      const older = await translateAll(which, source, target, chatMessages(source));
      const news = await translateAll(which, source, target, sentences(source));
      const misread = out.filter((o, i) => !keys[i]!.test(o)).length;
      figures[which] = { chrf: corpusChrf(out, references), misread, older: corpusChrf(older, chatMessages(target)), news: corpusChrf(news, sentences(target)) };
      totals[which] += misread;
      if (show) out.forEach((o, i) => console.log(`  ${which} ${source}>${target} ${keys[i]!.test(o) ? ' ' : 'X'} ${sources[i]} => ${o}`));
    }
    const b = figures.before!;
    const a = figures.after!;
    console.log(`${source}->${target}${via(source, target)}  ${b.chrf.toFixed(1)} -> ${a.chrf.toFixed(1)}             ${b.misread} -> ${a.misread} of ${rows.length}                ${b.older.toFixed(1)} -> ${a.older.toFixed(1)}     ${b.news.toFixed(1)} -> ${a.news.toFixed(1)}`);
  }
  console.log(`misread in all: ${totals.before} -> ${totals.after} of ${rows.length * DIRECTIONS.length}`);
  await routers.before.close();
  await routers.after.close();
}

await main();
