import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deformat, reformat, reformatWithMarks } from './apertium-format.ts';

describe('Apertium stream format', () => {
  it('escapes stream characters and keeps blanks other than a single space in superblanks', () => {
    expect(deformat('a [b] ^c$ /d <e> {f} \\g')).toBe('a \\[b\\] \\^c\\$ \\/d \\<e\\> \\{f\\} \\\\g.[]');
    expect(deformat('one\ntwo  three\tfour.')).toBe('one.[][\n]two[  ]three[\t]four.');
  });

  it("puts the user's own *, # and @ in superblanks so they are never taken for Apertium marks", () => {
    expect(deformat('#tag @ana *b*')).toBe('[#]tag [\\@]ana [*]b[*].[]');
  });

  it('adds a removable period at paragraph ends without punctuation, like apertium-destxt', () => {
    expect(deformat('Hello\n\nWorld!')).toBe('Hello.[][\n\n]World!');
    expect(reformat('Hola.[][\n\n]Mundo!')).toBe('Hola\n\nMundo!');
  });

  it('removes unknown-word, generation and transfer marks, keeping the words', () => {
    expect(reformat('El *blorfex es #ser y @casa.[]')).toBe('El blorfex es ser y casa');
    expect(reformat('[#]*hashtag y [\\@]*john')).toBe('#hashtag y @john');
  });

  it('collapses the double and edge spaces Apertium leaves when it drops a word, not the user\'s', () => {
    expect(reformat(' Tengo una casa.')).toBe('Tengo una casa.');
    expect(reformat('Eres seguro  quieres')).toBe('Eres seguro quieres');
    expect(reformat('[  ]dos[  ]espacios[ ]')).toBe('  dos  espacios ');
  });

  it('drops NUL, the pipeline delimiter', () => {
    expect(deformat('a\0b')).toBe('ab.[]');
  });

  it('round-trips any text when the pipeline changes nothing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (text) => {
        expect(reformat(deformat(text))).toBe(text.replace(/\0/g, ''));
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'é', ' ', '\n', '\t', '.', '*', '#', '@', '[', ']', '\\', '^', '$', '/', '<', '>', '{', '}', '!'), { maxLength: 40 }), (chars) => {
        const text = chars.join('');
        expect(reformat(deformat(text))).toBe(text);
      }),
      { numRuns: 1000 },
    );
  });

  it('removes the escaped marks some stages write (\\@ of an untranslated word), keeping the user\'s own', () => {
    // ro-es writes 'mi-a fost dor' with an untranslatable clitic as '\@îmi'.
    expect(reformat('hiciste, \\@îmi echó de menos [\\@]ana [*]b[*] \\\\o/')).toBe('hiciste, îmi echó de menos @ana *b* \\o/');
    expect(reformat('\\*casa y \\#ser')).toBe('casa y ser');
  });

  it('returns the words Apertium could not translate as spans of the output', () => {
    const { text, unknown } = reformatWithMarks('Me avisa cuando *chegar, *tá? #Valió [\\@]*ana \\@îmi.[]');
    expect(text).toBe('Me avisa cuando chegar, tá? Valió @ana îmi');
    expect(unknown.map((s) => text.slice(s.start, s.end))).toEqual(['chegar', 'tá', 'ana', 'îmi']);
  });
});

/** Units of a stream: an escape pair, a whole superblank, or one character. */
function units(stream: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < stream.length; ) {
    let j = i + 1;
    if (stream[i] === '\\') j = i + 2;
    else if (stream[i] === '[') {
      while (j < stream.length && stream[j] !== ']') j += stream[j] === '\\' ? 2 : 1;
      j += 1;
    }
    out.push(stream.slice(i, j));
    i = j;
  }
  return out;
}

describe('Apertium marks never reach the reader; the user\'s characters always do', () => {
  const userText = fc
    .array(fc.constantFrom('a', 'é', 'ß', 'z', ' ', ' ', '\n', '.', ',', '*', '#', '@', '\\', '[', ']', '^', '$', '/', '<', '>', '!', "'", '1'), { maxLength: 50 })
    .map((chars) => chars.join(''));
  const marks = ['*', '#', '@', '\\@', '\\*', '\\#'];

  it('any mark Apertium puts before a word is removed, and only the marked words are reported unknown', () => {
    fc.assert(
      fc.property(userText, fc.array(fc.nat({ max: 5 }), { maxLength: 50 }), fc.array(fc.boolean(), { maxLength: 50 }), (text, markChoice, where) => {
        const parts = units(deformat(text));
        let stream = '';
        const expectedUnknown: string[] = [];
        let previous = '';
        parts.forEach((unit, k) => {
          // Apertium marks a word at its start: a letter not preceded by another letter.
          const wordStart = /^\p{L}$/u.test(unit) && !/^[\p{L}\p{N}]$/u.test(previous);
          if (wordStart && where[k % Math.max(1, where.length)] && markChoice.length > 0) {
            const m = marks[markChoice[k % markChoice.length] as number] as string;
            stream += m;
            if (!m.endsWith('#')) {
              let word = '';
              for (let n = k; n < parts.length && /^[\p{L}\p{N}]$/u.test(parts[n] as string); n += 1) word += parts[n];
              expectedUnknown.push(word);
            }
          }
          stream += unit;
          previous = unit;
        });
        const result = reformatWithMarks(stream);
        expect(result.text).toBe(text.replace(/\0/g, ''));
        expect(result.unknown.map((s) => result.text.slice(s.start, s.end))).toEqual(expectedUnknown);
      }),
      { numRuns: 2000 },
    );
  });

  it('a reader never sees a bare mark that was not in what the user wrote', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.array(fc.constantFrom(...marks, 'casa', ' ', '.', ',', '[ ]'), { maxLength: 30 }), (user, apertium) => {
        // The user's text in superblank-safe form, surrounded by arbitrary Apertium output with marks.
        const stream = `${apertium.join('')} ${deformat(user)} ${apertium.join('')}`;
        const shown = reformat(stream);
        const userMarks = (user.match(/[*#@\\]/g) ?? []).length;
        const apertiumLiteral = apertium.filter((u) => !marks.includes(u)).join('');
        expect((shown.match(/[*#@\\]/g) ?? []).length).toBe(userMarks + 2 * (apertiumLiteral.match(/[*#@\\]/g) ?? []).length);
      }),
      { numRuns: 1000 },
    );
  });
});
