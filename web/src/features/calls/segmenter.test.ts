import { describe, expect, it } from 'vitest';
import type { CallClientMessage } from '@parley/common';
import { decodeAudioChunk } from '../../lib/audio/audio.ts';
import { Segmenter, utteranceChunks } from './segmenter.ts';

function setup(preRoll = 2) {
  const sent: CallClientMessage[] = [];
  const s = new Segmenter((m) => sent.push(m), preRoll);
  const types = () => sent.map((m) => (m.type === 'audio.append' ? `a:${m.audio}` : m.type));
  return { s, types };
}

describe('Segmenter', () => {
  it('sends nothing between utterances, then the pre-roll and the speech, then the end', () => {
    const { s, types } = setup();
    for (const c of ['1', '2', '3']) s.chunk(c);
    expect(types()).toEqual([]);
    expect(s.start()).toBe(true);
    s.chunk('4');
    s.end();
    s.chunk('5');
    expect(types()).toEqual(['speech.start', 'a:2', 'a:3', 'a:4', 'speech.end']);
  });

  it('cancels a false start, ignores a second start and an end outside speech', () => {
    const { s, types } = setup();
    s.end();
    s.start();
    expect(s.start()).toBe(false);
    s.cancel();
    expect(types()).toEqual(['speech.start', 'speech.cancel']);
  });

  it('muting finishes the utterance and sends nothing more until unmuted', () => {
    const { s, types } = setup();
    s.start();
    s.setMuted(true);
    s.chunk('x');
    expect(s.start()).toBe(false);
    s.setMuted(false);
    s.chunk('y');
    s.start();
    expect(types()).toEqual(['speech.start', 'speech.end', 'speech.start', 'a:y']);
  });

  it('a dropped socket starts clean', () => {
    const { s, types } = setup();
    s.start();
    s.reset();
    expect(s.inUtterance).toBe(false);
    s.end();
    expect(types()).toEqual(['speech.start']);
  });
});

describe('utteranceChunks', () => {
  it('resamples the detector\'s 16 kHz utterance to 24 kHz PCM16 chunks of 4096 samples', () => {
    const chunks = utteranceChunks(new Float32Array(16_000).fill(0.5));
    const lengths = chunks.map((c) => decodeAudioChunk(c).length);
    expect(lengths.slice(0, -1).every((n) => n === 4096)).toBe(true);
    expect(lengths.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(23_990);
    expect(decodeAudioChunk(chunks[0]!)[100]).toBeCloseTo(0.5, 3);
  });
});
