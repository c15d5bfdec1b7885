import { createHash } from 'node:crypto';
import type { LanguageCode } from '@parley/common';

/** A conversation glossary entry as stored: the phrase in one language and how to render it in the other. */
export interface GlossaryEntry {
  sourceLanguage: string;
  targetLanguage: string;
  sourcePhrase: string;
  targetPhrase: string;
}

/** A term for one translation direction: `from` in the text becomes `to` in the translation. */
export interface GlossaryTerm {
  from: string;
  to: string;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The phrase as a whole word or words, any case. */
const phrasePattern = (phrase: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(phrase)}(?![\\p{L}\\p{N}])`, 'giu');

/**
 * The entries that apply to `text` translated source -> target: entries of that direction as they
 * are, entries of the opposite direction reversed (a correction holds both ways), only those whose
 * phrase occurs in the text, longest first so that "train station" wins over "station".
 */
export function relevantTerms(entries: readonly GlossaryEntry[], source: LanguageCode, target: LanguageCode, text: string): GlossaryTerm[] {
  const terms = new Map<string, GlossaryTerm>();
  const add = (from: string, to: string) => {
    const key = from.toLocaleLowerCase();
    if (!terms.has(key) && from.trim() && to.trim() && phrasePattern(from).test(text)) terms.set(key, { from, to });
  };
  for (const e of entries) if (e.sourceLanguage === source && e.targetLanguage === target) add(e.sourcePhrase, e.targetPhrase);
  for (const e of entries) if (e.sourceLanguage === target && e.targetLanguage === source) add(e.targetPhrase, e.sourcePhrase);
  return [...terms.values()].sort((a, b) => b.from.length - a.from.length);
}

/** Part of the cache key: a translation made with these terms is not the plain one. */
export function termsVariant(terms: readonly GlossaryTerm[]): string {
  if (terms.length === 0) return '';
  const digest = createHash('sha256').update(JSON.stringify(terms.map((t) => [t.from.toLocaleLowerCase(), t.to]))).digest('hex');
  return `|glossary:${digest.slice(0, 16)}`;
}

/** Marks from the Unicode private use area, above the interface placeholders' first ones. */
const FIRST_MARK = 0xf100;

/**
 * Protected-term substitution for engines without a glossary of their own (Apertium): each term
 * becomes a private-use character the engine passes through untouched, put back as the target phrase.
 */
export function protectTerms(text: string, terms: readonly GlossaryTerm[]): string {
  let out = text;
  terms.forEach((term, i) => {
    out = out.replace(phrasePattern(term.from), String.fromCharCode(FIRST_MARK + i));
  });
  return out;
}

/** The translation with the target phrases in place, or undefined when the engine lost a mark. */
export function restoreTerms(translated: string, protectedText: string, terms: readonly GlossaryTerm[]): string | undefined {
  let out = translated;
  for (let i = 0; i < terms.length; i += 1) {
    const mark = String.fromCharCode(FIRST_MARK + i);
    if (out.split(mark).length !== protectedText.split(mark).length) return undefined;
    out = out.split(mark).join(terms[i]!.to);
  }
  return out;
}
