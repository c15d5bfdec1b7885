/**
 * chrF as sacreBLEU 2.x computes it by default (chrF2: character n-grams of order 1..6, no word
 * n-grams, beta = 2, whitespace removed, statistics summed over the corpus, precision and recall
 * averaged over the orders that have n-grams on both sides, then combined into an F-beta score).
 * Scores are 0..100.
 */
const ORDER = 6;
const BETA = 2;

type Stats = number[]; // [hyp, ref, match] per order

function ngrams(text: string, n: number): Map<string, number> {
  const chars = Array.from(text.split(/\s+/u).join(''));
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= chars.length; i += 1) {
    const gram = chars.slice(i, i + n).join('');
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

export function chrfStats(hypothesis: string, reference: string): Stats {
  const stats: Stats = [];
  for (let n = 1; n <= ORDER; n += 1) {
    const hyp = ngrams(hypothesis, n);
    const ref = ngrams(reference, n);
    let match = 0;
    for (const [gram, count] of hyp) match += Math.min(count, ref.get(gram) ?? 0);
    const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    stats.push(total(hyp), total(ref), match);
  }
  return stats;
}

function score(stats: Stats): number {
  let precision = 0;
  let recall = 0;
  let effective = 0;
  for (let i = 0; i < ORDER; i += 1) {
    const [hyp, ref, match] = stats.slice(3 * i, 3 * i + 3) as [number, number, number];
    if (hyp > 0 && ref > 0) {
      precision += match / hyp;
      recall += match / ref;
      effective += 1;
    }
  }
  if (effective === 0) return 0;
  precision /= effective;
  recall /= effective;
  const factor = BETA ** 2;
  return precision + recall > 0 ? (100 * (1 + factor) * precision * recall) / (factor * precision + recall) : 0;
}

/** Corpus chrF2 of hypotheses against one reference each. */
export function corpusChrf(hypotheses: readonly string[], references: readonly string[]): number {
  if (hypotheses.length !== references.length) throw new Error('chrF: as many hypotheses as references');
  const total: Stats = new Array<number>(3 * ORDER).fill(0);
  hypotheses.forEach((hyp, i) => chrfStats(hyp, references[i] as string).forEach((v, k) => (total[k] = (total[k] ?? 0) + v)));
  return score(total);
}

/** Sentence chrF2 (the same formula on one pair). */
export const sentenceChrf = (hypothesis: string, reference: string) => score(chrfStats(hypothesis, reference));
