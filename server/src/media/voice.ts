import { pcmToWav, SAMPLE_RATE } from '../voice/audio.ts';
import { runChain } from '../platform/process.ts';
import { parseWav } from './wav.ts';

export interface PreparedVoice {
  /** What is stored and played: a clean 44-byte-header WAV of PCM16 mono 24 kHz. */
  wav: Buffer;
  /** The same samples for speech recognition. */
  pcm: Buffer;
  durationMs: number;
}

/**
 * Check the recording from its bytes (wav.ts), then re-encode it: the browser's recording (24 kHz
 * mono, the Talk capture) is kept sample for sample under a fresh header; anything else sox
 * resamples and mixes down first.
 */
export async function prepareVoice(bytes: Buffer): Promise<PreparedVoice> {
  const { sampleRate, channels, pcm, durationMs } = parseWav(bytes);
  const mono24k = sampleRate === SAMPLE_RATE && channels === 1
    ? pcm
    : await runChain([{
      cmd: 'sox',
      args: ['-V1', '-t', 'raw', '-r', String(sampleRate), '-e', 'signed', '-b', '16', '-c', String(channels), '-L', '-',
        '-t', 'raw', '-r', String(SAMPLE_RATE), '-e', 'signed', '-b', '16', '-c', '1', '-L', '-'],
    }], pcm, { timeoutMs: 20_000 });
  return { wav: pcmToWav(mono24k, SAMPLE_RATE), pcm: mono24k, durationMs };
}
