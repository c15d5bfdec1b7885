/**
 * The generation loop of encoder-decoder translation models, independent of the runtime: `step` runs
 * the decoder on a set of prefixes and gives the next-token logits of each. Greedy search (one beam)
 * or beam search, ending at the end-of-sentence token or the length limit (where end-of-sentence is
 * forced, as forced_eos_token_id does in transformers).
 */

export interface GenerateOptions {
  /** decoder_start_token_id, then for many-to-many models the forced target language token. */
  startTokens: number[];
  eos: number;
  /** Most tokens generated after startTokens, per sentence. */
  maxNewTokens: number[];
  numBeams: number;
  /** Beam scores are divided by length^lengthPenalty (1 as in transformers). */
  lengthPenalty?: number | undefined;
  /** Never generated (pad, as transformers' bad_words_ids for Marian). */
  suppress?: number[] | undefined;
}

export interface Row {
  sentence: number;
  tokens: number[];
}

/** Runs the decoder on every row and returns the logits of the next token for each (vocabulary-sized). */
export type Step = (rows: Row[]) => Promise<Float32Array[]>;

/** Generated tokens per sentence, without startTokens and without the final end-of-sentence. */
export async function generate(sentences: number, step: Step, o: GenerateOptions): Promise<number[][]> {
  return o.numBeams <= 1 ? greedy(sentences, step, o) : beam(sentences, step, o);
}

function logSoftmax(logits: Float32Array, suppress: readonly number[]): Float32Array {
  const out = Float32Array.from(logits);
  for (const s of suppress) if (s >= 0 && s < out.length) out[s] = -Infinity;
  let max = -Infinity;
  for (const v of out) if (v > max) max = v;
  let sum = 0;
  for (const v of out) sum += Math.exp(v - max);
  const log = max + Math.log(sum);
  for (let i = 0; i < out.length; i++) out[i] = out[i]! - log;
  return out;
}

function argmax(values: Float32Array): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) if (values[i]! > values[best]!) best = i;
  return best;
}

async function greedy(sentences: number, step: Step, o: GenerateOptions): Promise<number[][]> {
  const out: number[][] = Array.from({ length: sentences }, () => []);
  const done = out.map((_, i) => (o.maxNewTokens[i] ?? 0) <= 0);
  while (done.some((d) => !d)) {
    const active = out.map((_, i) => i).filter((i) => !done[i]);
    const logits = await step(active.map((i) => ({ sentence: i, tokens: [...o.startTokens, ...out[i]!] })));
    active.forEach((i, r) => {
      const next = argmax(logSoftmax(logits[r]!, o.suppress ?? []));
      if (next === o.eos) done[i] = true;
      else {
        out[i]!.push(next);
        if (out[i]!.length >= o.maxNewTokens[i]!) done[i] = true;
      }
    });
  }
  return out;
}

interface Hypothesis {
  tokens: number[];
  /** Sum of log-probabilities. */
  score: number;
}

async function beam(sentences: number, step: Step, o: GenerateOptions): Promise<number[][]> {
  const n = o.numBeams;
  const penalty = o.lengthPenalty ?? 1;
  const norm = (h: Hypothesis) => h.score / Math.max(1, h.tokens.length + 1) ** penalty;
  const live: Hypothesis[][] = Array.from({ length: sentences }, () => [{ tokens: [], score: 0 }]);
  const finished: Hypothesis[][] = Array.from({ length: sentences }, () => []);
  const isDone = (i: number) => {
    if (live[i]!.length === 0) return true;
    if (finished[i]!.length < n) return false;
    // transformers' default (early_stopping false): stop once no live beam can beat the worst kept one.
    const worst = Math.min(...finished[i]!.map(norm));
    return Math.max(...live[i]!.map(norm)) <= worst;
  };
  for (;;) {
    const active = live.map((_, i) => i).filter((i) => !isDone(i));
    if (active.length === 0) break;
    const rows: Row[] = active.flatMap((i) => live[i]!.map((h) => ({ sentence: i, tokens: [...o.startTokens, ...h.tokens] })));
    const logits = await step(rows);
    let r = 0;
    for (const i of active) {
      const candidates: Hypothesis[] = [];
      for (const h of live[i]!) {
        const lp = logSoftmax(logits[r++]!, o.suppress ?? []);
        for (const t of topK(lp, 2 * n)) candidates.push({ tokens: [...h.tokens, t], score: h.score + lp[t]! });
      }
      candidates.sort((a, b) => b.score - a.score);
      const next: Hypothesis[] = [];
      for (const c of candidates) {
        if (next.length >= n) break;
        const last = c.tokens[c.tokens.length - 1];
        if (last === o.eos) finished[i]!.push({ tokens: c.tokens.slice(0, -1), score: c.score });
        else if (c.tokens.length >= o.maxNewTokens[i]!) finished[i]!.push(c);
        else next.push(c);
      }
      live[i] = next;
      finished[i]!.sort((a, b) => norm(b) - norm(a));
      finished[i]!.splice(n);
    }
  }
  return finished.map((f, i) => (f[0] ?? live[i]![0] ?? { tokens: [] }).tokens);
}

function topK(values: Float32Array, k: number): number[] {
  const best: number[] = [];
  for (let i = 0; i < values.length; i++) {
    if (values[i] === -Infinity) continue;
    if (best.length < k) {
      best.push(i);
      best.sort((a, b) => values[b]! - values[a]!);
    } else if (values[i]! > values[best[k - 1]!]!) {
      best[k - 1] = i;
      best.sort((a, b) => values[b]! - values[a]!);
    }
  }
  return best;
}
