import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.ts';
import { pcmToWav } from '../voice/audio.ts';
import { byteRange } from './range.ts';
import { joinLines } from './service.ts';
import { parseWav } from './wav.ts';

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? err.code : String(err);
  }
  return 'accepted';
};

describe('parseWav', () => {
  const pcm = Buffer.alloc(24_000 * 2, 7); // one second of 24 kHz mono

  it('reads the samples and the duration from a plain header', () => {
    const wav = parseWav(pcmToWav(pcm));
    expect(wav).toMatchObject({ sampleRate: 24_000, channels: 1, durationMs: 1000 });
    expect(wav.pcm).toEqual(pcm);
  });

  it('skips other chunks and takes an open-ended data size as "to the end"', () => {
    const plain = pcmToWav(pcm);
    const list = Buffer.concat([Buffer.from('LIST'), Buffer.from([5, 0, 0, 0]), Buffer.from('INFOx'), Buffer.alloc(1)]); // odd size, padded
    const wav = Buffer.concat([plain.subarray(0, 36), list, plain.subarray(36)]);
    wav.writeUInt32LE(0xffffffff, 36 + list.length + 4);
    expect(parseWav(wav).pcm).toEqual(pcm);
  });

  it('refuses what is not 16-bit PCM WAV, and recordings over the cap', () => {
    expect(code(() => parseWav(Buffer.from('OggS not a wav at all')))).toBe('invalid_audio');
    const float = pcmToWav(pcm);
    float.writeUInt16LE(3, 20);
    expect(code(() => parseWav(float))).toBe('invalid_audio');
    const eightBit = pcmToWav(pcm);
    eightBit.writeUInt16LE(8, 34);
    expect(code(() => parseWav(eightBit))).toBe('invalid_audio');
    expect(code(() => parseWav(pcmToWav(Buffer.alloc(0))))).toBe('invalid_audio');
    expect(code(() => parseWav(pcmToWav(pcm), 0.5))).toBe('audio_too_long');
  });

  it('refuses recordings under the shared 300 ms minimum, and takes one of exactly 300 ms', () => {
    expect(code(() => parseWav(pcmToWav(Buffer.alloc(2_400 * 2))))).toBe('audio_too_short'); // 100 ms
    expect(code(() => parseWav(pcmToWav(Buffer.alloc(7_199 * 2))))).toBe('audio_too_short');
    expect(parseWav(pcmToWav(Buffer.alloc(7_200 * 2))).durationMs).toBe(300);
    expect(parseWav(pcmToWav(Buffer.alloc(2_400 * 2), 8_000)).durationMs).toBe(300);
  });
});

describe('joinLines', () => {
  it('joins the lines of a paragraph and keeps paragraphs apart', () => {
    expect(joinLines('SALIDA DE\nEMERGENCIA\n\nProhibido fumar\nen este edificio')).toBe('SALIDA DE EMERGENCIA\n\nProhibido fumar en este edificio');
    expect(joinLines('非常\n出口')).toBe('非常出口');
    expect(joinLines('비상\n출구')).toBe('비상 출구');
  });
});

describe('byteRange', () => {
  it('reads one range of bytes, the whole body for anything else, and 416 past the end', () => {
    expect(byteRange('bytes=0-1', 100)).toEqual({ start: 0, end: 1 });
    expect(byteRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(byteRange(undefined, 100)).toBeUndefined();
    expect(byteRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(byteRange('items=0-1', 100)).toBeUndefined();
    expect(byteRange('bytes=5-2', 100)).toBeUndefined();
    expect(byteRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=-0', 100)).toBe('unsatisfiable');
  });
});
