import { describe, expect, it } from 'vitest';
import { FRAMES, hzToMel, logMelSpectrogram, melFilterBank, melToHz, N_FFT, powerSpectrum, WHISPER_RATE } from './mel.ts';

const tone = (hz: number, seconds: number, amplitude = 1) =>
  Float32Array.from({ length: Math.round(seconds * WHISPER_RATE) }, (_, n) => amplitude * Math.cos((2 * Math.PI * hz * n) / WHISPER_RATE));

describe('Whisper log-mel features', () => {
  it('Slaney mel scale: 3 mels per 200 Hz up to 1 kHz (15), then 27 mels per factor 6.4', () => {
    expect(hzToMel(200)).toBeCloseTo(3, 10);
    expect(hzToMel(1000)).toBeCloseTo(15, 10);
    expect(hzToMel(6400)).toBeCloseTo(42, 10);
    for (const hz of [50, 700, 1000, 3000, 8000]) expect(melToHz(hzToMel(hz))).toBeCloseTo(hz, 6);
  });

  it('80 triangular filters over 201 bins, each peaking in turn, of unit area in Hz', () => {
    const bank = melFilterBank(80);
    expect(bank).toHaveLength(80);
    expect(bank[0]).toHaveLength(N_FFT / 2 + 1);
    const peaks = bank.map((f) => f.indexOf(Math.max(...f)));
    for (let m = 1; m < 80; m++) expect(peaks[m]).toBeGreaterThanOrEqual(peaks[m - 1]!);
    // Wide filters (above ~2 kHz) are sampled finely enough by the 40 Hz bins for the sum to be the area.
    for (const m of [60, 70, 79]) expect(bank[m]!.reduce((a, b) => a + b, 0) * (WHISPER_RATE / N_FFT)).toBeCloseTo(1, 1);
  });

  it('power spectrum of a tone on bin 25 (1 kHz) through the periodic Hann window: (N/4)^2 there, (N/8)^2 beside it', () => {
    const frame = Float64Array.from({ length: N_FFT }, (_, n) => Math.cos((2 * Math.PI * 25 * n) / N_FFT));
    const power = powerSpectrum(frame);
    expect(power[25]).toBeCloseTo((N_FFT / 4) ** 2, 6);
    expect(power[24]).toBeCloseTo((N_FFT / 8) ** 2, 6);
    expect(power[26]).toBeCloseTo((N_FFT / 8) ** 2, 6);
    expect(power[30]).toBeLessThan(1e-12);
  });

  it('silence: every value is (log10(1e-10) + 4) / 4 = -1.5', () => {
    const features = logMelSpectrogram(new Float32Array(16_000));
    expect(features).toHaveLength(80 * FRAMES);
    expect(new Set(features)).toEqual(new Set([-1.5]));
  });

  it('a 1 kHz tone: its mel bin holds the derived maximum, and the rest is held 8 (log10) below it', () => {
    const bank = melFilterBank(80);
    const features = logMelSpectrogram(tone(1000, 1));
    let max = -Infinity;
    let at = 0;
    features.forEach((v, i) => {
      if (v > max) [max, at] = [v, i];
    });
    const bin = Math.floor(at / FRAMES);
    expect(bin).toBe(bank.map((f) => f[25]!).indexOf(Math.max(...bank.map((f) => f[25]!))));
    // Inside the tone each frame's spectrum is 10000 on bin 25 and 2500 on 24 and 26 (see above).
    const energy = 10_000 * bank[bin]![25]! + 2_500 * (bank[bin]![24]! + bank[bin]![26]!);
    expect(max).toBeCloseTo((Math.log10(energy) + 4) / 4, 4);
    // Frames after the tone are silent: clamped to max - 8 in log10, i.e. max - 2 after scaling.
    expect(features[bin * FRAMES + 2000]).toBeCloseTo(max - 2, 5);
    expect(features.reduce((a, b) => Math.min(a, b))).toBeCloseTo(max - 2, 5);
    // Four times the power (twice the amplitude) raises the log10 by log10(4), i.e. a quarter of it after scaling.
    const louder = logMelSpectrogram(tone(1000, 1, 2));
    expect(louder[at]).toBeCloseTo(max + Math.log10(4) / 4, 4);
  });

  it('longer than 30 s: cut to the window', () => {
    expect(logMelSpectrogram(tone(440, 31))).toHaveLength(80 * FRAMES);
  });
});
