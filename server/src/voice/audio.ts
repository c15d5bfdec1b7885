import { VOICE_LIMITS } from '@parley/common';
import { runChain, type ChainOptions, type Command } from '../platform/process.ts';

export const SAMPLE_RATE = VOICE_LIMITS.sampleRate;
/** Bytes of one outgoing audio chunk: 4096 samples of PCM16. */
export const CHUNK_BYTES = VOICE_LIMITS.chunkSamples * VOICE_LIMITS.bytesPerSample;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decode client audio: strict base64 of an even number of bytes (PCM16), else a reason. */
export function decodePcm16Base64(audio: string): { pcm: Buffer } | { problem: string } {
  if (audio.length === 0) return { problem: 'Audio chunk is empty' };
  if (audio.length % 4 !== 0 || !BASE64.test(audio)) return { problem: 'Audio must be base64' };
  const pcm = Buffer.from(audio, 'base64');
  if (pcm.length % 2 !== 0) return { problem: 'Audio must be 16-bit PCM (an even number of bytes)' };
  return { pcm };
}

/** Split PCM into chunks of at most `size` bytes (the last may be shorter). */
export function chunkPcm(pcm: Buffer, size = CHUNK_BYTES): Buffer[] {
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < pcm.length; offset += size) chunks.push(pcm.subarray(offset, offset + size));
  return chunks;
}

export function durationSeconds(pcmBytes: number, sampleRate: number = SAMPLE_RATE): number {
  return pcmBytes / 2 / sampleRate;
}

/** Root mean square of PCM16 samples, 0..32768. */
export function rms(pcm: Buffer): number {
  const samples = Math.floor(pcm.length / 2);
  if (samples === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples; i++) {
    const s = pcm.readInt16LE(i * 2);
    sum += s * s;
  }
  return Math.sqrt(sum / samples);
}

/** A 44-byte RIFF header followed by the samples: PCM16 mono. */
export function pcmToWav(pcm: Buffer, sampleRate: number = SAMPLE_RATE): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

/** sox arguments for raw PCM16 LE mono at `rate` on stdin or stdout. */
const raw = (rate: number) => ['-t', 'raw', '-r', String(rate), '-e', 'signed', '-b', '16', '-c', '1', '-L', '-'];

/** sox converting any audio file sox understands (on stdin, of `type`) to raw PCM16 mono 24 kHz. */
export function soxToPcm24k(type: 'wav' | 'mp3' | 'flac' | 'ogg' = 'wav'): Command {
  return { cmd: 'sox', args: ['-V1', '-t', type, '-', ...raw(SAMPLE_RATE)] };
}

/** Any WAV (or other sox-readable) file to PCM16 mono 24 kHz. */
export function audioFileToPcm24k(file: Buffer, type: 'wav' | 'mp3' | 'flac' | 'ogg' = 'wav', options: ChainOptions = {}): Promise<Buffer> {
  return runChain([soxToPcm24k(type)], file, options);
}
