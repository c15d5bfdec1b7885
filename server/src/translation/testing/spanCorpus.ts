import { readFileSync } from 'node:fs';
import type { LanguageCode } from '@parley/common';

/** The protected-span test set (bench/corpus/spans, see its README): messages and what each must keep. */
const DATA = new URL('../../../../bench/corpus/spans/', import.meta.url);
const read = <T>(file: string) => JSON.parse(readFileSync(new URL(file, DATA), 'utf8')) as T;

interface Value {
  kind: string;
  text: string;
  keep?: string[];
}

export interface SpanSample {
  language: LanguageCode;
  text: string;
  /** Every string the translation must hold verbatim, repeated as often as it must occur. */
  keep: string[];
  kinds: string[];
}

export const SPAN_LANGUAGES = ['en', 'es', 'fr', 'it', 'pt', 'ro', 'ru', 'uk'] as const satisfies readonly LanguageCode[];

export function spanSamples(): SpanSample[] {
  const values = read<Value[]>('values.json');
  const frames = read<Record<string, string[]>>('frames.json');
  const samples: SpanSample[] = [];
  for (const language of SPAN_LANGUAGES) {
    const all = frames[language] ?? [];
    const single = all.filter((f) => f.split('{}').length === 2);
    const double = all.filter((f) => f.split('{}').length === 3);
    values.forEach((v, i) => {
      const frame = single[i % single.length] as string;
      samples.push({ language, text: frame.replace('{}', v.text), keep: v.keep ?? [v.text], kinds: [v.kind] });
    });
    for (let i = 0; i < 16; i += 1) {
      const a = values[(i * 7) % values.length] as Value;
      const b = values[(i * 7 + 30) % values.length] as Value;
      const frame = double[i % double.length] as string;
      samples.push({
        language, text: frame.replace('{}', a.text).replace('{}', b.text), keep: [...(a.keep ?? [a.text]), ...(b.keep ?? [b.text])], kinds: [a.kind, b.kind],
      });
    }
  }
  for (const m of read<{ text: string; keep: string[] }[]>('issue.en.json')) samples.push({ language: 'en', text: m.text, keep: m.keep, kinds: ['issue'] });
  return samples;
}

/** How many of `keep` the translation holds verbatim (each occurrence counted once). */
export function keptCount(translation: string, keep: readonly string[]): number {
  const need = new Map<string, number>();
  for (const k of keep) need.set(k, (need.get(k) ?? 0) + 1);
  let kept = 0;
  for (const [k, n] of need) kept += Math.min(n, translation.split(k).length - 1);
  return kept;
}
