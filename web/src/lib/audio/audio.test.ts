import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  base64ToBytes,
  bytesToBase64,
  decodeAudioChunk,
  encodeAudioChunk,
  floatToPcm16,
  msUntil,
  pcm16ToFloat,
  PcmChunker,
  scheduleChunk,
} from './audio.ts';

const int16At = (bytes: Uint8Array, i: number) => new DataView(bytes.buffer, bytes.byteOffset).getInt16(i * 2, true);

describe('floatToPcm16', () => {
  it('maps -1, 0 and 1 to the 16-bit range, little-endian', () => {
    const bytes = floatToPcm16(new Float32Array([-1, 0, 1, 0.5]));
    expect(bytes.length).toBe(8);
    expect([0, 1, 2, 3].map((i) => int16At(bytes, i))).toEqual([-32768, 0, 32767, 16384]);
    expect([bytes[4], bytes[5]]).toEqual([0xff, 0x7f]); // 32767 little-endian
  });

  it('clamps out-of-range samples and treats NaN as silence', () => {
    const bytes = floatToPcm16(new Float32Array([-3, 2.5, Number.NaN, Infinity]));
    expect([0, 1, 2, 3].map((i) => int16At(bytes, i))).toEqual([-32768, 32767, 0, 32767]);
  });
});

describe('pcm16ToFloat', () => {
  it('decodes little-endian samples into [-1, 1)', () => {
    const out = pcm16ToFloat(new Uint8Array([0x00, 0x80, 0x00, 0x00, 0xff, 0x7f]));
    expect(Array.from(out)).toEqual([-1, 0, 32767 / 32768]);
  });

  it('ignores a trailing odd byte and honours subarray offsets', () => {
    const backing = new Uint8Array([9, 0x00, 0x40, 0x01]);
    expect(Array.from(pcm16ToFloat(backing.subarray(1)))).toEqual([0.5]);
  });

  it('round-trips floats within one quantisation step', () => {
    fc.assert(
      fc.property(fc.array(fc.float({ min: -1, max: 1, noNaN: true }), { maxLength: 200 }), (values) => {
        const back = pcm16ToFloat(floatToPcm16(new Float32Array(values)));
        values.forEach((v, i) => expect(Math.abs((back[i] ?? 0) - v)).toBeLessThanOrEqual(1 / 16384));
      }),
    );
  });
});

describe('base64', () => {
  it('round-trips arbitrary bytes, across chunk boundaries', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), fc.integer({ min: 1, max: 700 }), (bytes, chunk) => {
        const encoded = bytesToBase64(bytes, chunk);
        expect(encoded).toBe(Buffer.from(bytes).toString('base64'));
        expect(Array.from(base64ToBytes(encoded))).toEqual(Array.from(bytes));
      }),
    );
  });

  it('encodes a large buffer (1 MB) without a giant argument spread', () => {
    const bytes = new Uint8Array(1024 * 1024).map((_, i) => (i * 7) & 0xff);
    const encoded = bytesToBase64(bytes);
    expect(encoded).toBe(Buffer.from(bytes).toString('base64'));
    expect(Buffer.from(base64ToBytes(encoded)).equals(Buffer.from(bytes))).toBe(true);
  });

  it('throws on text that is not base64', () => {
    expect(() => base64ToBytes('not base64!')).toThrow();
  });

  it('encodes and decodes a 4096-sample audio chunk', () => {
    const samples = new Float32Array(4096).map((_, i) => Math.sin(i / 10) * 0.8);
    const encoded = encodeAudioChunk(samples);
    expect(base64ToBytes(encoded).length).toBe(8192);
    const decoded = decodeAudioChunk(encoded);
    expect(decoded.length).toBe(4096);
    samples.forEach((s, i) => expect(Math.abs((decoded[i] ?? 0) - s)).toBeLessThan(1e-4));
  });
});

describe('PcmChunker', () => {
  it('emits exact 4096-sample buffers at the same rate and flushes the rest', () => {
    const chunker = new PcmChunker(24_000, 24_000, 4096);
    const out: Float32Array[] = [];
    let n = 0;
    for (let block = 0; block < 100; block++) {
      out.push(...chunker.push(new Float32Array(128).map(() => n++)));
    }
    expect(out.length).toBe(3); // 12800 samples = 3 x 4096 + 512
    expect(out.every((b) => b.length === 4096)).toBe(true);
    expect(out[1]?.[0]).toBe(4096);
    const rest = chunker.flush();
    expect(rest.length).toBe(512);
    expect(rest[0]).toBe(3 * 4096);
    expect(chunker.flush().length).toBe(0);
  });

  it('resamples 48 kHz to 24 kHz with the right count and values', () => {
    const chunker = new PcmChunker(48_000, 24_000, 4096);
    let n = 0;
    const out: Float32Array[] = [];
    for (let block = 0; block < 375; block++) out.push(...chunker.push(new Float32Array(128).map(() => n++ / 48_000)));
    const samples = [...out.flatMap((b) => Array.from(b)), ...Array.from(chunker.flush())];
    expect(samples.length).toBe(24_000); // one second in, one second out
    samples.forEach((s, i) => expect(s).toBeCloseTo((i * 2) / 48_000, 6)); // a ramp stays a ramp
  });

  it('interpolates across block boundaries (44.1 kHz ramp)', () => {
    const chunker = new PcmChunker(44_100, 24_000, 4096);
    let n = 0;
    const out: Float32Array[] = [];
    for (let block = 0; block < 100; block++) out.push(...chunker.push(new Float32Array(128).map(() => n++)));
    const samples = [...out.flatMap((b) => Array.from(b)), ...Array.from(chunker.flush())];
    expect(Math.abs(samples.length - (12_800 * 24_000) / 44_100)).toBeLessThanOrEqual(1);
    samples.forEach((s, i) => expect(s).toBeCloseTo((i * 44_100) / 24_000, 3));
  });
});

describe('scheduleChunk', () => {
  it('plays chunks back to back while the queue is ahead of the clock', () => {
    let next = 0;
    const starts: number[] = [];
    for (const now of [1, 1.05, 1.1]) {
      const s = scheduleChunk(now, next, 0.17);
      starts.push(s.startAt);
      next = s.nextStartTime;
    }
    expect(starts[0]).toBe(1);
    expect(starts[1]).toBeCloseTo(1.17);
    expect(starts[2]).toBeCloseTo(1.34);
    expect(next).toBeCloseTo(1.51);
  });

  it('restarts from now (plus the lead) once playback has run dry', () => {
    expect(scheduleChunk(5, 3, 0.5, 0.03)).toEqual({ startAt: 5.03, nextStartTime: 5.53 });
    expect(scheduleChunk(5, 5.2, 0.5, 0.03)).toEqual({ startAt: 5.2, nextStartTime: 5.7 });
  });

  it('msUntil counts down to the end of the scheduled audio', () => {
    expect(msUntil(1, 1.5)).toBe(500);
    expect(msUntil(2, 1.5)).toBe(0);
  });
});
