import { DOCUMENT_LIMITS, type DocumentKind } from '@parley/common';
import { unzipSync } from 'fflate';

/** What a file is, decided by its bytes (never by its name alone), and the Content-Type it may be served with. */
export interface DetectedFile {
  /** A document whose text Parley reads, or null: a plain download. */
  document: DocumentKind | null;
  /** Served with `Content-Disposition: attachment` and nosniff; anything that could render as HTML/SVG/XML is octet-stream. */
  contentType: string;
}

export const OCTET_STREAM = 'application/octet-stream';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const ODT_TYPE = 'application/vnd.oasis.opendocument.text';

/** Largest uncompressed entry read from a DOCX or ODT (a zip bomb stops here). */
export const ZIP_ENTRY_MAX_BYTES = 50 * 1024 * 1024;

const starts = (bytes: Buffer, magic: number[], at = 0) => magic.every((b, i) => bytes[at + i] === b);

/** Images and archives keep a type that never renders as a page; the rest is octet-stream. */
const SAFE_BY_MAGIC: { type: string; test: (b: Buffer) => boolean }[] = [
  { type: 'image/png', test: (b) => starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: 'image/jpeg', test: (b) => starts(b, [0xff, 0xd8, 0xff]) },
  { type: 'image/gif', test: (b) => starts(b, [0x47, 0x49, 0x46, 0x38]) },
  { type: 'image/webp', test: (b) => starts(b, [0x52, 0x49, 0x46, 0x46]) && starts(b, [0x57, 0x45, 0x42, 0x50], 8) },
  { type: 'application/zip', test: (b) => starts(b, [0x50, 0x4b, 0x03, 0x04]) },
];

/** A PDF starts with %PDF- within its first kilobyte (readers allow leading junk). */
function isPdf(bytes: Buffer): boolean {
  return bytes.subarray(0, 1024).includes('%PDF-');
}

/** The names of a zip's entries and their sizes as its directory says (no inflating: fflate's filter keeps none). */
export function zipEntries(bytes: Buffer): Map<string, number> | null {
  const names = new Map<string, number>();
  try {
    unzipSync(bytes, { filter: (f) => (names.set(f.name, f.originalSize), false) });
    return names;
  } catch {
    return null;
  }
}

/** Read the named entries of a zip (each at most ZIP_ENTRY_MAX_BYTES uncompressed). */
export function readZipEntries(bytes: Buffer, wanted: readonly string[]): Record<string, Uint8Array> {
  return unzipSync(bytes, {
    filter: (f) => {
      if (!wanted.includes(f.name)) return false;
      if (f.originalSize > ZIP_ENTRY_MAX_BYTES) throw new Error('zip entry too large');
      return true;
    },
  });
}

/** Text a reader may see as text: valid UTF-8, no NUL, and not markup that a browser would render. */
function plainUtf8(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    // stream: a character cut at the end of the first 64 KB is not an error of the file.
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, 64 * 1024), { stream: bytes.length > 64 * 1024 });
    return !/^\uFEFF?\s*</.test(text);
  } catch {
    return false;
  }
}

/**
 * The bytes decide: %PDF- is a PDF; a zip with word/document.xml a DOCX; a zip whose `mimetype` entry names ODF text an
 * ODT; a .txt or .md name is text only when the bytes are UTF-8 text that does not start like markup. Anything else
 * (a .pdf that is HTML included) is a plain download, served as application/octet-stream unless it is an image or a zip.
 */
export function detectFile(bytes: Buffer, name: string): DetectedFile {
  if (isPdf(bytes)) return { document: 'pdf', contentType: 'application/pdf' };
  if (starts(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    const entries = zipEntries(bytes);
    if (entries?.has('word/document.xml')) return { document: 'docx', contentType: DOCX_TYPE };
    if (entries?.has('content.xml') && entries.has('mimetype')) {
      try {
        const mime = new TextDecoder().decode(readZipEntries(bytes, ['mimetype']).mimetype);
        if (mime.trim() === ODT_TYPE) return { document: 'odt', contentType: ODT_TYPE };
      } catch {
        // Not readable: a plain zip download.
      }
    }
    return { document: null, contentType: 'application/zip' };
  }
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if ((ext === 'txt' || ext === 'md' || ext === 'markdown') && plainUtf8(bytes)) {
    return { document: ext === 'txt' ? 'txt' : 'md', contentType: 'text/plain; charset=utf-8' };
  }
  return { document: null, contentType: SAFE_BY_MAGIC.find((m) => m.test(bytes))?.type ?? OCTET_STREAM };
}

// eslint-disable-next-line no-control-regex -- control characters are what is removed
const UNSAFE_IN_NAME = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u200E\u200F\uE000-\uF8FF/\\:*?"<>|]/gu;

/**
 * A file name fit to show and to put in a header: no folders, no control, bidi or private-use characters, no
 * characters Windows refuses; at most DOCUMENT_LIMITS.nameMaxChars (the extension kept); never empty.
 */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  let name = base.normalize('NFC').replace(UNSAFE_IN_NAME, '_').replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  const chars = [...name];
  if (chars.length > DOCUMENT_LIMITS.nameMaxChars) {
    const ext = /\.[^.]{1,10}$/.exec(name)?.[0] ?? '';
    name = chars.slice(0, DOCUMENT_LIMITS.nameMaxChars - ext.length).join('') + ext;
  }
  return name || 'file';
}
