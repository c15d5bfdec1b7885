import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserLanguage, interfaceLanguage, storeLanguage } from './userLanguage.ts';

const browserAsks = (languages: string[], language = languages[0] ?? '') => {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(language);
};

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('browserLanguage', () => {
  it('takes the first of the browser\'s languages that is one of the 20, by its primary subtag', () => {
    browserAsks(['sw-KE', 'sw', 'pt-BR', 'es']);
    expect(browserLanguage()).toBe('pt');
    browserAsks(['zh-Hans-CN']);
    expect(browserLanguage()).toBe('zh');
    browserAsks(['UK_ua']);
    expect(browserLanguage()).toBe('uk');
  });

  it('falls back to navigator.language, and is undefined when the browser asks for none of the 20', () => {
    browserAsks([], 'ja-JP');
    expect(browserLanguage()).toBe('ja');
    browserAsks(['sw-KE', 'nb-NO', '']);
    expect(browserLanguage()).toBeUndefined();
  });
});

describe('interfaceLanguage', () => {
  it('is the stored choice, else the browser\'s language, else English', () => {
    browserAsks(['sw-KE']);
    expect(interfaceLanguage()).toBe('en');
    browserAsks(['ko-KR', 'en']);
    expect(interfaceLanguage()).toBe('ko');
    storeLanguage('fr');
    expect(interfaceLanguage()).toBe('fr');
  });
});
