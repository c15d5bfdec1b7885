import { describe, expect, it } from 'vitest';
import { parseTimedOutput } from './pocketsphinx.ts';

describe('parseTimedOutput (pocketsphinx_continuous -time yes)', () => {
  it('keeps the hypothesis lines and weighs word posteriors by duration, leaving out silence and sentence marks', () => {
    const output = [
      'where is it',
      '<s> 0.000 0.200 0.998900',
      'where 0.210 0.410 0.900000',
      '<sil> 0.420 0.610 0.971025',
      'is 0.620 0.720 0.300000',
      'it(2) 0.730 0.830 0.600000',
      '[NOISE] 0.840 0.900 0.010000',
      '</s> 0.910 1.000 1.000000',
      'hello',
      'hello 1.500 1.600 1.000200',
    ].join('\n');
    const { segments, confidence } = parseTimedOutput(output);
    expect(segments).toEqual(['where is it', 'hello']);
    // (0.9 * 0.2 + 0.3 * 0.1 + 0.6 * 0.1 + 1 * 0.1) / 0.5, the posterior above 1 capped at 1
    expect(confidence).toBeCloseTo(0.74, 5);
  });

  it('no words: no confidence', () => {
    expect(parseTimedOutput('')).toEqual({ segments: [], confidence: undefined });
  });
});
