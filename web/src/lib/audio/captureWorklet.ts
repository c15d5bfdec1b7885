/**
 * AudioWorklet processor (runs on the audio thread, bundled separately by Vite via `?worker&url`).
 * Collects microphone samples into 4096-sample buffers at 24 kHz, converts them to 16-bit
 * little-endian PCM and posts each buffer (transferred) to the main thread. On a 'flush' message
 * it posts the partial buffer, then 'flushed'.
 */
import { floatToPcm16, PcmChunker } from './audio.ts';

// The AudioWorkletGlobalScope is not part of TypeScript's DOM library.
declare const sampleRate: number;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
  constructor(options?: { processorOptions?: unknown });
}
declare function registerProcessor(name: string, ctor: new (options: { processorOptions?: unknown }) => AudioWorkletProcessor): void;

export interface CaptureOptions {
  targetRate: number;
  bufferSize: number;
}

/** Messages posted to the main thread: a PCM16 buffer, or the end of a flush. */
export type CaptureMessage = { type: 'chunk'; pcm: ArrayBuffer } | { type: 'flushed' };

class PcmCaptureProcessor extends AudioWorkletProcessor {
  private readonly chunker: PcmChunker;
  private stopped = false;

  constructor(options: { processorOptions?: unknown }) {
    super(options);
    const { targetRate, bufferSize } = options.processorOptions as CaptureOptions;
    this.chunker = new PcmChunker(sampleRate, targetRate, bufferSize);
    this.port.onmessage = (event: MessageEvent) => {
      if (event.data !== 'flush' || this.stopped) return;
      this.stopped = true;
      const rest = this.chunker.flush();
      if (rest.length > 0) this.post(rest);
      this.port.postMessage({ type: 'flushed' } satisfies CaptureMessage);
    };
  }

  private post(samples: Float32Array): void {
    const pcm = floatToPcm16(samples).buffer as ArrayBuffer;
    this.port.postMessage({ type: 'chunk', pcm } satisfies CaptureMessage, [pcm]);
  }

  process(inputs: Float32Array[][]): boolean {
    if (this.stopped) return false;
    const channel = inputs[0]?.[0];
    if (channel) for (const buffer of this.chunker.push(channel)) this.post(buffer);
    return true;
  }
}

registerProcessor('pcm-capture', PcmCaptureProcessor);
