// A stand-in for the PDF reader thread (pdfWorker.ts) that misbehaves on request, to test pdfPool.ts with real threads:
// the file's bytes say what to do. "crash": the thread exits; "oom": it fills its heap past resourceLimits; "hang": it
// spins forever; anything else: one page.
import { parentPort } from 'node:worker_threads';

parentPort.on('message', (request) => {
  const text = Buffer.from(request.bytes).toString();
  if (text === 'crash') process.exit(3);
  if (text === 'oom') {
    const hoard = [];
    for (;;) hoard.push(new Array(1e6).fill(hoard.length));
  }
  if (text === 'hang') for (;;);
  parentPort.postMessage({ id: request.id, ok: true, pages: 1, texts: [text], images: [null] });
});
