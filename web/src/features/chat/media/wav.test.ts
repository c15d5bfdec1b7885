import { describe, expect, it } from 'vitest';
import { clock, pcm16ToWav, pcmDurationMs } from './wav.ts';

describe('pcm16ToWav', () => {
  it('writes a 44-byte RIFF/WAVE PCM16 mono header before the samples', async () => {
    const blob = pcm16ToWav([new Uint8Array([1, 2, 3, 4]), new Uint8Array([5, 6])], 24_000);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    const view = new DataView(bytes.buffer);
    const ascii = (from: number) => String.fromCharCode(...bytes.subarray(from, from + 4));
    expect(blob.type).toBe('audio/wav');
    expect([ascii(0), ascii(8), ascii(12), ascii(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(view.getUint32(4, true)).toBe(36 + 6);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(24_000);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(6);
    expect([...bytes.subarray(44)]).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('measures and formats durations', () => {
    expect(pcmDurationMs(48_000, 24_000)).toBe(1000);
    expect(clock(65_400)).toBe('1:05');
    expect(clock(0)).toBe('0:00');
  });
});
