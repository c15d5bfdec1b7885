import { isUtf8 } from 'node:buffer';
import querystring from 'node:querystring';
import type { FastifyInstance } from 'fastify';
import { FIELD_ERRORS, isSafeText } from '@parley/common';
import { AppError } from './errors.ts';

/** A lone low surrogate: what an invalid UTF-8 byte becomes, so the field check can name the field. */
const MARK = '\\udfff';

/**
 * JSON bodies are read as bytes and checked for invalid UTF-8 first. The default parser would
 * turn such bytes into U+FFFD and store them silently; here each invalid byte becomes an unpaired
 * surrogate, and the request is refused 400 `invalid_text` naming the field that held it.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    if (isUtf8(body)) return parseJson(request, body.toString('utf8'), done);
    parseJson(request, markInvalidBytes(body), (err, value) => {
      if (err) return done(err, undefined);
      const field = pathOfMark(value, '');
      done(new AppError(400, 'invalid_text', field === undefined ? `Body: ${FIELD_ERRORS.invalid_text}` : `${field || 'body'}: ${FIELD_ERRORS.invalid_text}`), undefined);
    });
  });
}

/** The body as text, each byte that is not part of a valid UTF-8 sequence replaced by the escape of a lone surrogate. */
export function markInvalidBytes(bytes: Buffer): string {
  const parts: string[] = [];
  let start = 0;
  let i = 0;
  while (i < bytes.length) {
    const n = sequenceLength(bytes, i);
    if (n > 0) {
      i += n;
      continue;
    }
    parts.push(bytes.toString('utf8', start, i), MARK);
    i += 1;
    start = i;
  }
  parts.push(bytes.toString('utf8', start));
  return parts.join('');
}

const cont = (b: number | undefined) => b !== undefined && b >= 0x80 && b <= 0xbf;
const within = (b: number | undefined, lo: number, hi: number) => b !== undefined && b >= lo && b <= hi;

/** Length of the valid UTF-8 sequence at i (RFC 3629: no overlongs, no surrogates, at most U+10FFFF), 0 if invalid. */
function sequenceLength(b: Buffer, i: number): number {
  const c = b[i] ?? 0;
  if (c < 0x80) return 1;
  if (c >= 0xc2 && c <= 0xdf) return cont(b[i + 1]) ? 2 : 0;
  if (c >= 0xe0 && c <= 0xef) {
    const ok = within(b[i + 1], c === 0xe0 ? 0xa0 : 0x80, c === 0xed ? 0x9f : 0xbf) && cont(b[i + 2]);
    return ok ? 3 : 0;
  }
  if (c >= 0xf0 && c <= 0xf4) {
    const ok = within(b[i + 1], c === 0xf0 ? 0x90 : 0x80, c === 0xf4 ? 0x8f : 0xbf) && cont(b[i + 2]) && cont(b[i + 3]);
    return ok ? 4 : 0;
  }
  return 0;
}

/** Dotted path of the first string (value or key) that is not safe text (holds a mark); undefined when none. */
function pathOfMark(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return isSafeText(value) ? undefined : path;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (!isSafeText(key)) return path;
    const childPath = path ? `${path}.${key}` : key;
    const found = pathOfMark(child, childPath);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Query strings decoded strictly: a percent-encoded sequence that is not UTF-8 (%FF, an encoded
 * surrogate) becomes an unpaired surrogate, so the field check refuses it 400 naming the field
 * (the default parser would keep or replace it silently). Repeated keys become arrays, as before.
 */
export function parseQueryString(text: string): Record<string, unknown> {
  return { ...querystring.parse(text, '&', '=', { decodeURIComponent: strictDecode }) };
}

function strictDecode(component: string): string {
  try {
    return decodeURIComponent(component);
  } catch {
    return '\udfff';
  }
}
