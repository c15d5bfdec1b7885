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
const COS = Float64Array.from({ length: N_FFT }, (_, e) => Math.cos((2 * Math.PI * e) / N_FFT));
const SIN = Float64Array.from({ length: N_FFT }, (_, e) => Math.sin((2 * Math.PI * e) / N_FFT));

/**
 * Mixed-radix decimation-in-time DFT of `n` (a divisor of N_FFT = 2^4 * 5^2) points read from `input`
 * at offset/stride into out[at..at+n): about N*(2*4+5*2) complex products instead of N^2.
 */
function dft(n: number, input: Float64Array, offset: number, stride: number, re: Float64Array, im: Float64Array, at: number): void {
  if (n === 1) {
    re[at] = input[offset]!;
    im[at] = 0;
    return;
  }
  const p = n % 2 === 0 ? 2 : n % 5 === 0 ? 5 : n;
  const m = n / p;
  for (let r = 0; r < p; r++) dft(m, input, offset + r * stride, stride * p, re, im, at + r * m);
  const step = N_FFT / n;
  const yRe = new Float64Array(p);
  const yIm = new Float64Array(p);
  for (let k = 0; k < m; k++) {
    for (let r = 0; r < p; r++) {
      yRe[r] = re[at + r * m + k]!;
      yIm[r] = im[at + r * m + k]!;
    }
    for (let q = 0; q < p; q++) {
      const j = q * m + k;
      let sumRe = 0;
      let sumIm = 0;
      for (let r = 0; r < p; r++) {
        // W_n^(r*j) = exp(-2*pi*i*r*j/n)
        const e = ((r * j) % n) * step;
        sumRe += yRe[r]! * COS[e]! + yIm[r]! * SIN[e]!;
        sumIm += yIm[r]! * COS[e]! - yRe[r]! * SIN[e]!;
      }
      re[at + j] = sumRe;
      im[at + j] = sumIm;
    }
  }
}

/** |DFT|^2 of one frame of N_FFT samples through the window (201 bins). */
export function powerSpectrum(frame: Float64Array): Float64Array {
  const w = new Float64Array(N_FFT);
  for (let n = 0; n < N_FFT; n++) w[n] = frame[n]! * WINDOW[n]!;
  const re = new Float64Array(N_FFT);
  const im = new Float64Array(N_FFT);
  dft(N_FFT, w, 0, 1, re, im, 0);
  const out = new Float64Array(BINS);
  for (let k = 0; k < BINS; k++) out[k] = re[k]! * re[k]! + im[k]! * im[k]!;
  return out;
}

/** The filters with the range of bins where each is not zero (a few bins each: the sums skip the rest). */
const banks = new Map<number, { filter: Float32Array; from: number; to: number }[]>();

function sparseBank(mels: number) {
  return melFilterBank(mels).map((filter) => {
    const from = Math.max(0, filter.findIndex((v) => v > 0));
    let to = filter.length;
    while (to > from && filter[to - 1] === 0) to--;
    return { filter, from, to };
  });
}

/** Log-mel features of 16 kHz mono samples: `mels` x 3000, row-major. */
export function logMelSpectrogram(samples: Float32Array, mels = 80): Float32Array {
  let bank = banks.get(mels);
  if (!bank) banks.set(mels, (bank = sparseBank(mels)));
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
        const { filter, from, to } = bank[m]!;
        for (let k = from; k < to; k++) energy += filter[k]! * power[k]!;
      }
      const value = energy > 1e-10 ? Math.log10(energy) : floor;
      out[m * FRAMES + t] = value;
      if (value > max) max = value;
    }
  }
  for (let i = 0; i < out.length; i++) out[i] = (Math.max(out[i]!, max - 8) + 4) / 4;
  return out;
}
