/**
 * Chat that reads like chat, for the rule-based engine (Apertium): how rule-based MT is tuned.
 * 1. Pre-editing (per source language): chat spellings the engine does not know become the words it
 *    does (u -> you, thx -> thanks, bcp -> beaucoup, q -> que), and questions without an auxiliary
 *    get one ("you coming?" -> "are you coming?").
 * 2. The reviewed phrase table of the direction (tables.ts): each phrase found becomes a protected
 *    mark whose value is its rendering, so the engine translates the words around it and cannot
 *    damage it (the same marks as the protected spans, spans/protect.ts).
 * 3. Post-editing (per target language): Spanish opening ¿ and ¡ (and none elsewhere), case after a mark.
 * Engines that say `phrasebook: true` get this; providers (DeepL, OpenAI, LibreTranslate) do not.
 */
import type { LanguageCode } from '@parley/common';
import { PHRASE_TABLES, type PhraseTable } from './tables.ts';

/** Part of the cache key: a new table version makes new translations. */
export const PHRASEBOOK_VERSION = 'phrasebook:2';

type Rule = readonly [RegExp, string];
const word = (pattern: string) => new RegExp(`(?<![\\p{L}\\p{N}'’])(?:${pattern})(?![\\p{L}\\p{N}'’-])`, 'giu');

const PRE_EDITS: Partial<Record<LanguageCode, readonly Rule[]>> = {
  en: [
    [word('u'), 'you'], [word('r'), 'are'], [word('ur'), 'your'], [word('im'), "I'm"], [word('ive'), "I've"],
    [word('dont'), "don't"], [word('cant'), "can't"], [word('wont'), "won't"], [word('didnt'), "didn't"], [word('isnt'), "isn't"],
    [word('gonna'), 'going to'], [word('wanna'), 'want to'], [word('gotta'), 'have to'], [word('idk'), "I don't know"],
    [word('tmrw|tmr|2moro|2morrow'), 'tomorrow'], [word('b4'), 'before'], [word('2day'), 'today'], [word('2nite|tonite'), 'tonight'],
    [word('ppl'), 'people'], [word('msg'), 'message'], [word('bc|cuz|coz'), 'because'], [word('thru'), 'through'],
    [word('ya'), 'you'], [word('plz|pls'), 'please'],
    // Questions without an auxiliary: "you coming?", "want to get coffee?".
    [/^(\s*)(?:you) (\p{L}+ing)\b(?=[^.!]*\?\s*$)/iu, '$1are you $2'],
    [/^(\s*)(?:want to|wanna) (?=[^.!]*\?\s*$)/iu, '$1do you want to '],
  ],
  es: [
    [word('q'), 'que'], [word('xq|pq|porq'), 'porque'], [word('tb|tmb|tbn'), 'también'], [word('finde'), 'fin de semana'],
    [word('bn'), 'bien'], [word('x'), 'por'], [word('k'), 'que'], [word('toy'), 'estoy'],
  ],
  fr: [
    [word('slt'), 'salut'], [word('bcp'), 'beaucoup'], [word('jsp'), 'je ne sais pas'], [word('pk|pq|pourquoi'), 'pourquoi'],
    [word('tkt'), "ne t'inquiète pas"], [word("j'suis|chui|chuis"), 'je suis'], [word('cc'), 'coucou'], [word("dac|d'acc"), "d'accord"],
    [word('auj|ajd'), "aujourd'hui"], [word('rdv'), 'rendez-vous'], [word('qqch'), 'quelque chose'], [word('qqn'), "quelqu'un"],
    [word('mtn|mnt'), 'maintenant'], [word('tjrs|tjs'), 'toujours'], [word('bjr'), 'bonjour'],
  ],
  it: [
    [word('cmq'), 'comunque'], [word('nn'), 'non'], [word('xké|xkè|xché|xchè|perke|perkè'), 'perché'], [word('ke|k'), 'che'],
    [word('tvb'), 'ti voglio bene'], [word('x'), 'per'], [word('qlc|qlcs|qcs'), 'qualcosa'], [word('grz'), 'grazie'],
    [word('sn'), 'sono'], [word('cm'), 'come'], [word('dmn'), 'domani'], [word('nnt'), 'niente'], [word('qnd'), 'quando'],
  ],
  pt: [
    [word('vc|vcs'), 'você'], [word('tb|tbm'), 'também'], [word('q|k'), 'que'], [word('pq|pk'), 'porque'], [word('td'), 'tudo'],
    [word('obg|obgd'), 'obrigado'], [word('msm'), 'mesmo'], [word('hj'), 'hoje'], [word('pra'), 'para'], [word('tô'), 'estou'],
    [word('tá'), 'está'], [word('mt|mto'), 'muito'], [word('bjs|bjo|bjos'), 'beijos'], [word('fds'), 'fim de semana'],
    [word('n'), 'não'], [word('dps'), 'depois'], [word('agr'), 'agora'],
  ],
};

/** The source text as the rule-based engine reads it best (typographic apostrophes straightened first). */
export function preEdit(text: string, source: LanguageCode): string {
  let out = text.replace(/’/g, "'");
  for (const [pattern, to] of PRE_EDITS[source] ?? []) out = out.replace(pattern, to);
  return out;
}

export interface PhraseHit {
  start: number;
  end: number;
  value: string;
}

const compiled = new Map<string, readonly Rule[]>();
function rules(source: LanguageCode, target: LanguageCode): readonly Rule[] {
  const key = `${source}>${target}`;
  let found = compiled.get(key);
  if (!found) {
    const table: PhraseTable = PHRASE_TABLES[key] ?? [];
    found = table.map(([from, to]) => [word(from), to] as const);
    compiled.set(key, found);
  }
  return found;
}

export const hasPhrasebook = (source: LanguageCode, target: LanguageCode) => rules(source, target).length > 0;

/** The table's phrases in `text`, first entry first, without overlaps; a capitalised phrase gives a capitalised rendering. */
export function findPhrases(text: string, source: LanguageCode, target: LanguageCode): PhraseHit[] {
  const hits: PhraseHit[] = [];
  for (const [pattern, to] of rules(source, target)) {
    for (const m of text.matchAll(pattern)) {
      const start = m.index;
      const end = start + m[0].length;
      if (hits.some((h) => start < h.end && end > h.start)) continue;
      let value = to.replace(/\$(\d)/g, (_, n: string) => m[Number(n)] ?? '');
      if (/^\p{Lu}/u.test(m[0]) && !/^(?:I|I'm|I'll)\b/.test(m[0])) value = value.charAt(0).toLocaleUpperCase(target) + value.slice(1);
      hits.push({ start, end, value });
    }
  }
  return hits.sort((a, b) => a.start - b.start);
}

/**
 * Target-side fixes after the engine, on its output with the marks still in (`source`: the text it
 * was given): a word after a mark the engine capitalised (it took the mark for a sentence end) is
 * lower-cased again when it was lower-case in the source; Spanish questions and exclamations open
 * with ¿ and ¡, and no other language keeps them.
 */
export function postEdit(text: string, target: LanguageCode, source: string): string {
  // A one-letter word counts too (Portuguese "É", "O"), but never English "I".
  let out = text.replace(/([\uE100-\uE8FF][,;:]?\s+)(\p{Lu})(?=\p{Ll}|\s)/gu, (whole, lead: string, letter: string) => {
    if (target === 'en' && letter === 'I') return whole;
    const mark = lead.charAt(0);
    const after = new RegExp(`${mark}[,;:]?\\s+(\\p{L})`, 'u').exec(source)?.[1];
    return after && after === after.toLocaleLowerCase() ? `${lead}${letter.toLocaleLowerCase(target)}` : whole;
  });
  if (target !== 'es') return out.replace(/[¿¡]\s?/g, '');
  out = out.replace(/(^|[.!?…]\s+|\n)([^.!?¿¡\n]*?\p{L}[^.!?¿¡\n]*?)([?!])/gu, (whole, lead: string, body: string, end: string) => {
    const open = end === '?' ? '¿' : '¡';
    const trimmed = body.replace(/^\s+/, '');
    return `${lead}${body.slice(0, body.length - trimmed.length)}${open}${trimmed}${end}`;
  });
  return out;
}
