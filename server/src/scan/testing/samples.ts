import type { LanguageCode } from '@parley/common';
import { FONTS } from './render.ts';

export interface Sample {
  language: LanguageCode;
  text: string;
  font: string;
}

/** Sign texts of the OCR tests and the benchmark, one per language of the evidence list. */
export const SAMPLES = {
  en: { language: 'en', text: "Welcome to the city museum.\nThe exhibition opens at nine o'clock.", font: FONTS.latin },
  es: { language: 'es', text: 'La biblioteca está cerrada los domingos.\nGracias por su visita.', font: FONTS.latin },
  fr: { language: 'fr', text: 'Le musée est ouvert tous les jours.\nMerci de votre visite.', font: FONTS.latin },
  de: { language: 'de', text: 'Der Bahnhof ist heute geschlossen.\nBitte benutzen Sie den Bus.', font: FONTS.latin },
  ru: { language: 'ru', text: 'Добро пожаловать в наш город.\nМузей открыт каждый день.', font: FONTS.cyrillic },
  uk: { language: 'uk', text: 'Бібліотека відкрита щодня.\nДякуємо за візит.', font: FONTS.cyrillic },
  zh: { language: 'zh', text: '欢迎来到北京火车站。\n请在这里等候。', font: FONTS.zh },
  ja: { language: 'ja', text: '東京駅へようこそ。\n出口は右側です。', font: FONTS.ja },
  ar: { language: 'ar', text: 'مرحبا بكم في المدينة\nالمتحف مفتوح كل يوم', font: FONTS.arabic },
} as const satisfies Record<string, Sample>;
