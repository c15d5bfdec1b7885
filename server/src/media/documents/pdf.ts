import type { ExtractOptions, Extracted } from './extract.ts';
import { UnreadableDocument } from './extract.ts';
import { joinLines } from '../service.ts';
import { textParagraphs } from './paragraphs.ts';
import { pdfPool, PdfReaderCrashed, PdfRefused, type PdfJob, type PdfAnswer } from './pdfPool.ts';

/** A page with fewer letters or digits than this in its text layer is a scan: it goes to OCR. */
const SCANNED_BELOW = 16;

/**
 * pdfjs runs on the PDF reader thread (pdfPool.ts), never on the server's event loop. The file's own problems
 * (encrypted, corrupt) and a thread that died on it (`failed`: the file is what stopped it, so trying again would too)
 * are UnreadableDocument; a timeout or abort stays an ordinary error (the job may try again).
 */
async function onReader(job: PdfJob, signal?: AbortSignal): Promise<PdfAnswer> {
  try {
    return await pdfPool().run(job, signal);
  } catch (err) {
    if (err instanceof PdfRefused) throw new UnreadableDocument(err.problem, err.message);
    if (err instanceof PdfReaderCrashed) throw new UnreadableDocument('failed', err.message);
    throw err;
  }
}

export async function pdfPageCount(bytes: Buffer): Promise<number> {
  return (await onReader({ type: 'count', bytes }, AbortSignal.timeout(60_000))).pages;
}

const paragraphsOf = (text: string) => textParagraphs(text).map((p) => joinLines(p.trim()));

/**
 * The text of the first `maxPages` pages: each page's text layer, or, for a page without one (a scan), OCR of the page
 * rendered at about 200 dpi by the reader thread. Encrypted, broken and reader-crashing files throw UnreadableDocument.
 */
export async function pdfParagraphs(bytes: Buffer, options: ExtractOptions): Promise<Extracted> {
  const read = await onReader({ type: 'read', bytes, maxPages: options.maxPages, renderBelow: options.ocrEngines.length ? SCANNED_BELOW : null }, options.signal);
  const paragraphs: string[] = [];
  for (const [n, text] of (read.texts ?? []).entries()) {
    options.signal.throwIfAborted();
    let found = paragraphsOf(text);
    const image = read.images?.[n];
    if (image) {
      const ocr = await ocrPage(Buffer.from(image.buffer, image.byteOffset, image.byteLength), options);
      if (ocr.length) found = ocr;
    }
    paragraphs.push(...found);
  }
  return { paragraphs, pages: read.pages, truncated: read.pages > (read.texts?.length ?? 0) };
}

async function ocrPage(png: Buffer, options: ExtractOptions): Promise<string[]> {
  for (const engine of options.ocrEngines) {
    try {
      const { text } = await engine.recognize(png, options.languages, options.signal);
      return paragraphsOf(text);
    } catch {
      if (options.signal.aborted) break;
    }
  }
  return [];
}
