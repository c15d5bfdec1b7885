/**
 * The PDF reader thread's messages (pdfWorker.ts <-> pdfPool.ts). Only bytes and plain text cross: the paragraphs are
 * made and the OCR engines run on the main thread.
 */
export type PdfRequest =
  | { id: number; type: 'count'; bytes: Uint8Array }
  /** Each page's text layer up to maxPages; a page with fewer letters than `renderBelow` is rendered too (for OCR). */
  | { id: number; type: 'read'; bytes: Uint8Array; maxPages: number; renderBelow: number | null };

export type PdfReply =
  | { id: number; ok: true; pages: number; texts?: string[]; images?: (Uint8Array | null)[] }
  | { id: number; ok: false; problem: 'encrypted' | 'corrupt'; message: string };
