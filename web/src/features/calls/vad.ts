import { MICROPHONE_CONSTRAINTS } from '../../lib/audio/voiceAudio.ts';

/** The running voice activity detector of a call. */
export interface Vad {
  pause(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

export interface VadCallbacks {
  /** Speech went on long enough not to be a misfire. */
  onSpeechStart: () => void;
  /** The utterance, as the detector heard it: 16 kHz float samples, its pre-speech pad included. */
  onSpeechEnd: (audio: Float32Array) => void;
  onMisfire: () => void;
}

/**
 * Silero voice activity detection in the browser (@ricky0123/vad-web over onnxruntime-web's WebAssembly),
 * loaded when a call starts: its code is a chunk of its own, and its worklet, model and WebAssembly are the
 * app's own files (vadAssets.ts), never a CDN's. Rejects when it cannot run here (then: hold to talk).
 */
export async function startVad(callbacks: VadCallbacks): Promise<Vad> {
  const { MicVAD } = await import('@ricky0123/vad-web');
  const base = String(import.meta.env.VITE_VAD_ASSETS ?? '/vad/');
  const stop = async (stream: MediaStream) => stream.getTracks().forEach((track) => track.stop());
  const vad = await MicVAD.new({
    model: 'legacy',
    baseAssetPath: base,
    onnxWASMBasePath: base,
    ortConfig: (ort) => {
      ort.env.logLevel = 'error';
      ort.env.wasm.numThreads = 1; // no cross-origin isolation here: one thread, no worker
    },
    // A call is a conversation: end an utterance after a short pause, so the partner hears it soon.
    positiveSpeechThreshold: 0.5,
    negativeSpeechThreshold: 0.35,
    redemptionMs: 640,
    preSpeechPadMs: 300,
    minSpeechMs: 250,
    getStream: () => navigator.mediaDevices.getUserMedia(MICROPHONE_CONSTRAINTS),
    pauseStream: stop,
    resumeStream: () => navigator.mediaDevices.getUserMedia(MICROPHONE_CONSTRAINTS),
    onSpeechRealStart: callbacks.onSpeechStart,
    onSpeechEnd: (audio) => callbacks.onSpeechEnd(audio),
    onVADMisfire: callbacks.onMisfire,
    startOnLoad: true,
  });
  return vad;
}
