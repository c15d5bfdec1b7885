import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanOcrText, confidentRegion, parseOsd, parseTsv, parseTsvWords } from './text.ts';

const HEADER = 'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext';
const word = (block: number, par: number, line: number, n: number, conf: number, text: string, box = [10 * n, 20 * line, 8, 12]) =>
  ['5', '1', block, par, line, n, ...box, conf, text].join('\t');
const structure = (level: number, block: number, par = 0, line = 0) => [level, 1, block, par, line, 0, 0, 0, 100, 100, -1, ''].join('\t');

describe('cleanOcrText', () => {
  it('removes the spaces Tesseract puts between CJK characters but keeps those between Latin words', () => {
    expect(cleanOcrText('欢迎 来 到 北京 。\nHello  big   world')).toBe('欢迎来到北京。\nHello big world');
    expect(cleanOcrText('東京 駅 へ よう こそ 。')).toBe('東京駅へようこそ。');
    expect(cleanOcrText('환영 합니다')).toBe('환영 합니다');
  });

  it('collapses runs of blank lines, trims lines and the whole text', () => {
    expect(cleanOcrText('  one  \r\n\r\n\r\n\n two\t\n\n')).toBe('one\n\ntwo');
  });

  it('is idempotent and never leaves three newlines, a CJK gap or trailing spaces', () => {
    const alphabet = fc.constantFrom('a', 'Z', 'é', 'я', '欢', '駅', 'へ', '。', '한', 'م', ' ', '\t', '\n', '\r', '\u00A0', '.', '1');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 80 }).map((chars) => chars.join('')), (raw) => {
        const once = cleanOcrText(raw);
        expect(cleanOcrText(once)).toBe(once);
        expect(once).not.toMatch(/\n{3,}/);
        expect(once).not.toMatch(/[欢駅へ。][ \t]+[欢駅へ。]/u);
        expect(once).not.toMatch(/[ \t]\n|\n[ \t]/);
        expect(once).toBe(once.trim());
      }),
    );
  });

  it('keeps every letter it was given', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (raw) => {
        const letters = (s: string) => s.replace(/[^\p{L}\p{N}]/gu, '');
        expect(letters(cleanOcrText(raw))).toBe(letters(raw.replace(/\r/g, '')));
      }),
    );
  });
});

describe('parseTsv', () => {
  it('rebuilds lines and paragraphs in reading order with a length-weighted confidence', () => {
    const tsv = [
      HEADER,
      structure(1, 0),
      structure(2, 1),
      structure(3, 1, 1),
      structure(4, 1, 1, 1),
      word(1, 1, 1, 1, 90, 'Hola'),
      word(1, 1, 1, 2, 80, 'amigo'),
      word(1, 1, 2, 1, 70, 'adiós'),
      word(2, 1, 1, 1, 100, 'Fin'),
    ].join('\n');
    const parsed = parseTsv(tsv);
    expect(parsed.text).toBe('Hola amigo\nadiós\n\nFin');
    expect(parsed.words).toBe(4);
    expect(parsed.confidence).toBeCloseTo((90 * 4 + 80 * 5 + 70 * 5 + 100 * 3) / 17 / 100, 6);
  });

  it('drops frame edges and unsure specks but keeps real punctuation', () => {
    const tsv = [
      HEADER,
      word(1, 1, 1, 1, 95, '|'),
      word(1, 1, 1, 2, 96, 'Salida'),
      word(1, 1, 1, 3, 40, '~'),
      word(1, 1, 1, 4, 93, '”|'),
      word(1, 1, 2, 1, 91, '«'),
      word(1, 1, 2, 2, 92, 'Sortie'),
      word(1, 1, 2, 3, 90, '»'),
    ].join('\n');
    expect(parseTsv(tsv).text).toBe('Salida\n« Sortie »');
  });

  it('answers no text and no confidence for an empty page', () => {
    expect(parseTsv(`${HEADER}\n${structure(1, 0)}\n`)).toEqual({ text: '', confidence: undefined, words: 0 });
  });
});

describe('confidentRegion', () => {
  it('frames the confident words with a margin of three line heights, inside the page', () => {
    const words = parseTsvWords(
      [
        HEADER,
        word(1, 1, 1, 1, 96, 'Museo', [400, 300, 100, 20]),
        word(1, 1, 1, 2, 95, 'abierto', [520, 302, 120, 20]),
        word(1, 1, 1, 3, 30, 'xx', [0, 0, 50, 20]),
        word(1, 1, 1, 4, 97, 'a', [900, 800, 10, 20]),
      ].join('\n'),
    );
    expect(confidentRegion(words, 1000, 900)).toEqual({ left: 340, top: 240, width: 360, height: 142 });
  });

  it('finds none when no word is sure', () => {
    expect(confidentRegion(parseTsvWords([HEADER, word(1, 1, 1, 1, 50, 'abc')].join('\n')), 100, 100)).toBeUndefined();
  });
});

describe('parseOsd', () => {
  it('reads rotation and script', () => {
    const out = 'Page number: 0\nOrientation in degrees: 90\nRotate: 270\nOrientation confidence: 2.75\nScript: Cyrillic\nScript confidence: 2.67\n';
    expect(parseOsd(out)).toEqual({ rotate: 270, orientationConfidence: 2.75, script: 'Cyrillic', scriptConfidence: 2.67 });
  });

  it('answers undefined when OSD found too little text', () => {
    expect(parseOsd('Too few characters. Skipping this page\nError during processing.\n')).toBeUndefined();
  });
});
