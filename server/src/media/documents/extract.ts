import type { DocumentKind, DocumentProblem, LanguageCode } from '@parley/common';
import mammoth from 'mammoth';
import type { OcrEngine } from '../../scan/index.ts';
import { joinLines } from '../service.ts';
import { readZipEntries, zipEntries, ZIP_ENTRY_MAX_BYTES } from './detect.ts';
import { odtParagraphs, odtPageCount } from './odt.ts';
import { pdfPageCount, pdfParagraphs } from './pdf.ts';
import { textParagraphs } from './paragraphs.ts';

/** A document whose text cannot be had: the file still downloads, the reader is told why. */
export class UnreadableDocument extends Error {
  constructor(readonly problem: DocumentProblem, message: string) {
    super(message);
  }
}

export interface ExtractOptions {
  /** Pages read at most (PDF); beyond, the first ones and `truncated`. */
  maxPages: number;
  /** OCR for PDF pages without a text layer (Scan's engines, tried in order). */
  ocrEngines: readonly OcrEngine[];
  /** The languages OCR looks for (the sender's and the room's). */
  languages: LanguageCode[];
  signal: AbortSignal;
}

export interface Extracted {
  paragraphs: string[];
  pages: number | null;
  /** Pages beyond maxPages were not read. */
  truncated: boolean;
}

/** The raw paragraphs of a document (limits on characters are applied by the caller). */
export async function extractDocument(kind: DocumentKind, bytes: Buffer, options: ExtractOptions): Promise<Extracted> {
  switch (kind) {
    case 'pdf':
      return pdfParagraphs(bytes, options);
    case 'docx':
      return { paragraphs: await docxParagraphs(bytes), pages: docxPageCount(bytes), truncated: false };
    case 'odt':
      return { paragraphs: odtParagraphs(bytes), pages: odtPageCount(bytes), truncated: false };
    case 'txt':
    case 'md':
      return { paragraphs: textParagraphs(new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '')), pages: null, truncated: false };
  }
}

/** Pages as the file says, read quickly at upload for the card (no text extraction). Throws UnreadableDocument. */
export async function countPages(kind: DocumentKind, bytes: Buffer): Promise<number | null> {
  if (kind === 'pdf') return pdfPageCount(bytes);
  if (kind === 'docx') return docxPageCount(bytes);
  if (kind === 'odt') return odtPageCount(bytes);
  return null;
}

async function docxParagraphs(bytes: Buffer): Promise<string[]> {
  // mammoth inflates with JSZip, which has no size limit: the sizes the zip's directory declares are checked first.
  try {
    const declared = [...(zipEntries(bytes)?.values() ?? [])].reduce((a, b) => a + b, 0);
    if (declared > 2 * ZIP_ENTRY_MAX_BYTES) throw new Error('too large');
    readZipEntries(bytes, ['word/document.xml']);
  } catch {
    throw new UnreadableDocument('corrupt', `word/document.xml is missing, damaged or larger than ${ZIP_ENTRY_MAX_BYTES} bytes`);
  }
  try {
    const { value } = await mammoth.extractRawText({ buffer: bytes });
    // mammoth ends each paragraph with a blank line; a line break inside one is a single newline.
    return value.split(/\n\s*\n/).map((p) => joinLines(p.trim()));
  } catch (err) {
    throw new UnreadableDocument('corrupt', err instanceof Error ? err.message : 'not a readable DOCX');
  }
}

/** docProps/app.xml's <Pages> (what Word counted when it saved), or null. */
function docxPageCount(bytes: Buffer): number | null {
  try {
    const app = readZipEntries(bytes, ['docProps/app.xml'])['docProps/app.xml'];
    const pages = app ? /<Pages>(\d+)<\/Pages>/.exec(new TextDecoder().decode(app))?.[1] : undefined;
    return pages ? Number(pages) : null;
  } catch {
    return null;
  }
}
