import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ExtractOptions, Extracted } from './extract.ts';
import { UnreadableDocument } from './extract.ts';
import { joinLines } from '../service.ts';
import { textParagraphs } from './paragraphs.ts';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;
type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

let loaded: Promise<PdfJs> | undefined;
/** pdfjs-dist's legacy build (the one made for Node), loaded on first use: its fake worker runs in this process. */
const pdfjs = () => (loaded ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

/** Fonts pdfjs needs for the 14 standard fonts, from the package itself (never fetched from a CDN). */
const standardFontDataUrl = (() => {
  const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  return `${pathToFileURL(path.join(root, 'standard_fonts')).href}/`;
})();

/** A page with fewer letters or digits than this in its text layer is a scan: it goes to OCR. */
const SCANNED_BELOW = 16;
/** Rendering for OCR: about 200 dpi, the longest side at most this many pixels. */
const OCR_SCALE = 200 / 72;
const OCR_MAX_SIDE = 3000;

async function open(bytes: Buffer): Promise<PdfDocument> {
  const { getDocument } = await pdfjs();
  try {
    return await getDocument({
      data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, useSystemFonts: false,
      standardFontDataUrl, verbosity: 0, stopAtErrors: false,
    }).promise;
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name === 'PasswordException') throw new UnreadableDocument('encrypted', 'the PDF is protected by a password');
    throw new UnreadableDocument('corrupt', err instanceof Error ? err.message : 'not a readable PDF');
  }
}

export async function pdfPageCount(bytes: Buffer): Promise<number> {
  const doc = await open(bytes);
  try {
    return doc.numPages;
  } finally {
    await doc.destroy();
  }
}

/** A page's text layer as paragraphs: a line break where pdfjs ends a line, a new paragraph where the gap is wide. */
async function textLayer(page: PdfPage): Promise<string[]> {
  const content = await page.getTextContent();
  let text = '';
  let lastY: number | null = null;
  let lastHeight = 0;
  for (const item of content.items) {
    if (!('str' in item)) continue;
    const y = item.transform[5] ?? 0;
    const height = Math.abs(item.height || item.transform[3] || 10);
    if (lastY !== null && Math.abs(lastY - y) > Math.max(height, lastHeight) * 1.8 && !text.endsWith('\n\n')) text = text.replace(/\n?$/, '\n\n');
    text += item.str;
    if (item.hasEOL) text += '\n';
    if (item.str) {
      lastY = y;
      lastHeight = height;
    }
  }
  return textParagraphs(text).map((p) => joinLines(p.trim()));
}

async function render(doc: PdfDocument, page: PdfPage): Promise<Buffer> {
  const base = page.getViewport({ scale: 1 });
  const scale = Math.min(OCR_SCALE, OCR_MAX_SIDE / Math.max(base.width, base.height));
  const viewport = page.getViewport({ scale });
  // pdfjs's Node canvas factory (@napi-rs/canvas, installed with pdfjs-dist).
  const factory = (doc as unknown as { canvasFactory: { create(w: number, h: number): { canvas: { toBuffer(type: 'image/png'): Buffer }; context: unknown } } }).canvasFactory;
  const { canvas, context } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  await page.render({ canvasContext: context as never, viewport, canvas: canvas as never, background: 'white' }).promise;
  return canvas.toBuffer('image/png');
}

/**
 * The text of the first `maxPages` pages: each page's text layer, or, for a page without one (a scan), OCR of the page
 * rendered at about 200 dpi, page by page. Encrypted and broken files throw UnreadableDocument.
 */
export async function pdfParagraphs(bytes: Buffer, options: ExtractOptions): Promise<Extracted> {
  const doc = await open(bytes);
  try {
    const pages = doc.numPages;
    const read = Math.min(pages, options.maxPages);
    const paragraphs: string[] = [];
    for (let n = 1; n <= read; n += 1) {
      options.signal.throwIfAborted();
      const page = await doc.getPage(n);
      let found = await textLayer(page);
      if (found.join('').replace(/[^\p{L}\p{N}]/gu, '').length < SCANNED_BELOW && options.ocrEngines.length) {
        const ocr = await ocrPage(await render(doc, page), options);
        if (ocr.length) found = ocr;
      }
      page.cleanup();
      paragraphs.push(...found);
    }
    return { paragraphs, pages, truncated: pages > read };
  } finally {
    await doc.destroy();
  }
}

async function ocrPage(png: Buffer, options: ExtractOptions): Promise<string[]> {
  for (const engine of options.ocrEngines) {
    try {
      const { text } = await engine.recognize(png, options.languages, options.signal);
      return textParagraphs(text).map((p) => joinLines(p.trim()));
    } catch {
      if (options.signal.aborted) break;
    }
  }
  return [];
}
