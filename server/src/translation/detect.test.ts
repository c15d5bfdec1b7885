import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, type LanguageCode } from '@parley/common';
import { detectLanguage } from './detect.ts';
import { detectionSamples } from './testing/corpus.ts';

describe('detectLanguage', () => {
  it.each([
    ['Hello, how are you doing today?', 'en'],
    ['Hola, ¿cómo estás hoy?', 'es'],
    ["Bonjour, comment allez-vous aujourd'hui ?", 'fr'],
    ['Guten Morgen, wie geht es dir heute?', 'de'],
    ['Ciao, come stai oggi?', 'it'],
    ['Olá, como você está hoje?', 'pt'],
    ['Goedemorgen, hoe gaat het met je vandaag?', 'nl'],
    ['Привет, как дела?', 'ru'],
    ['Привіт, як справи?', 'uk'],
    ['你好，你今天怎么样？', 'zh'],
    ['こんにちは、お元気ですか？', 'ja'],
    ['안녕하세요, 오늘 어떠세요?', 'ko'],
    ['مرحبا، كيف حالك اليوم؟', 'ar'],
    ['नमस्ते, आप आज कैसे हैं?', 'hi'],
    ['สวัสดีครับ วันนี้เป็นอย่างไรบ้าง', 'th'],
    ['Xin chào, hôm nay bạn thế nào?', 'vi'],
    ['Merhaba, bugün nasılsın?', 'tr'],
    ['Cześć, jak się dzisiaj masz?', 'pl'],
    ['Hej, hur mår du idag?', 'sv'],
    ['Bună ziua, ce mai faci astăzi?', 'ro'],
  ])('recognises %s as %s', (text, language) => {
    expect(detectLanguage(text).language).toBe(language);
  });

  it.each([
    ['I love you', 'en'], ['Te quiero', 'es'], ["Je t'aime", 'fr'], ['Ich liebe dich', 'de'], ['Ti amo', 'it'], ['Eu te amo', 'pt'],
    ['Ik hou van jou', 'nl'], ['Jag älskar dig', 'sv'], ['Te iubesc', 'ro'], ['Seni seviyorum', 'tr'], ['Kocham cię', 'pl'],
    ['merci beaucoup', 'fr'], ['thanks', 'en'], ['Доброе утро', 'ru'], ['Добрий ранок', 'uk'],
  ])('recognises the short message %s as %s', (text, language) => {
    expect(detectLanguage(text).language).toBe(language);
  });

  it('recognises longer paragraphs by trigrams, whatever the prior', () => {
    expect(detectLanguage('La reunión está programada para mañana por la mañana a las nueve en la sala principal.', { prior: 'en' }).language).toBe('es');
    expect(detectLanguage('Die Besprechung ist für morgen früh um neun Uhr im großen Konferenzraum geplant.', { prior: 'nl' })).toMatchObject({
      language: 'de', method: 'trigram',
    });
  });

  it("uses the prior (the sender's profile language) for short or ambiguous text", () => {
    expect(detectLanguage('ok', { prior: 'es' }).language).toBe('es');
    expect(detectLanguage('ok', { prior: 'de' }).language).toBe('de');
    expect(detectLanguage('no', { prior: 'it' }).language).toBe('it'); // 'no' is Spanish and Italian
    expect(detectLanguage('no', { prior: 'es' }).language).toBe('es');
  });

  it('falls back to the prior, then English, when there are no letters', () => {
    expect(detectLanguage('👍 123')).toEqual({ language: 'en', confidence: 0, method: 'default' });
    expect(detectLanguage('!!!', { prior: 'fr' }).language).toBe('fr');
  });

  it('answers only with supported languages', () => {
    // Catalan and Esperanto are not among the 20: the nearest supported language is named instead.
    const supported = new Set(['en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'ru', 'zh', 'ja', 'ko', 'ar', 'hi', 'th', 'vi', 'tr', 'pl', 'sv', 'ro', 'uk']);
    for (const text of ['Bon dia, com estàs avui?', 'Saluton, kiel vi fartas hodiaŭ?', 'Mirëdita, si jeni?']) {
      expect(supported.has(detectLanguage(text).language)).toBe(true);
    }
  });
});

describe('detection limited to candidates', () => {
  it('prefers the chosen pair for short Latin text', () => {
    expect(detectLanguage('SALIDA DE EMERGENCIA Prohibido fumar', { prior: 'en', candidates: ['en', 'es'] }).language).toBe('es');
    expect(detectLanguage('Prohibido fumar', { prior: 'en', candidates: ['en', 'es'] }).language).toBe('es');
  });

  it('ignores candidates that do not write the text\'s script', () => {
    expect(detectLanguage('Где находится вокзал?', { prior: 'en', candidates: ['en', 'es'] }).language).toBe('ru');
  });
});

describe("detection with the sender's language (bench/corpus: 210 texts x 20 languages)", () => {
  const SCRIPT: Partial<Record<LanguageCode, string>> = { ru: 'cyr', uk: 'cyr', zh: 'cjk', ja: 'cjk', ko: 'ko', ar: 'ar', hi: 'hi', th: 'th' };
  const script = (l: LanguageCode) => SCRIPT[l] ?? 'latin';

  it("keeps the sender's own language for at least 99.5% of their messages, of every length", () => {
    let kept = 0;
    let total = 0;
    const wrong: string[] = [];
    for (const language of LANGUAGE_CODES) {
      const samples = detectionSamples(language);
      const own = samples.filter((s) => detectLanguage(s.text, { sender: language }).language === language).length;
      if (own / samples.length < 0.985) wrong.push(`${language}: ${own}/${samples.length}`);
      kept += own;
      total += samples.length;
    }
    expect(wrong).toEqual([]);
    expect(kept / total).toBeGreaterThanOrEqual(0.995);
  });

  it('still recognises a message in another script, whatever the profile says', () => {
    let other = 0;
    let total = 0;
    for (const language of LANGUAGE_CODES) {
      for (const sample of detectionSamples(language)) {
        // One sender per other script keeps the run short.
        for (const sender of (['en', 'ru', 'ja', 'ko', 'ar', 'hi', 'th'] as const).filter((l) => script(l) !== script(language))) {
          const detected = detectLanguage(sample.text, { sender }).language;
          expect(script(detected)).toBe(script(language));
          total += 1;
          other += Number(detected === language);
        }
      }
    }
    expect(other / total).toBeGreaterThanOrEqual(0.96);
  });

  it('still recognises a long sentence in another language of the same script', () => {
    let right = 0;
    let total = 0;
    for (const language of LANGUAGE_CODES) {
      const long = detectionSamples(language).filter((s) => s.kind === 'sentence');
      for (const sender of LANGUAGE_CODES.filter((l) => l !== language && script(l) === script(language))) {
        for (const sample of long) {
          total += 1;
          right += Number(detectLanguage(sample.text, { sender }).language === language);
        }
      }
    }
    expect(total).toBeGreaterThan(5_000);
    expect(right / total).toBeGreaterThanOrEqual(0.95); // measured 96.6% (docs/PERFORMANCE.md)
  });

  it('does not take English for Swedish (issue 10: "Message 5 from sender 1: ...")', () => {
    for (let i = 0; i < 50; i += 1) {
      const text = `Message ${i} from sender ${i % 7}: My sister lives in a small village near the mountains.`;
      expect(detectLanguage(text, { sender: 'en' }).language).toBe('en');
    }
    expect(detectLanguage('Zorblat!', { sender: 'en' }).language).toBe('en');
    expect(detectLanguage('ok', { sender: 'de' }).language).toBe('de');
  });
});
