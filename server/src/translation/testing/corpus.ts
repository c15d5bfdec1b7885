import { readFileSync } from 'node:fs';
import type { LanguageCode } from '@parley/common';

/**
 * The hand-written multilingual sets under bench/corpus (see bench/corpus/README.md): 50 FLORES-style
 * sentences and 30 informal chat messages, line-aligned across the 20 languages (line n of every
 * file says the same thing), used by the detection test, the translation quality bench and the
 * pivot choice.
 */
const DATA = new URL('../../../../bench/corpus/', import.meta.url);

function lines(kind: 'parallel' | 'chat', language: LanguageCode): string[] {
  return readFileSync(new URL(`${kind}/${language}.txt`, DATA), 'utf8').split('\n').map((l) => l.trim()).filter(Boolean);
}

export const sentences = (language: LanguageCode) => lines('parallel', language);
export const chatMessages = (language: LanguageCode) => lines('chat', language);

export interface DetectionSample {
  text: string;
  kind: 'sentence' | 'fragment' | 'paragraph' | 'chat' | 'chat-pair';
}

/** Scripts written without spaces between words: cut by characters. */
const UNSPACED = new Set<LanguageCode>(['zh', 'ja', 'th']);

/** The first half of a sentence (a fragment such as a chat line might be), cut at a word boundary. */
function firstHalf(text: string, language: LanguageCode): string {
  const body = text.replace(/[.!?。！？]$/u, '');
  if (UNSPACED.has(language)) return Array.from(body).slice(0, Math.max(4, Math.ceil(Array.from(body).length / 2))).join('');
  const words = body.split(' ');
  return words.slice(0, Math.max(2, Math.ceil(words.length / 2))).join(' ').replace(/[,،]$/u, '');
}

/**
 * 210 texts per language for language detection: the 50 sentences, their first halves (50), each
 * joined with the next (50 two-sentence paragraphs), the 30 chat messages and each joined with the
 * next (30).
 */
export function detectionSamples(language: LanguageCode): DetectionSample[] {
  const s = sentences(language);
  const c = chatMessages(language);
  const join = UNSPACED.has(language) && language !== 'th' ? '' : ' ';
  return [
    ...s.map((text) => ({ text, kind: 'sentence' as const })),
    ...s.map((text) => ({ text: firstHalf(text, language), kind: 'fragment' as const })),
    ...s.map((text, i) => ({ text: `${text}${join}${s[(i + 1) % s.length]}`, kind: 'paragraph' as const })),
    ...c.map((text) => ({ text, kind: 'chat' as const })),
    ...c.map((text, i) => ({ text: `${text}${join}${c[(i + 1) % c.length]}`, kind: 'chat-pair' as const })),
  ];
}
