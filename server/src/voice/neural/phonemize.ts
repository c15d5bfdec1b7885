import { runChain } from '../../platform/process.ts';

/**
 * Text to Piper phoneme ids, as Piper does it: espeak-ng's IPA for the voice's espeak voice, split
 * into its Unicode code points (NFD), each mapped by the voice's phoneme_id_map with the pad id after
 * it, between the start (^) and end ($) marks. espeak-ng prints one clause per line and drops the
 * punctuation; the clause's mark (, . ? !) is put back where the text's clauses line up with the lines,
 * so the voice pauses and intones as trained.
 */

export type PhonemeIdMap = Record<string, number[]>;

const CLAUSE = /[^,.;:!?¿¡。！？，、]+([,.;:!?。！？，、]*)/gu;
const MARKS: Record<string, string> = { '。': '.', '！': '!', '？': '?', '，': ',', '、': ',' };

/** espeak-ng's IPA, one clause a line (run like every child: clean environment, no start-up files). */
export async function espeakIpa(text: string, voice: string, signal: AbortSignal, timeoutMs: number): Promise<string[]> {
  const out = await runChain([{ cmd: 'espeak-ng', args: ['-q', '--ipa', '-v', voice, '--stdin'] }], text, { signal, timeoutMs, maxOutputBytes: 1_000_000 });
  return out.toString('utf8').split('\n').map((l) => l.trim()).filter(Boolean);
}

/** The punctuation closing each clause of the text ('' where none). */
export function clauseMarks(text: string): string[] {
  return [...text.matchAll(CLAUSE)].filter((m) => /[\p{L}\p{N}]/u.test(m[0])).map((m) => {
    const mark = m[1]!.slice(-1);
    return MARKS[mark] ?? mark;
  });
}

export function phonemeIds(clauses: string[], marks: string[], map: PhonemeIdMap): { ids: number[]; missing: string[] } {
  const missing = new Set<string>();
  const pad = map._ ?? [];
  const ids = [...(map['^'] ?? []), ...pad];
  const add = (symbol: string) => {
    const found = map[symbol];
    if (!found) {
      missing.add(symbol);
      return;
    }
    ids.push(...found, ...pad);
  };
  const aligned = marks.length === clauses.length;
  clauses.forEach((clause, i) => {
    if (i > 0) add(' ');
    for (const symbol of clause.normalize('NFD')) add(symbol);
    const mark = aligned ? marks[i] : i === clauses.length - 1 ? '.' : ',';
    if (mark && map[mark]) add(mark);
  });
  ids.push(...(map.$ ?? []));
  return { ids, missing: [...missing] };
}
