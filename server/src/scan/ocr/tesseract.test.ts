import { spawnSync } from 'node:child_process';
import type { LanguageCode } from '@parley/common';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { prepareImage } from '../image.ts';
import { characterErrorRate } from '../testing/cer.ts';
import { FONTS, renderLabel, renderPhoto } from '../testing/render.ts';
import { SAMPLES, type Sample } from '../testing/samples.ts';
import { TesseractEngine } from './tesseract.ts';

const engine = new TesseractEngine();
const signal = () => AbortSignal.timeout(60_000);

async function read(image: Buffer, languages: LanguageCode[]) {
  const { png } = await prepareImage(image);
  return engine.recognize(png, languages, signal());
}

/** The user's pair for each sample: the sign's language as the secondary one. */
const PAIRS: Record<keyof typeof SAMPLES, [LanguageCode, LanguageCode]> = {
  en: ['es', 'en'], es: ['en', 'es'], fr: ['es', 'fr'], de: ['en', 'de'],
  ru: ['uk', 'ru'], uk: ['ru', 'uk'], zh: ['en', 'zh'], ja: ['en', 'ja'], ar: ['en', 'ar'],
};

describe('TesseractEngine (real tesseract, generated images)', () => {
  describe.each(Object.entries(SAMPLES) as Array<[keyof typeof SAMPLES, Sample]>)('%s', (key, sample) => {
    it('reads a label with a character error rate under 10%', async () => {
      const result = await read(await renderLabel(sample.text, { font: sample.font }), PAIRS[key]);
      expect(characterErrorRate(sample.text, result.text)).toBeLessThan(0.1);
      expect(result.confidence).toBeGreaterThan(0.7);
    });

    it('reads a photo-like 1200x900 JPEG (gradient, clutter, noise, turned sign) under 10%', async () => {
      const result = await read(await renderPhoto(sample.text, 1200, 900, { font: sample.font }), PAIRS[key]);
      expect(characterErrorRate(sample.text, result.text)).toBeLessThan(0.1);
    });
  });

  it('detects a script neither chosen language writes (Russian and Arabic signs for an English/Spanish user)', async () => {
    for (const sample of [SAMPLES.ru, SAMPLES.ar, SAMPLES.ja]) {
      const result = await read(await renderPhoto(sample.text, 1200, 900, { font: sample.font }), ['en', 'es']);
      expect(characterErrorRate(sample.text, result.text)).toBeLessThan(0.1);
    }
  });

  it('reads Arabic inside a drawn frame, which the page layout analysis drops (focus pass)', async () => {
    const label = await renderLabel(SAMPLES.ar.text, { font: SAMPLES.ar.font, size: 40 });
    const args = ['png:-', '-bordercolor', 'black', '-border', '3', '-bordercolor', 'white', '-border', '40'];
    const framed = spawnSync('convert', [...args, '-gravity', 'center', '-background', 'white', '-extent', '1200x900', 'png:-'], { input: label });
    expect(framed.status).toBe(0);
    const { png } = await prepareImage(framed.stdout);
    const withoutFocus = await new TesseractEngine({ focus: false }).recognize(png, ['en', 'ar'], signal());
    expect(characterErrorRate(SAMPLES.ar.text, withoutFocus.text)).toBeGreaterThan(0.5);
    const result = await engine.recognize(png, ['en', 'ar'], signal());
    expect(characterErrorRate(SAMPLES.ar.text, result.text)).toBeLessThan(0.1);
  });

  it('reads Traditional Chinese with the alternative data', async () => {
    const text = '歡迎來到台北車站。\n請在這裡等候。';
    const result = await read(await renderLabel(text, { font: 'Noto Sans CJK TC' }), ['en', 'zh']);
    expect(characterErrorRate(text, result.text)).toBeLessThan(0.1);
  });

  it('turns a page that is sideways without EXIF upright (OSD)', async () => {
    const sideways = await sharp(await renderLabel(SAMPLES.es.text, { font: FONTS.latin })).rotate(90).png().toBuffer();
    const result = await read(sideways, ['en', 'es']);
    expect(characterErrorRate(SAMPLES.es.text, result.text)).toBeLessThan(0.1);
  });

  it('reads a small label', async () => {
    const result = await read(await renderLabel('Salida de emergencia', { size: 14, margin: 8 }), ['en', 'es']);
    expect(result.text).toBe('Salida de emergencia');
  });

  it('finds no text on a blank page or on a photo of shapes and noise', async () => {
    const blank = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ffffff' } }).png().toBuffer();
    expect((await read(blank, ['en', 'es'])).text).toBe('');
    const noText = await renderPhoto('', 1200, 900);
    expect((await read(noText, ['en', 'es'])).text).not.toMatch(/\p{L}{3,}/u);
  });

  it('reports itself live with every language of the app', async () => {
    expect(await engine.health()).toEqual({ live: true, detail: 'all 20 languages, with OSD' });
    const missing = new TesseractEngine({ binary: 'no-such-tesseract' });
    expect((await missing.health()).live).toBe(false);
    await expect(missing.recognize(Buffer.alloc(10), ['en'], signal())).rejects.toMatchObject({ name: 'EngineError', code: 'unavailable' });
  });

  it('gives up at the time limit with a timeout error', async () => {
    const slow = new TesseractEngine({ timeoutMs: 1 });
    const { png } = await prepareImage(await renderLabel(SAMPLES.en.text));
    await expect(slow.recognize(png, ['en'], signal())).rejects.toMatchObject({ code: 'timeout' });
  });
});
