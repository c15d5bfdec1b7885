import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkError, ERROR_CODES, FIELD_ERRORS, fieldError, issueCode, type FieldErrorCode } from './api/errors.ts';
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

  it('fails with the invalid_text message, its code on the issue', () => {
    const issue = safeText().safeParse('x\u0000').error?.issues[0];
    expect(issue?.message).toBe(FIELD_ERRORS.invalid_text);
    expect(issueCode(issue!)).toBe('invalid_text');
    // A missing field answers the code given for it.
    expect(issueCode(safeText('text_required').safeParse(undefined).error!.issues[0]!)).toBe('text_required');
  });
});

describe('field error codes', () => {
  it('puts the code of each field check on its issue, beside its message', () => {
    for (const code of Object.keys(FIELD_ERRORS) as FieldErrorCode[]) {
      expect(ERROR_CODES).toContain(code);
      for (const schema of [z.string().max(1, fieldError(code)), z.string().refine((s) => s === '', fieldError(code)), z.uuid(fieldError(code))]) {
        const issue = schema.safeParse('xy').error!.issues[0]!;
        expect(issue.message).toBe(FIELD_ERRORS[code]);
        expect(issueCode(issue), code).toBe(code);
      }
    }
    // Nested in a union's branches, the code stays on the branch's issue.
    const union = z.union([z.string().length(5), z.string().max(1, checkError('not_found', 'Conversation not found'))]).safeParse('xy').error!.issues[0]!;
    expect((union as { errors: object[][] }).errors.flat().map(issueCode)).toContain('not_found');
    // Checks written without a code have none (the server answers invalid_request).
    expect(issueCode(z.string().max(1, 'Too long').safeParse('xy').error!.issues[0]!)).toBeUndefined();
    expect(issueCode(z.string().safeParse(1).error!.issues[0]!)).toBeUndefined();
    // Messages that state a limit state the real one.
    expect(FIELD_ERRORS.speech_too_long).toContain(String(SPEECH_MAX_CHARS));
    expect(FIELD_ERRORS.too_many_strings).toContain(String(UI_STRINGS_LIMITS.maxEntries));
    expect(FIELD_ERRORS.string_too_long).toContain(String(UI_STRINGS_LIMITS.maxChars));
  });
});
