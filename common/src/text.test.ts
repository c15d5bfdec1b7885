import { describe, expect, it } from 'vitest';
import { ERROR_CODES, FIELD_ERRORS, fieldErrorCode } from './api/errors.ts';
import { SPEECH_MAX_CHARS } from './api/speech.ts';
import { UI_STRINGS_LIMITS } from './api/translation.ts';
import { isSafeText, safeText } from './text.ts';

describe('safe text', () => {
  it('refuses NUL and unpaired surrogates, accepts everything else', () => {
    expect(isSafeText('a\u0000b')).toBe(false);
    expect(isSafeText('a\ud800b')).toBe(false);
    expect(isSafeText('a\udfffb')).toBe(false);
    expect(isSafeText('\ud800')).toBe(false);
    expect(isSafeText('Olá 👋 \ufffd 日本語 \u0001')).toBe(true);
    expect(isSafeText('')).toBe(true);
  });

  it('fails with the invalid_text message, which maps to its code', () => {
    const result = safeText().safeParse('x\u0000');
    expect(result.error?.issues[0]?.message).toBe(FIELD_ERRORS.invalid_text);
    expect(fieldErrorCode(FIELD_ERRORS.invalid_text)).toBe('invalid_text');
  });
});

describe('field error codes', () => {
  it('has one distinct message per code, each a published error code', () => {
    const messages = Object.values(FIELD_ERRORS);
    expect(new Set(messages).size).toBe(messages.length);
    for (const code of Object.keys(FIELD_ERRORS)) expect(ERROR_CODES).toContain(code);
    expect(fieldErrorCode('something else')).toBe('invalid_request');
    // Messages that state a limit state the real one.
    expect(FIELD_ERRORS.speech_too_long).toContain(String(SPEECH_MAX_CHARS));
    expect(FIELD_ERRORS.too_many_strings).toContain(String(UI_STRINGS_LIMITS.maxEntries));
    expect(FIELD_ERRORS.string_too_long).toContain(String(UI_STRINGS_LIMITS.maxChars));
  });
});
