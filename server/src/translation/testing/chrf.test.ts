import { describe, expect, it } from 'vitest';
import { corpusChrf, sentenceChrf } from './chrf.ts';

// Expected values: sacreBLEU's own chrF tests (test_chrf.py, default effective-order averaging),
// and one worked by hand where precision and recall differ (so beta = 2 matters).
describe('chrF2 (sacreBLEU definition)', () => {
  it.each([
    [['a'], ['a'], 100],
    [['a b c'], ['a b c'], 100],
    [['a b c'], ['abc'], 100],
    [[''], ['reference'], 0],
    [[''], ['c'], 0],
    [['a', 'b'], ['a', 'c'], 50],
    [['aa'], ['ab'], 25],
    [['abcdefg'], ['hijklmnop'], 0],
  ])('corpus %j against %j = %d', (hyps, refs, expected) => {
    expect(corpusChrf(hyps, refs)).toBeCloseTo(expected, 4);
  });

  it('weighs recall twice as much as precision', () => {
    // 'ab' vs 'abc': P = (1 + 1) / 2 = 1, R = (2/3 + 1/2) / 2 = 7/12; F2 = 5PR / (4P + R).
    expect(sentenceChrf('ab', 'abc')).toBeCloseTo((100 * 5 * (7 / 12)) / (4 + 7 / 12), 6);
    expect(sentenceChrf('abc', 'ab')).toBeCloseTo((100 * 5 * (7 / 12)) / (4 * (7 / 12) + 1), 6);
  });

  it('sums statistics over the corpus rather than averaging sentence scores', () => {
    const corpus = corpusChrf(['the cat', 'xyz'], ['the cat', 'a dog sat on the long mat today']);
    expect(corpus).not.toBeCloseTo((sentenceChrf('the cat', 'the cat') + sentenceChrf('xyz', 'a dog sat on the long mat today')) / 2, 1);
    expect(corpusChrf(['Die    Beziehung  ist gut. '], ['Die Beziehung ist gut.'])).toBe(100);
  });
});
