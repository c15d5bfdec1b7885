import { z } from 'zod';
import { FIELD_ERRORS } from './api/errors.ts';

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
 * `missing` is the message when the field is absent or not a string.
 */
export const safeText = (missing?: string) =>
  z.string(missing ? { error: missing } : undefined).refine(isSafeText, FIELD_ERRORS.invalid_text);
