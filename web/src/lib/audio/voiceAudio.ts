import { LIMITS } from '@parley/common/client';
import { bytesToBase64, decodeAudioChunk, msUntil, scheduleChunk } from './audio.ts';
import type { CaptureMessage, CaptureOptions } from './captureWorklet.ts';
import workletUrl from './captureWorklet.ts?worker&url';

const SAMPLE_RATE = LIMITS.audioSampleRate;
/** Head start when playback begins from silence, so network jitter does not open gaps. */
const PLAYBACK_LEAD_S = 0.03;
/** How long a release waits for the worklet to hand over its partial buffer. */
const FLUSH_TIMEOUT_MS = 500;

export const MICROPHONE_CONSTRAINTS: MediaStreamConstraints = {
  audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true },
};

/** One hold of the microphone button. */
export interface Capture {
  /** Base64 chunks handed to onChunk so far. */
  readonly chunks: number;
  /** Hand over the partial buffer, then release the microphone. */
  stop(): Promise<void>;
  /** Release the microphone at once, dropping what is buffered. */
  cancel(): void;
}

/** The audio side of a voice session: microphone capture and gapless playback. */
export interface VoiceAudioEngine {
  /** Ask for the microphone once (the permission prompt belongs to Start, not to a held button). */
  checkMicrophone(): Promise<void>;
  startCapture(onChunk: (base64: string) => void): Promise<Capture>;
  /** Queue one base64 PCM16 chunk right after the audio already scheduled. */
  play(base64: string): void;
  /** Milliseconds until the scheduled audio has played. */
  msUntilPlayed(): number;
  close(): void;
}

function newContext(sampleRate?: number): AudioContext {
  return new AudioContext({ latencyHint: 'interactive', ...(sampleRate ? { sampleRate } : {}) });
}

/**
 * Web Audio implementation. Create it in the Start click so the context may produce sound. One
 * context at 24 kHz serves capture (the browser resamples the microphone) and playback; if the
 * browser refuses to connect a microphone to it, capture moves to a context at the device rate
 * and the worklet resamples.
 */
export class VoiceAudio implements VoiceAudioEngine {
  private readonly context = newContext(SAMPLE_RATE);
  /** Playback below full volume (calls: the partner's own voice under the translation). */
  private gain?: GainNode;

  constructor(volume = 1) {
    if (volume !== 1) {
      this.gain = this.context.createGain();
      this.gain.gain.value = volume;
      this.gain.connect(this.context.destination);
    }
  }

  private readonly ready = new Map<AudioContext, Promise<void>>();
  private fallback?: AudioContext;
  private nextStartTime = 0;
  private readonly playing = new Set<AudioBufferSourceNode>();

  async checkMicrophone(): Promise<void> {
    const stream = await navigator.mediaDevices.getUserMedia(MICROPHONE_CONSTRAINTS);
    for (const track of stream.getTracks()) track.stop();
  }

  private async prepared(context: AudioContext): Promise<AudioContext> {
    let ready = this.ready.get(context);
    if (!ready) {
      ready = context.audioWorklet.addModule(workletUrl);
      this.ready.set(context, ready);
    }
    await ready;
    if (context.state === 'suspended') await context.resume();
    return context;
  }

  private async source(stream: MediaStream): Promise<MediaStreamAudioSourceNode> {
    if (!this.fallback) {
      try {
        return (await this.prepared(this.context)).createMediaStreamSource(stream);
      } catch (error) {
        if (!(error instanceof DOMException) || error.name !== 'NotSupportedError') throw error;
        this.fallback = newContext();
      }
    }
    return (await this.prepared(this.fallback)).createMediaStreamSource(stream);
  }

  async startCapture(onChunk: (base64: string) => void): Promise<Capture> {
    const stream = await navigator.mediaDevices.getUserMedia(MICROPHONE_CONSTRAINTS);
    const release = () => stream.getTracks().forEach((track) => track.stop());
    let source: MediaStreamAudioSourceNode;
    let node: AudioWorkletNode;
    try {
      source = await this.source(stream);
      const options: CaptureOptions = { targetRate: SAMPLE_RATE, bufferSize: LIMITS.audioBufferSize };
      node = new AudioWorkletNode(source.context, 'pcm-capture', {
        numberOfInputs: 1,
        numberOfOutputs: 1,
        outputChannelCount: [1],
        channelCount: 1,
        channelCountMode: 'explicit',
        processorOptions: options,
      });
    } catch (error) {
      release();
      throw error;
    }
    let chunks = 0;
    let flushed: (() => void) | undefined;
    node.port.onmessage = (event: MessageEvent<CaptureMessage>) => {
      if (event.data.type === 'chunk') {
        chunks += 1;
        onChunk(bytesToBase64(new Uint8Array(event.data.pcm)));
      } else flushed?.();
    };
    source.connect(node);
    // The worklet writes silence; connecting it keeps the graph pulling it in every browser.
    node.connect(source.context.destination);
    const end = () => {
      node.port.onmessage = null;
      source.disconnect();
      node.disconnect();
      release();
    };
    return {
      get chunks() {
        return chunks;
      },
      stop: async () => {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, FLUSH_TIMEOUT_MS);
          flushed = () => {
            clearTimeout(timer);
            resolve();
          };
          node.port.postMessage('flush');
        });
        end();
      },
      cancel: end,
    };
  }

  play(base64: string): void {
    const samples = decodeAudioChunk(base64);
    if (samples.length === 0) return;
    const { context } = this;
    if (context.state === 'suspended') void context.resume();
    const buffer = context.createBuffer(1, samples.length, SAMPLE_RATE);
    buffer.getChannelData(0).set(samples);
    const node = context.createBufferSource();
    node.buffer = buffer;
    node.connect(this.gain ?? context.destination);
    const { startAt, nextStartTime } = scheduleChunk(context.currentTime, this.nextStartTime, buffer.duration, PLAYBACK_LEAD_S);
    this.nextStartTime = nextStartTime;
    node.onended = () => this.playing.delete(node);
    this.playing.add(node);
    node.start(startAt);
  }

  msUntilPlayed(): number {
    return msUntil(this.context.currentTime, this.nextStartTime);
  }

  close(): void {
    for (const node of this.playing) {
      try {
        node.stop();
      } catch {
        // already stopped
      }
    }
    this.playing.clear();
    void this.context.close().catch(() => undefined);
    void this.fallback?.close().catch(() => undefined);
  }
}
