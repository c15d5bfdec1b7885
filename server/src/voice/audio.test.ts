import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkPcm, CHUNK_BYTES, decodePcm16Base64, pcmToWav } from './audio.ts';
import { direction, splitSentences } from './text.ts';
import { wordErrorRate } from './testing/speech.ts';

describe('decodePcm16Base64', () => {
  it('accepts the base64 of any even-length buffer and returns the same bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 4096 }).filter((a) => a.length % 2 === 0), (bytes) => {
        const decoded = decodePcm16Base64(Buffer.from(bytes).toString('base64'));
        expect('pcm' in decoded && decoded.pcm.equals(Buffer.from(bytes))).toBe(true);
      }),
    );
  });
  it('rejects odd lengths, non-base64 and empty audio', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 999 }).filter((a) => a.length % 2 === 1), (bytes) => {
        expect('problem' in decodePcm16Base64(Buffer.from(bytes).toString('base64'))).toBe(true);
      }),
    );
    for (const bad of ['', 'AAA', 'AA$A', 'AAAA====', 'AA AA', 'AA==AA==']) expect('problem' in decodePcm16Base64(bad), bad).toBe(true);
  });
});

describe('chunkPcm', () => {
  it('splits into 4096-sample chunks that concatenate to the input', () => {
    fc.assert(
      fc.property(fc.nat({ max: 100_000 }), (size) => {
        const pcm = Buffer.alloc(size, 7);
        const chunks = chunkPcm(pcm);
        expect(Buffer.concat(chunks).equals(pcm)).toBe(true);
        expect(chunks.every((c, i) => c.length === CHUNK_BYTES || (i === chunks.length - 1 && c.length > 0))).toBe(true);
      }),
    );
  });
});

describe('audio conversion', () => {
  it('writes a 44-byte WAV header', () => {
    const wav = pcmToWav(Buffer.alloc(100), 16_000);
    expect(wav.length).toBe(144);
    expect(wav.readUInt32LE(24)).toBe(16_000);
    expect(wav.readUInt32LE(40)).toBe(100);
  });
});

describe('text', () => {
  it('splits sentences, keeping terminators, and cuts overlong ones', () => {
    expect(splitSentences('Hello there. Where is it? ¡Vamos! ok')).toEqual(['Hello there.', 'Where is it?', '¡Vamos!', 'ok']);
    expect(splitSentences('你好。谢谢！')).toEqual(['你好。', '谢谢！']);
    expect(splitSentences('where is the train station')).toEqual(['where is the train station']);
    const long = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ');
    const parts = splitSentences(long);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.join(' ')).toBe(long);
    expect(parts.every((p) => p.length <= 240)).toBe(true);
  });
  it('never loses words', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z]{1,8}[.?!,]?$/), { maxLength: 80 }), (words) => {
        const text = words.join(' ');
        expect(splitSentences(text).join(' ').split(/\s+/).filter(Boolean)).toEqual(text.split(/\s+/).filter(Boolean));
      }),
    );
  });
  it('translates the user language to the partner language and anything else to the user language', () => {
    expect(direction('en', { user: 'en', partner: 'es' })).toEqual({ source: 'en', target: 'es' });
    expect(direction('es', { user: 'en', partner: 'es' })).toEqual({ source: 'es', target: 'en' });
    expect(direction('fr', { user: 'en', partner: 'es' })).toEqual({ source: 'fr', target: 'en' });
  });
  it('computes the word error rate', () => {
    expect(wordErrorRate('Where is the train station', 'where is the train station')).toEqual({ errors: 0, words: 5 });
    expect(wordErrorRate('a b c d', 'a x c')).toEqual({ errors: 2, words: 4 });
  });
});
