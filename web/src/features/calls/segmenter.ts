import type { CallClientMessage } from '@parley/common';
import { LIMITS } from '@parley/common/client';
import { encodeAudioChunk, PcmChunker } from '../../lib/audio/audio.ts';

/**
 * Cuts this side's continuous microphone chunks into utterances for the media socket: nothing is sent between
 * utterances; a few chunks before the detected start are kept (the detector decides a little after the first
 * syllable) and sent first. Speech start/end come from the voice activity detector or the talk button.
 */
export class Segmenter {
  private preRoll: string[] = [];
  private speaking = false;
  private muted = false;

  /** `preRollChunks`: 4 chunks of 4096 samples at 24 kHz = 0.68 s. */
  constructor(
    private readonly send: (message: CallClientMessage) => void,
    private readonly preRollChunks = 4,
  ) {}

  get inUtterance(): boolean {
    return this.speaking;
  }

  /** One base64 PCM16 chunk from the microphone. */
  chunk(audio: string): void {
    if (this.muted) return;
    if (this.speaking) {
      this.send({ type: 'audio.append', audio });
      return;
    }
    this.preRoll.push(audio);
    if (this.preRoll.length > this.preRollChunks) this.preRoll.shift();
  }

  /** Speech began (returns false when muted or already in an utterance). */
  start(): boolean {
    if (this.muted || this.speaking) return false;
    this.speaking = true;
    this.send({ type: 'speech.start' });
    for (const audio of this.preRoll) this.send({ type: 'audio.append', audio });
    this.preRoll = [];
    return true;
  }

  /** The utterance is complete: the server translates it. */
  end(): void {
    if (!this.speaking) return;
    this.speaking = false;
    this.send({ type: 'speech.end' });
  }

  /** Not speech after all (a cough, a door): the server drops it. */
  cancel(): void {
    if (!this.speaking) return;
    this.speaking = false;
    this.send({ type: 'speech.cancel' });
  }

  /** Muting finishes what was being said (it is translated) and then sends nothing. */
  setMuted(muted: boolean): void {
    if (muted) this.end();
    this.muted = muted;
    this.preRoll = [];
  }

  /** The socket dropped: the server lost the utterance; start clean. */
  reset(): void {
    this.speaking = false;
    this.preRoll = [];
  }
}

/** The detector's sample rate (Silero): its utterances come as 16 kHz float samples. */
export const VAD_SAMPLE_RATE = 16_000;

/** A detected utterance (16 kHz floats) -> the call's base64 PCM16 24 kHz chunks, with Talk's resampler. */
export function utteranceChunks(samples: Float32Array, inputRate = VAD_SAMPLE_RATE): string[] {
  const chunker = new PcmChunker(inputRate, LIMITS.audioSampleRate, LIMITS.audioBufferSize);
  const chunks = chunker.push(samples);
  const rest = chunker.flush();
  if (rest.length > 0) chunks.push(rest);
  return chunks.map(encodeAudioChunk);
}
