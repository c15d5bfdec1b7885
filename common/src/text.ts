import { z } from 'zod';
import { fieldError, type FieldErrorCode } from './api/errors.ts';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text PostgreSQL can store as it was sent: no NUL (refused by the database, a 500 before) and no
 * unpaired UTF-16 surrogate (silently turned into U+FFFD by the UTF-8 encoder). Invalid UTF-8
 * bytes in a JSON body are turned into unpaired surrogates by the server's body parser, so they
 * fail here too, naming the field.
 */
export function isSafeText(text: string): boolean {
  return !text.includes('\0') && !LONE_SURROGATE.test(text);
}

/**
 * A string field of any request: every text field of the API is built on this.
 * `missing` is the code (and its message) when the field is absent or not a string.
 */
export const safeText = (missing?: FieldErrorCode) =>
  z.string(missing ? fieldError(missing) : undefined).refine(isSafeText, fieldError('invalid_text'));

/**
 * C0/C1 controls (tab and line breaks aside, when `lines` allows them), bidi embedding/override/isolate
 * marks (they reorder what a reader sees: "Trojan source") and private-use characters (the glossary's
 * protected-term marks are private-use: a stored one would be taken for a mark).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const HIDDEN_ONE_LINE = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uE000-\uF8FF\u{F0000}-\u{FFFFD}\u{100000}-\u{10FFFD}]/u;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const HIDDEN_MULTI_LINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uE000-\uF8FF\u{F0000}-\u{FFFFD}\u{100000}-\u{10FFFD}]/u;

/** True when the text has no control, bidi-override or private-use character (line breaks and tabs allowed with `lines`). */
export function isPlainText(text: string, options: { lines?: boolean } = {}): boolean {
  return !(options.lines ? HIDDEN_MULTI_LINE : HIDDEN_ONE_LINE).test(text);
}

/**
 * safeText() that also refuses characters a reader cannot see or that would pass for Parley's own marks
 * (`invalid_characters`): glossary phrases and corrected translations, text other people's translations
 * are built from. NUL and unpaired surrogates stay `invalid_text`.
 */
export const plainText = (options: { lines?: boolean } = {}) =>
  safeText().refine((text) => !isSafeText(text) || isPlainText(text, options), fieldError('invalid_characters'));
