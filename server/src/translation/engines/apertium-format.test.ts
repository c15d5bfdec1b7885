import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deformat, reformat } from './apertium-format.ts';

describe('Apertium stream format', () => {
  it('escapes stream characters and keeps blanks other than a single space in superblanks', () => {
    expect(deformat('a [b] ^c$ /d <e> {f} \\g')).toBe('a \\[b\\] \\^c\\$ \\/d \\<e\\> \\{f\\} \\\\g.[]');
    expect(deformat('one\ntwo  three\tfour.')).toBe('one[\n]two[  ]three[\t]four.');
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
});
