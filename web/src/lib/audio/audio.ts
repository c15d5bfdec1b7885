/**
 * Pure audio helpers for the voice translator (spec section 9: 24 kHz, mono, 4096-sample buffers,
 * 16-bit PCM, chunked base64). No DOM here: the capture worklet imports this file too.
 */

/** Float samples in [-1, 1] -> 16-bit little-endian PCM bytes. Out-of-range samples are clamped. */
export function floatToPcm16(samples: Float32Array): Uint8Array {
  const bytes = new Uint8Array(samples.length * 2);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < samples.length; i++) {
    const raw = samples[i] ?? 0;
    const s = Number.isNaN(raw) ? 0 : Math.max(-1, Math.min(1, raw));
    view.setInt16(i * 2, s < 0 ? Math.round(s * 0x8000) : Math.round(s * 0x7fff), true);
  }
  return bytes;
}

/** 16-bit little-endian PCM bytes -> float samples in [-1, 1). A trailing odd byte is ignored. */
export function pcm16ToFloat(bytes: Uint8Array): Float32Array {
  const count = Math.floor(bytes.length / 2);
  const view = new DataView(bytes.buffer, bytes.byteOffset, count * 2);
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) out[i] = view.getInt16(i * 2, true) / 0x8000;
  return out;
}

/** Characters per String.fromCharCode call: well below engines' argument limits. */
export const BASE64_CHUNK = 0x2000;

/** Bytes -> base64, built in chunks so large buffers never hit the argument-count limit. */
export function bytesToBase64(bytes: Uint8Array, chunkSize = BASE64_CHUNK): string {
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize) {
    parts.push(String.fromCharCode.apply(null, Array.from(bytes.subarray(i, i + chunkSize))));
  }
  return btoa(parts.join(''));
}

/** base64 -> bytes. Throws on text that is not base64 (atob's DOMException). */
export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Microphone samples -> the `audio` field of input_audio_buffer.append. */
export function encodeAudioChunk(samples: Float32Array): string {
  return bytesToBase64(floatToPcm16(samples));
}

/** The `delta` of response.audio.delta -> float samples ready for an AudioBuffer. */
export function decodeAudioChunk(base64: string): Float32Array {
  return pcm16ToFloat(base64ToBytes(base64));
}

/**
 * Collects microphone samples into fixed-size buffers at the target rate. When the capture context
 * could not run at 24 kHz (some browsers refuse to resample a microphone), it resamples linearly.
 */
export class PcmChunker {
  private readonly ratio: number;
  private buffer: Float32Array;
  private filled = 0;
  /** Position of the next output sample in input samples, relative to the current block (-1 = last sample of the previous one). */
  private position = 0;
  private last = 0;

  constructor(
    readonly inputRate: number,
    readonly outputRate: number,
    readonly size: number,
  ) {
    this.ratio = inputRate / outputRate;
    this.buffer = new Float32Array(size);
  }

  /** Add one block of input; returns the buffers completed by it (each exactly `size` samples). */
  push(input: Float32Array): Float32Array[] {
    const done: Float32Array[] = [];
    if (this.ratio === 1) {
      for (const sample of input) this.add(sample, done);
      return done;
    }
    // Linear interpolation between input samples; index -1 is the last sample of the previous block.
    while (this.position <= input.length - 1) {
      const i = Math.floor(this.position);
      const frac = this.position - i;
      const a = i < 0 ? this.last : (input[i] ?? 0);
      const b = input[i + 1] ?? a;
      this.add(a + (b - a) * frac, done);
      this.position += this.ratio;
    }
    this.position -= input.length;
    if (input.length > 0) this.last = input[input.length - 1] ?? 0;
    return done;
  }

  /** The partial buffer (possibly empty), and start over. */
  flush(): Float32Array {
    const rest = this.buffer.slice(0, this.filled);
    this.filled = 0;
    this.position = 0;
    return rest;
  }

  private add(sample: number, done: Float32Array[]): void {
    this.buffer[this.filled++] = sample;
    if (this.filled === this.size) {
      done.push(this.buffer);
      this.buffer = new Float32Array(this.size);
      this.filled = 0;
    }
  }
}

/**
 * Gapless playback timing: a chunk starts when the previous one ends, or now (plus a small lead
 * against jitter) when playback had run dry. Times are in AudioContext seconds.
 */
export function scheduleChunk(now: number, nextStartTime: number, duration: number, lead = 0): { startAt: number; nextStartTime: number } {
  const startAt = nextStartTime > now ? nextStartTime : now + lead;
  return { startAt, nextStartTime: startAt + duration };
}

/** Milliseconds until scheduled audio has finished playing (0 when it already has). */
export function msUntil(now: number, endTime: number): number {
  return Math.max(0, Math.ceil((endTime - now) * 1000));
}
