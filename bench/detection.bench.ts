/**
 * Language detection accuracy on the hand-written set (bench/corpus, 210 texts x 20 languages).
 * Run from the repository root:  node --import tsx bench/detection.bench.ts [--failures]
 * Prints, per language and kind of text, how often the language is recognised without a prior and
 * with the sender's own language as the prior, and how often a text in another language is still
 * recognised when the sender's profile names a different one (sentences and paragraphs, every
 * wrong prior). Figures go to docs/PERFORMANCE.md.
 */
import { LANGUAGE_CODES, type LanguageCode } from '@parley/common';
import { detectLanguage } from '../server/src/translation/detect.ts';
import { detectionSamples } from '../server/src/translation/testing/corpus.ts';

const pct = (n: number, d: number) => `${((100 * n) / d).toFixed(1)}%`.padStart(7);
const showFailures = process.argv.includes('--failures');
const failures: string[] = [];

let total = 0;
let free = 0;
let prior = 0;
const byKind = new Map<string, [number, number, number]>();
console.log('lang  texts  no prior  own prior');
for (const language of LANGUAGE_CODES) {
  const samples = detectionSamples(language);
  let f = 0;
  let p = 0;
  for (const sample of samples) {
    const a = detectLanguage(sample.text).language === language;
    const detected = detectLanguage(sample.text, { sender: language });
    const b = detected.language === language;
    if (!b) failures.push(`${language} ${sample.kind} -> ${detected.language} (${detected.method}): ${sample.text}`);
    f += Number(a);
    p += Number(b);
    const k = byKind.get(sample.kind) ?? [0, 0, 0];
    byKind.set(sample.kind, [k[0] + 1, k[1] + Number(a), k[2] + Number(b)]);
  }
  total += samples.length;
  free += f;
  prior += p;
  console.log(`${language.padEnd(4)} ${String(samples.length).padStart(6)} ${pct(f, samples.length)}  ${pct(p, samples.length)}`);
}
console.log(`all  ${String(total).padStart(6)} ${pct(free, total)}  ${pct(prior, total)}\n`);
console.log('kind        texts  no prior  own prior');
for (const [kind, [n, a, b]] of byKind) console.log(`${kind.padEnd(10)} ${String(n).padStart(6)} ${pct(a, n)}  ${pct(b, n)}`);

// A message in another language than the sender's profile says: still recognised?
let cross = 0;
let crossOk = 0;
const crossByKind = new Map<string, [number, number]>();
for (const language of LANGUAGE_CODES) {
  for (const sample of detectionSamples(language)) {
    for (const other of LANGUAGE_CODES) {
      if (other === language) continue;
      const ok = detectLanguage(sample.text, { sender: other as LanguageCode }).language === language;
      const k = crossByKind.get(sample.kind) ?? [0, 0];
      crossByKind.set(sample.kind, [k[0] + 1, k[1] + Number(ok)]);
      if (sample.kind === 'sentence' || sample.kind === 'paragraph') {
        cross += 1;
        crossOk += Number(ok);
      }
    }
  }
}
console.log(`\nother language than the profile's (19 wrong priors per text):`);
for (const [kind, [n, ok]] of crossByKind) console.log(`${kind.padEnd(10)} ${String(n).padStart(6)} ${pct(ok, n)}`);
console.log(`sentences and paragraphs: ${pct(crossOk, cross)} of ${cross}`);
if (showFailures) console.log(`\n${failures.join('\n')}`);
