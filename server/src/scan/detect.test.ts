import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '@parley/common';
import { detectAmong } from '../translation/textTranslator.ts';
import { detectScanLanguage, type Detect } from './detect.ts';
import { planPasses } from './ocr/tesseract.ts';
import { dominantScript } from './ocr/scripts.ts';
import { ApertiumCliTranslator } from '../translation/testing/apertiumCli.ts';

/** A detector that always answers `answer` when it is among the candidates, and records what it was asked. */
function fixedDetector(answer: LanguageCode | undefined) {
  const calls: Array<readonly LanguageCode[] | undefined> = [];
  const detect: Detect = (_text, candidates) => {
    calls.push(candidates);
    return answer && (!candidates || candidates.includes(answer)) ? answer : undefined;
  };
  return { detect, calls };
}

describe('dominantScript', () => {
  it('names the script most letters are in; kana makes kanji Japanese', () => {
    expect(dominantScript('Добро пожаловать, Ivan')).toBe('Cyrillic');
    expect(dominantScript('欢迎来到北京')).toBe('Han');
    expect(dominantScript('東京駅へようこそ')).toBe('Japanese');
    expect(dominantScript('مرحبا بكم')).toBe('Arabic');
    expect(dominantScript('नमस्ते')).toBe('Devanagari');
    expect(dominantScript('สวัสดี')).toBe('Thai');
    expect(dominantScript('안녕하세요')).toBe('Hangul');
    expect(dominantScript('12 345 !')).toBeUndefined();
  });
});

describe('detectScanLanguage', () => {
  it('decides by script where one language writes it, whatever the detector says', () => {
    const { detect, calls } = fixedDetector('en');
    expect(detectScanLanguage('欢迎来到北京火车站', ['en', 'es'], detect)).toBe('zh');
    expect(detectScanLanguage('東京駅へようこそ', ['en', 'es'], detect)).toBe('ja');
    expect(detectScanLanguage('مرحبا بكم في المدينة', ['en', 'es'], detect)).toBe('ar');
    expect(calls).toHaveLength(0);
  });

  it('takes kanji-only text as Japanese for a user who chose Japanese', () => {
    expect(detectScanLanguage('出口', ['en', 'ja'], fixedDetector(undefined).detect)).toBe('ja');
    expect(detectScanLanguage('出口', ['en', 'zh'], fixedDetector(undefined).detect)).toBe('zh');
  });

  it('tells Ukrainian from Russian by the letters only one of them writes', () => {
    const { detect, calls } = fixedDetector('ru');
    expect(detectScanLanguage('Ласкаво просимо до нашого міста', ['en', 'ru'], detect)).toBe('uk');
    expect(detectScanLanguage('Музей открыт. Выход справа', ['en', 'uk'], detect)).toBe('ru');
    expect(calls).toHaveLength(0);
  });

  it('asks the detector among the languages of the script', () => {
    const { detect, calls } = fixedDetector('uk');
    expect(detectScanLanguage('Добро пожаловать', ['uk', 'es'], detect)).toBe('uk');
    expect(calls[0]).toEqual(['ru', 'uk']);
  });

  it('prefers the chosen language of the script for short text the detector places elsewhere', () => {
    // franc-min calls 'Salida de emergencia' Portuguese; for a Spanish/English user it is Spanish.
    const preference: LanguageCode[] = ['pt', 'es', 'en'];
    const detect: Detect = (_text, candidates) => preference.find((c) => !candidates || candidates.includes(c));
    expect(detectScanLanguage('Salida de emergencia', ['en', 'es'], detect)).toBe('es');
    expect(detectScanLanguage('Salida de emergencia', ['es', 'pt'], detect)).toBe('pt');
  });

  it('believes the detector for long text in a language outside the pair', () => {
    const text = 'Der Bahnhof ist heute wegen Bauarbeiten geschlossen. Bitte benutzen Sie den Bus zum Flughafen.';
    expect(detectScanLanguage(text, ['en', 'es'], fixedDetector('de').detect)).toBe('de');
  });

  it('detects the real examples with the franc-based test detector', () => {
    const { detect } = new ApertiumCliTranslator();
    expect(detectScanLanguage('La biblioteca está cerrada los domingos.\nGracias por su visita.', ['en', 'es'], detect)).toBe('es');
    expect(detectScanLanguage('Welcome to the city museum.', ['en', 'es'], detect)).toBe('en');
    expect(detectScanLanguage('Le musée est ouvert tous les jours.\nMerci de votre visite.', ['es', 'fr'], detect)).toBe('fr');
    expect(detectScanLanguage('Добро пожаловать в наш город.', ['uk', 'ru'], detect)).toBe('ru');
  });
});

describe('planPasses', () => {
  it('uses the chosen languages, the non-English Latin one first, English always included', () => {
    expect(planPasses(['en', 'es'], 'Latin')).toEqual([[['spa', 'eng']]]);
    expect(planPasses(['ru', 'fr'], undefined)).toEqual([[['fra', 'rus', 'eng']]]);
    expect(planPasses(['ru', 'fr'], 'Cyrillic')).toEqual([[['rus', 'fra', 'eng']]]);
  });

  it('reads a script neither chosen language writes with its own data first', () => {
    expect(planPasses(['en', 'es'], 'Cyrillic')).toEqual([[['rus', 'ukr', 'eng']], [['spa', 'eng']]]);
    expect(planPasses(['en', 'es'], 'Arabic')).toEqual([[['ara', 'eng']], [['spa', 'eng']]]);
    expect(planPasses(['en', 'ja'], 'Han')).toEqual([[['jpn', 'eng']]]);
  });

  it('compares Simplified and Traditional Chinese readings', () => {
    expect(planPasses(['zh', 'en'], 'Han')).toEqual([[['chi_sim', 'eng'], ['chi_tra', 'eng']]]);
    expect(planPasses(['en', 'es'], 'Han')).toEqual([[['chi_sim', 'eng'], ['chi_tra', 'eng']], [['spa', 'eng']]]);
  });
});

describe("detectScanLanguage with the app's detector", () => {
  it('keeps to the two chosen languages unless the text tells another', () => {
    expect(detectScanLanguage('La biblioteca está cerrada los domingos.', ['en', 'es'], detectAmong)).toBe('es');
    expect(detectScanLanguage('Le musée est ouvert tous les jours.', ['es', 'fr'], detectAmong)).toBe('fr');
  });
});
