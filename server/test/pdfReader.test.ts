import { describe, expect, it } from 'vitest';
import { UnreadableDocument } from '../src/media/documents/extract.ts';
import { pdfPageCount, pdfParagraphs } from '../src/media/documents/pdf.ts';
import { PdfPool, PdfReaderCrashed } from '../src/media/documents/pdfPool.ts';
import { textPdf } from './support/documents.ts';

/**
 * pdfjs reads PDFs on its own thread (issue 36 item 4): real PDFs through the real reader thread, and a misbehaving
 * thread (support/misbehavingPdfWorker.mjs) that crashes, runs out of memory or hangs, to show the server's side
 * survives each and the next file is read by a fresh thread. No database.
 */
const options = (signal = new AbortController().signal) => ({ maxPages: 20, ocrEngines: [], languages: ['en' as const], signal });
const problemOf = (promise: Promise<unknown>) => promise.then(() => 'read', (err: unknown) => (err instanceof UnreadableDocument ? err.problem : `not unreadable: ${String(err)}`));

describe('the PDF reader thread', () => {
  it('reads a real PDF\'s pages and paragraphs, several files queued at once, each its own answer', async () => {
    const files = await Promise.all([1, 2, 3].map((n) => textPdf([[`Page one of file ${n}.`, 'Second paragraph here.'], [`Page two of file ${n}.`]])));
    const read = await Promise.all(files.map((pdf) => pdfParagraphs(pdf, options())));
    expect(read.map((r) => r.paragraphs)).toEqual([1, 2, 3].map((n) => [`Page one of file ${n}.`, 'Second paragraph here.', `Page two of file ${n}.`]));
    expect(read.every((r) => r.pages === 2 && !r.truncated)).toBe(true);
    expect(await pdfPageCount(files[0]!)).toBe(2);
    // The caller's bytes are not given away to the thread.
    expect(files[0]!.subarray(0, 5).toString()).toBe('%PDF-');
    const first = await pdfParagraphs(files[0]!, { ...options(), maxPages: 1 });
    expect(first).toEqual({ paragraphs: ['Page one of file 1.', 'Second paragraph here.'], pages: 2, truncated: true });
  }, 60_000);

  it('answers a fake PDF as corrupt and a password-protected one as encrypted, and reads the next file', async () => {
    const fake = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage that is no PDF at all\n%%EOF\n');
    expect(await problemOf(pdfParagraphs(fake, options()))).toBe('corrupt');
    expect(await problemOf(pdfPageCount(fake))).toBe('corrupt');
    expect(await problemOf(pdfPageCount(Buffer.from('not a pdf')))).toBe('corrupt');
    expect(await problemOf(pdfPageCount(await textPdf([['Secret.']], { encrypt: true })))).toBe('encrypted');
    expect((await pdfParagraphs(await textPdf([['Still reading.']]), options())).paragraphs).toEqual(['Still reading.']);
  }, 60_000);

  it('fails the job of a thread that crashes or runs out of memory, and starts a fresh one for the next', async () => {
    const pool = new PdfPool({ workerUrl: new URL('./support/misbehavingPdfWorker.mjs', import.meta.url), maxHeapMb: 32 });
    const run = (text: string) => pool.run({ type: 'count', bytes: Buffer.from(text) });
    try {
      const [crash, after, oom, last] = await Promise.allSettled([run('crash'), run('fine'), run('oom'), run('fine again')]);
      expect(crash.status === 'rejected' && crash.reason).toBeInstanceOf(PdfReaderCrashed);
      expect(after).toMatchObject({ status: 'fulfilled', value: { texts: ['fine'] } });
      expect(oom.status === 'rejected' && oom.reason).toBeInstanceOf(PdfReaderCrashed);
      expect(last).toMatchObject({ status: 'fulfilled', value: { texts: ['fine again'] } });
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('stops a thread that never answers (its job fails, this thread\'s timers kept running) and an aborted job', async () => {
    const pool = new PdfPool({ workerUrl: new URL('./support/misbehavingPdfWorker.mjs', import.meta.url), jobTimeoutMs: 3_000 });
    try {
      // While the reader spins, the event loop here is free: a timer set after it started still fires first.
      let ticked = false;
      const hung = pool.run({ type: 'read', bytes: Buffer.from('hang'), maxPages: 1, renderBelow: null });
      setTimeout(() => (ticked = true), 0);
      await expect(hung).rejects.toThrow(/longer than 3000 ms/);
      expect(ticked).toBe(true);
      expect(await pool.run({ type: 'count', bytes: Buffer.from('next') })).toMatchObject({ texts: ['next'] });
      const stop = new AbortController();
      const aborted = pool.run({ type: 'read', bytes: Buffer.from('hang'), maxPages: 1, renderBelow: null }, stop.signal);
      const queued = pool.run({ type: 'read', bytes: Buffer.from('queued'), maxPages: 1, renderBelow: null });
      stop.abort(new Error('no longer wanted'));
      await expect(aborted).rejects.toThrow('no longer wanted');
      expect(await queued).toMatchObject({ texts: ['queued'] });
    } finally {
      await pool.close();
    }
  }, 60_000);
});
