/**
 * Whisper's input features, as its feature extractor (transformers' WhisperFeatureExtractor) makes
 * them: 16 kHz audio padded or cut to 30 s, a short-time Fourier transform (400-sample periodic Hann
 * window, hop 160, centred with reflect padding), power spectrum, a Slaney-style mel filter bank
 * (0-8 kHz, area-normalised), log10 with floor 1e-10, the last frame dropped, values limited to 8
 * (log10) below the maximum, then (x + 4) / 4. Result: `mels` rows of 3000 frames.
 */

export const WHISPER_RATE = 16_000;
export const N_FFT = 400;
export const HOP = 160;
export const FRAMES = 3000;
export const WINDOW_SAMPLES = FRAMES * HOP; // 30 s
const BINS = N_FFT / 2 + 1;

/** Slaney mel scale: linear below 1 kHz (3 mels per 200 Hz), logarithmic above (27 mels per factor 6.4). */
export function hzToMel(hz: number): number {
  return hz < 1000 ? (3 * hz) / 200 : 15 + (27 * Math.log(hz / 1000)) / Math.log(6.4);
}

export function melToHz(mel: number): number {
  return mel < 15 ? (200 * mel) / 3 : 1000 * Math.exp(((mel - 15) * Math.log(6.4)) / 27);
}

/** Triangular filters, `mels` x 201 frequency bins, each scaled to unit area (norm="slaney"). */
export function melFilterBank(mels: number, rate = WHISPER_RATE, fmax = 8000): Float32Array[] {
  const top = hzToMel(fmax);
  const edges = Array.from({ length: mels + 2 }, (_, i) => melToHz((top * i) / (mels + 1)));
  const freqs = Array.from({ length: BINS }, (_, k) => (k * rate) / N_FFT);
  return Array.from({ length: mels }, (_, m) => {
    const [lo, mid, hi] = [edges[m]!, edges[m + 1]!, edges[m + 2]!];
    const scale = 2 / (hi - lo);
    return Float32Array.from(freqs, (f) => Math.max(0, Math.min((f - lo) / (mid - lo), (hi - f) / (hi - mid))) * scale);
  });
}

const WINDOW = Float64Array.from({ length: N_FFT }, (_, n) => 0.5 - 0.5 * Math.cos((2 * Math.PI * n) / N_FFT));
const COS = new Float64Array(BINS * N_FFT);
const SIN = new Float64Array(BINS * N_FFT);
for (let k = 0; k < BINS; k++) {
  for (let n = 0; n < N_FFT; n++) {
    COS[k * N_FFT + n] = Math.cos((2 * Math.PI * k * n) / N_FFT);
    SIN[k * N_FFT + n] = Math.sin((2 * Math.PI * k * n) / N_FFT);
  }
}

/** |DFT|^2 of one windowed frame of N_FFT samples (201 bins). */
export function powerSpectrum(frame: Float64Array): Float64Array {
  const out = new Float64Array(BINS);
  const w = new Float64Array(N_FFT);
  for (let n = 0; n < N_FFT; n++) w[n] = frame[n]! * WINDOW[n]!;
  for (let k = 0; k < BINS; k++) {
    let re = 0;
    let im = 0;
    const row = k * N_FFT;
    for (let n = 0; n < N_FFT; n++) {
      re += w[n]! * COS[row + n]!;
      im -= w[n]! * SIN[row + n]!;
    }
    out[k] = re * re + im * im;
  }
  return out;
}

const banks = new Map<number, Float32Array[]>();

/** Log-mel features of 16 kHz mono samples: `mels` x 3000, row-major. */
export function logMelSpectrogram(samples: Float32Array, mels = 80): Float32Array {
  let bank = banks.get(mels);
  if (!bank) banks.set(mels, (bank = melFilterBank(mels)));
  const audio = new Float64Array(WINDOW_SAMPLES);
  audio.set(samples.subarray(0, WINDOW_SAMPLES));
  const half = N_FFT / 2;
  // Reflect padding: x[-i] = x[i], x[L-1+i] = x[L-1-i].
  const at = (i: number) => audio[i < 0 ? -i : i >= WINDOW_SAMPLES ? 2 * (WINDOW_SAMPLES - 1) - i : i]!;
  const out = new Float32Array(mels * FRAMES);
  const frame = new Float64Array(N_FFT);
  // Frames wholly after the audio (zero padding) have no energy: their power is 0, skip the transform.
  const lastAudio = Math.min(WINDOW_SAMPLES, samples.length);
  const floor = Math.log10(1e-10);
  let max = -Infinity;
  for (let t = 0; t < FRAMES; t++) {
    const start = t * HOP - half;
    let power: Float64Array | undefined;
    if (start < lastAudio) {
      for (let n = 0; n < N_FFT; n++) frame[n] = at(start + n);
      power = powerSpectrum(frame);
    }
    for (let m = 0; m < mels; m++) {
      let energy = 0;
      if (power) {
        const filter = bank[m]!;
        for (let k = 0; k < BINS; k++) energy += filter[k]! * power[k]!;
      }
      const value = energy > 1e-10 ? Math.log10(energy) : floor;
      out[m * FRAMES + t] = value;
      if (value > max) max = value;
    }
  }
  for (let i = 0; i < out.length; i++) out[i] = (Math.max(out[i]!, max - 8) + 4) / 4;
  return out;
}
