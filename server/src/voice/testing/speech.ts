import { soxToPcm24k } from '../audio.ts';
import { runChain } from '../../platform/process.ts';

/** English speech from Debian's flite as PCM16 24 kHz mono (what the browser sends). */
export async function fliteSpeech(text: string, voice = 'slt'): Promise<Buffer> {
  return runChain([{ cmd: 'flite -voice "$1" -t "$2" -o /dev/stdout | cat', args: [voice, text], shell: true }, soxToPcm24k('wav')], undefined, { timeoutMs: 20_000 });
}

/** Speech in any language from Debian's espeak-ng ('es', 'fr'...) as PCM16 24 kHz mono. */
export async function espeakSpeech(text: string, voice: string): Promise<Buffer> {
  return runChain([{ cmd: 'espeak-ng', args: ['-v', voice, '--stdout', text] }, soxToPcm24k('wav')], undefined, { timeoutMs: 20_000 });
}

/** Silence of the given length (PCM16 24 kHz). */
export function silence(seconds: number): Buffer {
  return Buffer.alloc(Math.round(seconds * 24_000) * 2);
}

/** Word error rate: word-level Levenshtein distance / reference words (case and punctuation ignored). */
export function wordErrorRate(reference: string, hypothesis: string): { errors: number; words: number } {
  const words = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}' ]+/gu, ' ').split(/\s+/).filter(Boolean);
  const ref = words(reference);
  const hyp = words(hypothesis);
  let prev = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const row = [i];
    for (let j = 1; j <= hyp.length; j++) {
      const sub = (prev[j - 1] ?? 0) + (ref[i - 1] === hyp[j - 1] ? 0 : 1);
      row.push(Math.min(sub, (prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1));
    }
    prev = row;
  }
  return { errors: prev[hyp.length] ?? 0, words: ref.length };
}
