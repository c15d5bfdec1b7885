import { SAMPLE_RATE } from '../audio.ts';
import { runChain } from '../../platform/process.ts';
import { WHISPER_RATE } from './mel.ts';

/** sox converting between the voice pipeline's PCM16 and the float32 samples the models take and give. */

const pcm16 = (rate: number) => ['-t', 'raw', '-r', String(rate), '-e', 'signed', '-b', '16', '-c', '1', '-L', '-'];
const float32 = (rate: number) => ['-t', 'raw', '-r', String(rate), '-e', 'float', '-b', '32', '-c', '1', '-L', '-'];

function floats(bytes: Buffer): Float32Array {
  const out = new Float32Array(Math.floor(bytes.length / 4));
  for (let i = 0; i < out.length; i++) out[i] = bytes.readFloatLE(i * 4);
  return out;
}

/** PCM16 mono at `rate` to float samples at 16 kHz (Whisper's input). */
export async function pcmToWhisperSamples(pcm: Buffer, rate: number, signal: AbortSignal, timeoutMs: number): Promise<Float32Array> {
  if (pcm.length < 2) return new Float32Array(0);
  const out = await runChain([{ cmd: 'sox', args: ['-V1', ...pcm16(rate), ...float32(WHISPER_RATE)] }], pcm, { signal, timeoutMs });
  return floats(out);
}

/** Float samples at `rate` (a Piper voice's) to PCM16 mono 24 kHz, clipped to [-1, 1]. */
export async function samplesToPcm24k(samples: Float32Array, rate: number, signal: AbortSignal, timeoutMs: number): Promise<Buffer> {
  if (samples.length === 0) return Buffer.alloc(0);
  const input = Buffer.alloc(samples.length * 4);
  samples.forEach((v, i) => input.writeFloatLE(Number.isFinite(v) ? Math.max(-1, Math.min(1, v)) : 0, i * 4));
  return runChain([{ cmd: 'sox', args: ['-V1', ...float32(rate), ...pcm16(SAMPLE_RATE)] }], input, { signal, timeoutMs });
}
