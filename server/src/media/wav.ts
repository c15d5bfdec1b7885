import { MEDIA_LIMITS } from '@parley/common';
import { AppError } from '../http/errors.ts';

export interface WavPcm {
  sampleRate: number;
  channels: number;
  /** PCM16 little-endian samples, interleaved when there is more than one channel. */
  pcm: Buffer;
  durationMs: number;
}

const invalid = (message: string) => new AppError(400, 'invalid_audio', message);

/**
 * Read a RIFF/WAVE file of 16-bit PCM from its bytes (the name and the declared type decide
 * nothing): the `fmt ` chunk must say PCM (or WAVE_FORMAT_EXTENSIBLE with the PCM subformat),
 * 16 bits, 1-2 channels, 8-48 kHz; the `data` chunk holds the samples. Other chunks (LIST,
 * metadata) are skipped and never stored. A streaming recorder's open-ended data size
 * (0xFFFFFFFF or 0) is taken as "to the end of the file". Longer than the cap: audio_too_long.
 */
export function parseWav(bytes: Buffer, maxSeconds: number = MEDIA_LIMITS.voiceMaxSeconds): WavPcm {
  if (bytes.length < 12 || bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE') {
    throw invalid('The recording is not a WAV file.');
  }
  let format: { code: number; channels: number; sampleRate: number; bits: number } | undefined;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    const declared = bytes.readUInt32LE(offset + 4);
    const start = offset + 8;
    if (id === 'fmt ') {
      if (declared < 16 || start + 16 > bytes.length) throw invalid('The WAV format chunk is incomplete.');
      let code = bytes.readUInt16LE(start);
      // WAVE_FORMAT_EXTENSIBLE: the real format is the first two bytes of the subformat GUID.
      if (code === 0xfffe && declared >= 40 && start + 26 <= bytes.length) code = bytes.readUInt16LE(start + 24);
      format = { code, channels: bytes.readUInt16LE(start + 2), sampleRate: bytes.readUInt32LE(start + 4), bits: bytes.readUInt16LE(start + 14) };
    } else if (id === 'data') {
      if (!format) throw invalid('The WAV file has no format chunk before its samples.');
      if (format.code !== 1 || format.bits !== 16) throw invalid('Only 16-bit PCM WAV recordings are accepted.');
      if (format.channels < 1 || format.channels > 2) throw invalid('Only mono or stereo recordings are accepted.');
      if (format.sampleRate < 8_000 || format.sampleRate > 48_000) throw invalid('The sample rate must be between 8 and 48 kHz.');
      const openEnded = declared === 0 || declared === 0xffffffff;
      const end = openEnded ? bytes.length : Math.min(bytes.length, start + declared);
      const frame = 2 * format.channels;
      const pcm = bytes.subarray(start, start + Math.floor((end - start) / frame) * frame);
      if (pcm.length === 0) throw invalid('The recording is empty.');
      const durationMs = Math.round((pcm.length / frame / format.sampleRate) * 1000);
      // The shared limit the recorder applies (a tap is not a message): the server enforces it too.
      if ((pcm.length / frame / format.sampleRate) * 1000 < MEDIA_LIMITS.voiceMinMs) {
        throw new AppError(400, 'audio_too_short', `Voice messages must be at least ${MEDIA_LIMITS.voiceMinMs} ms long.`);
      }
      if (durationMs > maxSeconds * 1000) {
        throw new AppError(413, 'audio_too_long', `Voice messages can be at most ${maxSeconds} seconds long.`);
      }
      return { sampleRate: format.sampleRate, channels: format.channels, pcm, durationMs };
    }
    // Chunks are padded to an even size.
    offset = start + declared + (declared % 2);
  }
  throw invalid('The WAV file has no samples.');
}
