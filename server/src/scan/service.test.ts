import { NO_TEXT_MESSAGE, ANALYZE_FAILED_MESSAGE, type LanguageCode } from '@parley/common';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.ts';
import { TesseractEngine } from './ocr/tesseract.ts';
import { type OcrEngine } from './ocr/types.ts';
import { EngineError } from '../platform/errors.ts';
import { createScanService, TRANSLATION_FAILED_MESSAGE } from './service.ts';
import { ApertiumCliTranslator } from '../translation/testing/apertiumCli.ts';
import { characterErrorRate } from './testing/cer.ts';
import { renderLabel, renderPhoto } from './testing/render.ts';
import { SAMPLES } from './testing/samples.ts';
import type { TextTranslator } from '../translation/textTranslator.ts';

const real = createScanService({ ocrEngines: [new TesseractEngine()], translator: new ApertiumCliTranslator() });

describe('smartImageTranslate with Tesseract and Apertium', () => {
  const translated: Array<[keyof typeof SAMPLES, LanguageCode, string, RegExp[]]> = [
    ['es', 'en', 'Spanish → English', [/library/i, /closed/i, /Sundays/i]],
    ['en', 'es', 'English → Spanish', [/Bienvenido/, /museo/]],
    ['fr', 'es', 'French → Spanish', [/museo/, /abierto/, /Gracias/]],
    ['uk', 'ru', 'Ukrainian → Russian', [/Библиотека/, /ежедневно/]],
  ];
  it.each(translated)('reads a %s photo and translates it into %s', async (key, primary, direction, expected) => {
    const sample = SAMPLES[key];
    const image = await renderPhoto(sample.text, 1200, 900, { font: sample.font });
    const result = await real.smartImageTranslate({ image, primaryLanguage: primary, secondaryLanguage: sample.language });
    expect(result).toMatchObject({ success: true, error: null, detectedLanguage: sample.language, translationDirection: direction });
    expect(characterErrorRate(sample.text, result.extractedText)).toBeLessThan(0.1);
    for (const pattern of expected) expect(result.translatedText).toMatch(pattern);
    expect(result.translationError).toBeUndefined();
    expect([result.ocrEngine, result.translationEngine]).toEqual(['tesseract', 'apertium']);
  });

  const untranslatable: Array<[keyof typeof SAMPLES, string]> = [
    ['de', 'German → English'],
    ['ru', 'Russian → English'],
    ['zh', 'Chinese → English'],
    ['ja', 'Japanese → English'],
    ['ar', 'Arabic → English'],
  ];
  it.each(untranslatable)('reads a %s sign and keeps the original where no offline engine serves the pair', async (key, direction) => {
    const sample = SAMPLES[key];
    const image = await renderLabel(sample.text, { font: sample.font });
    const result = await real.smartImageTranslate({ image, primaryLanguage: 'en', secondaryLanguage: sample.language });
    expect(result).toMatchObject({ success: true, detectedLanguage: sample.language, translationDirection: direction });
    expect(characterErrorRate(sample.text, result.extractedText)).toBeLessThan(0.1);
    expect(result.translatedText).toBe(result.extractedText);
    expect(result.translationError).toMatch(/No translation available|returned nothing/);
  });

  it('reads a photo stored sideways with EXIF orientation 6', async () => {
    const upright = await renderPhoto(SAMPLES.es.text, 1200, 900);
    const sideways = await sharp(upright).rotate(-90).withMetadata({ orientation: 6 }).jpeg({ quality: 85 }).toBuffer();
    const result = await real.smartImageTranslate({ image: sideways, primaryLanguage: 'en', secondaryLanguage: 'es' });
    expect(result.success).toBe(true);
    expect(characterErrorRate(SAMPLES.es.text, result.extractedText)).toBeLessThan(0.1);
    expect(result.translatedText).toMatch(/library/i);
  });

  it('answers success false with the spec message for a blank image', async () => {
    const blank = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#f5f5f0' } }).jpeg().toBuffer();
    const result = await real.smartImageTranslate({ image: blank, primaryLanguage: 'en', secondaryLanguage: 'es' });
    expect(result).toMatchObject({ success: false, error: NO_TEXT_MESSAGE, extractedText: '', translatedText: '' });
  });

  it('refuses a fake image with a 400 before any OCR', async () => {
    const fake = Buffer.from('GIF89a? no, just text pretending\n');
    await expect(real.smartImageTranslate({ image: fake, primaryLanguage: 'en', secondaryLanguage: 'es' })).rejects.toMatchObject({
      status: 400,
      code: 'invalid_image',
    });
  });
});

/** An engine answering `text`, or failing with `error`, recording the languages it was given. */
function fakeEngine(id: string, outcome: { text: string } | { error: EngineError }) {
  const calls: Array<readonly LanguageCode[]> = [];
  const engine: OcrEngine = {
    id,
    async recognize(_image, languages) {
      calls.push(languages);
      if ('error' in outcome) throw outcome.error;
      return { text: outcome.text, confidence: 0.9 };
    },
    async health() {
      return { live: true };
    },
  };
  return { engine, calls };
}

const echoTranslator = (overrides: Partial<TextTranslator> = {}): TextTranslator => ({
  async translate({ text, source, target }) {
    return { text: `[${source}->${target}] ${text}`, ok: true, engine: 'echo' };
  },
  detect: (text, candidates) => {
    const guess: LanguageCode = /\b(el|la|los)\b/.test(text) ? 'es' : /\b(le|les)\b/.test(text) ? 'fr' : 'en';
    return !candidates || candidates.includes(guess) ? guess : candidates[0];
  },
  ...overrides,
});

describe('smartImageTranslate logic', () => {
  let image: Buffer;
  const png = async () => (image ??= await renderLabel('x'));

  it('sends text in the primary language to the secondary, anything else to the primary', async () => {
    const spanish = fakeEngine('fake', { text: 'el museo' });
    const service = createScanService({ ocrEngines: [spanish.engine], translator: echoTranslator() });
    const toEnglish = await service.smartImageTranslate({ image: await png(), primaryLanguage: 'es', secondaryLanguage: 'en' });
    expect(toEnglish).toMatchObject({ translatedText: '[es->en] el museo', translationDirection: 'Spanish → English', sourceLanguage: 'es', targetLanguage: 'en' });
    const toSpanish = await service.smartImageTranslate({ image: await png(), primaryLanguage: 'en', secondaryLanguage: 'es' });
    expect(toSpanish).toMatchObject({ translatedText: '[es->en] el museo', translationDirection: 'Spanish → English' });
    // Long enough (60+ letters) for the detector to outvote the chosen pair.
    const long = 'le musée est ouvert tous les jours et les amis sont les bienvenus dans le jardin';
    const french = createScanService({ ocrEngines: [fakeEngine('f', { text: long }).engine], translator: echoTranslator() });
    const third = await french.smartImageTranslate({ image: await png(), primaryLanguage: 'en', secondaryLanguage: 'es' });
    expect(third).toMatchObject({ detectedLanguage: 'fr', translationDirection: 'French → English' });
    expect(spanish.calls[0]).toEqual(['es', 'en']);
  });

  it('does not translate when both chosen languages are the same', async () => {
    const service = createScanService({ ocrEngines: [fakeEngine('f', { text: 'hello' }).engine], translator: echoTranslator() });
    const result = await service.smartImageTranslate({ image: await png(), primaryLanguage: 'en', secondaryLanguage: 'en' });
    expect(result).toMatchObject({ success: true, translatedText: 'hello', translationDirection: 'English → English', translationEngine: null });
  });

  it('falls back to the next OCR engine when one fails', async () => {
    const broken = fakeEngine('vision', { error: new EngineError('vision', 'failed', 'HTTP 500') });
    const working = fakeEngine('tesseract', { text: 'the museum' });
    const service = createScanService({ ocrEngines: [broken.engine, working.engine], translator: echoTranslator() });
    const result = await service.smartImageTranslate({ image: await png(), primaryLanguage: 'es', secondaryLanguage: 'en' });
    expect(result).toMatchObject({ success: true, ocrEngine: 'tesseract', extractedText: 'the museum' });
    expect(broken.calls).toHaveLength(1);
  });

  it('answers success false when every engine fails, naming a timeout', async () => {
    const failing = createScanService({
      ocrEngines: [fakeEngine('a', { error: new EngineError('a', 'failed', 'boom') }).engine],
      translator: echoTranslator(),
    });
    expect(await failing.smartImageTranslate({ image: await png(), primaryLanguage: 'en', secondaryLanguage: 'es' })).toMatchObject({
      success: false,
      error: ANALYZE_FAILED_MESSAGE,
    });
    const slow = createScanService({
      ocrEngines: [fakeEngine('a', { error: new EngineError('a', 'timeout', 'slow') }).engine],
      translator: echoTranslator(),
    });
    const result = await slow.smartImageTranslate({ image: await png(), primaryLanguage: 'en', secondaryLanguage: 'es' });
    expect(result.error).toMatch(/took too long/);
  });

  it('treats text without a letter or digit as no text', async () => {
    const service = createScanService({ ocrEngines: [fakeEngine('f', { text: ' .. — ' }).engine], translator: echoTranslator() });
    expect(await service.smartImageTranslate({ image: await png(), primaryLanguage: 'en', secondaryLanguage: 'es' })).toMatchObject({
      success: false,
      error: NO_TEXT_MESSAGE,
      ocrEngine: 'f',
    });
  });

  it('keeps the extracted text when the translator fails or throws', async () => {
    const refusing = echoTranslator({
      translate: async ({ text }) => ({ text, ok: false, engine: null, message: 'No translation available for Spanish → Thai' }),
    });
    const service = createScanService({ ocrEngines: [fakeEngine('f', { text: 'el museo' }).engine], translator: refusing });
    expect(await service.smartImageTranslate({ image: await png(), primaryLanguage: 'th', secondaryLanguage: 'es' })).toMatchObject({
      success: true,
      translatedText: 'el museo',
      translationError: 'No translation available for Spanish → Thai',
    });
    const throwing = echoTranslator({ translate: () => Promise.reject(new Error('pipeline died')) });
    const crashed = createScanService({ ocrEngines: [fakeEngine('f', { text: 'el museo' }).engine], translator: throwing });
    expect(await crashed.smartImageTranslate({ image: await png(), primaryLanguage: 'en', secondaryLanguage: 'es' })).toMatchObject({
      success: true,
      translatedText: 'el museo',
      translationError: TRANSLATION_FAILED_MESSAGE,
    });
  });

  it('refuses the image before OCR runs', async () => {
    const engine = fakeEngine('f', { text: 'never' });
    const service = createScanService({ ocrEngines: [engine.engine], translator: echoTranslator() });
    const err = await service.smartImageTranslate({ image: Buffer.from('plain text'), primaryLanguage: 'en', secondaryLanguage: 'es' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(engine.calls).toHaveLength(0);
  });

  it('reports the health of its engines', async () => {
    const service = createScanService({ ocrEngines: [fakeEngine('f', { text: '' }).engine], translator: echoTranslator() });
    expect(await service.health()).toEqual([{ id: 'f', live: true }]);
  });
});
