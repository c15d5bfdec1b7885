import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';
import type { PdfReply, PdfRequest } from './pdfProtocol.ts';

/**
 * The PDF reader thread: pdfjs-dist (its legacy build, the one made for Node, whose "fake worker" runs in this thread)
 * opens the file, reads each page's text layer and renders the pages a scan is on. Parsing and rendering are CPU work
 * that would stall every request of the server; here they stall only this thread (pdfPool.ts).
 */
type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;
type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

let loaded: Promise<PdfJs> | undefined;
const pdfjs = () => (loaded ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

/** Fonts pdfjs needs for the 14 standard fonts, from the package itself (never fetched from a CDN). */
const standardFontDataUrl = (() => {
  const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  return `${pathToFileURL(path.join(root, 'standard_fonts')).href}/`;
})();

/** Rendering for OCR: about 200 dpi, the longest side at most this many pixels. */
const OCR_SCALE = 200 / 72;
const OCR_MAX_SIDE = 3000;

class Refused extends Error {
  constructor(readonly problem: 'encrypted' | 'corrupt', message: string) {
    super(message);
  }
}

async function open(bytes: Uint8Array): Promise<PdfDocument> {
  const { getDocument } = await pdfjs();
  try {
    return await getDocument({
      data: bytes, isEvalSupported: false, disableFontFace: true, useSystemFonts: false,
      standardFontDataUrl, verbosity: 0, stopAtErrors: false,
    }).promise;
  } catch (err) {
    if ((err as { name?: string }).name === 'PasswordException') throw new Refused('encrypted', 'the PDF is protected by a password');
    throw new Refused('corrupt', err instanceof Error ? err.message : 'not a readable PDF');
  }
}

/** A page's text layer: a line break where pdfjs ends a line, a blank line where the vertical gap is wide. */
async function textLayer(page: PdfPage): Promise<string> {
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
  return text;
}

async function render(doc: PdfDocument, page: PdfPage): Promise<Uint8Array> {
  const base = page.getViewport({ scale: 1 });
  const scale = Math.min(OCR_SCALE, OCR_MAX_SIDE / Math.max(base.width, base.height));
  const viewport = page.getViewport({ scale });
  // pdfjs's Node canvas factory (@napi-rs/canvas, installed with pdfjs-dist).
  const factory = (doc as unknown as { canvasFactory: { create(w: number, h: number): { canvas: { toBuffer(type: 'image/png'): Buffer }; context: unknown } } }).canvasFactory;
  const { canvas, context } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  await page.render({ canvasContext: context as never, viewport, canvas: canvas as never, background: 'white' }).promise;
  return new Uint8Array(canvas.toBuffer('image/png'));
}

const letters = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '').length;

async function answer(request: PdfRequest): Promise<PdfReply> {
  const doc = await open(request.bytes);
  try {
    if (request.type === 'count') return { id: request.id, ok: true, pages: doc.numPages };
    const texts: string[] = [];
    const images: (Uint8Array | null)[] = [];
    for (let n = 1; n <= Math.min(doc.numPages, request.maxPages); n += 1) {
      const page = await doc.getPage(n);
      const text = await textLayer(page);
      texts.push(text);
      images.push(request.renderBelow !== null && letters(text) < request.renderBelow ? await render(doc, page) : null);
      page.cleanup();
    }
    return { id: request.id, ok: true, pages: doc.numPages, texts, images };
  } finally {
    await doc.destroy();
  }
}

parentPort?.on('message', (request: PdfRequest) => {
  answer(request).then(
    (reply) => parentPort?.postMessage(reply, reply.ok ? (reply.images ?? []).flatMap((i) => (i ? [i.buffer as ArrayBuffer] : [])) : []),
    (err: unknown) => {
      // A file pdfjs cannot take apart is the file's problem (corrupt); the reply names it and the thread goes on.
      const refused = err instanceof Refused ? err : new Refused('corrupt', err instanceof Error ? err.message : String(err));
      parentPort?.postMessage({ id: request.id, ok: false, problem: refused.problem, message: refused.message } satisfies PdfReply);
    },
  );
});
