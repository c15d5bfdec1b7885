/**
 * Translation quality of the offline engine (Apertium) on Parley's own sets (bench/corpus):
 * chrF2 (sacreBLEU definition) per served direction on the 50 FLORES-style sentences and the 30
 * chat messages; for every direction served through a pivot, each available path; and the five
 * chat messages scored worst. Run from the repository root:
 *   node --import tsx bench/quality.bench.ts [--paths] [--worst]
 * Figures go to docs/PERFORMANCE.md.
 */
import { LANGUAGE_CODES } from '@parley/common';
import { ApertiumEngine } from '../server/src/translation/engines/apertium.ts';
import { chatMessages, sentences } from '../server/src/translation/testing/corpus.ts';
import { corpusChrf, sentenceChrf } from '../server/src/translation/testing/chrf.ts';

const engine = new ApertiumEngine({ idleMs: 0 });
const signal = () => AbortSignal.timeout(120_000);

/** All lines of a set through the modes, concurrently (the warm pipelines take many requests at once). */
async function run(modes: readonly string[], lines: string[]): Promise<string[]> {
  return Promise.all(lines.map(async (line) => (await engine.run(modes, line, signal())).text));
}

const fmt = (n: number) => n.toFixed(1).padStart(5);
const served = LANGUAGE_CODES.flatMap((s) => LANGUAGE_CODES.filter((t) => t !== s && engine.modes.plan(s, t)).map((t) => [s, t] as const));

async function main() {
  const showPaths = process.argv.includes('--paths');
  const showWorst = process.argv.includes('--worst');
  console.log(`Apertium quality, chrF2 on bench/corpus (50 sentences, 30 chat messages), ${served.length} served directions\n`);
  console.log('dir     path                  news  chat');
  const worst: { score: number; line: string }[] = [];
  const all: [number, number] = [0, 0];
  for (const [source, target] of served) {
    const plan = engine.modes.plan(source, target);
    if (!plan) continue;
    const news = await run(plan.modes, sentences(source));
    const chat = await run(plan.modes, chatMessages(source));
    const newsScore = corpusChrf(news, sentences(target));
    const chatScore = corpusChrf(chat, chatMessages(target));
    all[0] += newsScore;
    all[1] += chatScore;
    console.log(`${source}->${target}  ${plan.modes.join(' + ').padEnd(20)} ${fmt(newsScore)} ${fmt(chatScore)}`);
    chat.forEach((out, i) => {
      const ref = chatMessages(target)[i] as string;
      worst.push({ score: sentenceChrf(out, ref), line: `${source}->${target} "${chatMessages(source)[i]}" -> "${out}" (ref "${ref}")` });
    });
  }
  console.log(`mean over directions            ${fmt(all[0] / served.length)} ${fmt(all[1] / served.length)}`);

  if (showPaths) {
    console.log('\nPivot paths (chrF2 on the 50 sentences + 30 chat messages together; * = chosen)');
    for (const [source, target] of served) {
      const paths = engine.modes.pivotPaths(source, target);
      if (engine.modes.mode(source, target) || paths.length === 0) continue;
      const chosen = engine.modes.plan(source, target)?.via;
      const cells: string[] = [];
      for (const path of paths) {
        const src = [...sentences(source), ...chatMessages(source)];
        const ref = [...sentences(target), ...chatMessages(target)];
        const score = corpusChrf(await run(path.modes, src), ref);
        cells.push(`via ${path.via} ${fmt(score)}${path.via === chosen ? '*' : ' '}`);
      }
      console.log(`${source}->${target}  ${cells.join('  ')}`);
    }
  }

  if (showWorst) {
    console.log('\nFive worst chat messages (sentence chrF2):');
    worst.sort((a, b) => a.score - b.score);
    for (const w of worst.slice(0, 5)) console.log(`${fmt(w.score)}  ${w.line}`);
  }
  await engine.close();
}

await main();
