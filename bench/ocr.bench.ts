/**
 * OCR benchmark: latency of Scan (image checks + OCR + language detection + translation) for a 1200x900
 * photo-like JPEG of a Spanish sign and for a small label, native Tesseract (the server's engine: CLI child
 * processes) against tesseract.js (the same Tesseract compiled to WASM), side by side in one run.
 *
 *   node --import tsx bench/ocr.bench.ts [--runs 8] [--no-write]
 *
 * tesseract.js is optional: `npm install -w bench tesseract.js`; it reads Debian's traineddata from
 * /usr/share/tesseract-ocr/5/tessdata (no download). Without it that half prints 'skipped'.
 * Figures go to the "OCR (Tesseract)" section of docs/PERFORMANCE.md.
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import type { LanguageCode } from '@parley/common';
import { prepareImage } from '../server/src/scan/image.ts';
import { TesseractEngine } from '../server/src/scan/ocr/tesseract.ts';
import type { OcrEngine } from '../server/src/scan/ocr/types.ts';
import { createScanService, type ScanResult } from '../server/src/scan/service.ts';
import { characterErrorRate } from '../server/src/scan/testing/cer.ts';
import { renderLabel, renderPhoto } from '../server/src/scan/testing/render.ts';
import { SAMPLES } from '../server/src/scan/testing/samples.ts';
import { detectAmong, type TextTranslator } from '../server/src/translation/textTranslator.ts';
import { ApertiumEngine } from '../server/src/translation/engines/apertium.ts';
import { loadTesseractJs, TesseractJsEngine } from './ocr/tesseractJs.ts';
import { ms, percentile, table, upsertSection } from './ocr/report.ts';

const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf('--runs') + 1]) || 8;
const WRITE = !args.includes('--no-write');
const TARGET_MS = 1500;

interface Case {
  name: string;
  image: Buffer;
  expected: string;
  primary: LanguageCode;
  secondary: LanguageCode;
}

interface Row {
  engine: string;
  case: string;
  ocr: number[];
  total: number[];
  cer: number;
  translated: string;
}

const LABEL_TEXT = 'Cerrado por vacaciones';

async function cases(): Promise<Case[]> {
  const photo = await renderPhoto(SAMPLES.es.text, 1200, 900, { font: SAMPLES.es.font });
  const label = await renderLabel(LABEL_TEXT, { size: 18, margin: 10 });
  return [
    { name: `photo 1200x900 JPEG (${Math.round(photo.length / 1024)} KB)`, image: photo, expected: SAMPLES.es.text, primary: 'en', secondary: 'es' },
    { name: `small label ${await size(label)} PNG`, image: label, expected: LABEL_TEXT, primary: 'en', secondary: 'es' },
  ];
}

async function size(png: Buffer): Promise<string> {
  const { width, height } = await (await import('sharp')).default(png).metadata();
  return `${width}x${height}`;
}

/** The warm Apertium engine of the server behind Scan's translator interface. */
function apertiumTranslator(engine: ApertiumEngine): TextTranslator {
  return {
    async translate({ text, source, target }) {
      if (source === 'auto-detect') throw new Error('Scan always names the source');
      const out = await engine.translate({ text, source, target, signal: AbortSignal.timeout(15_000) });
      return { text: out.text, engine: 'apertium', ok: true };
    },
    detect: detectAmong,
  };
}

async function measure(engine: OcrEngine, translator: TextTranslator, c: Case): Promise<Row> {
  const service = createScanService({ ocrEngines: [engine], translator });
  const languages = [c.primary, c.secondary];
  let last: ScanResult | undefined;
  // Warm-up: starts the tesseract.js worker / the Apertium pipeline and fills the page cache.
  await service.smartImageTranslate({ image: c.image, primaryLanguage: c.primary, secondaryLanguage: c.secondary });
  const ocr: number[] = [];
  const total: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    let start = performance.now();
    const { png } = await prepareImage(c.image);
    await engine.recognize(png, languages, AbortSignal.timeout(60_000));
    ocr.push(performance.now() - start);
    start = performance.now();
    last = await service.smartImageTranslate({ image: c.image, primaryLanguage: c.primary, secondaryLanguage: c.secondary });
    total.push(performance.now() - start);
  }
  return {
    engine: engine.id,
    case: c.name,
    ocr,
    total,
    cer: characterErrorRate(c.expected, last?.extractedText ?? ''),
    translated: (last?.translatedText ?? '').replace(/\n/g, ' / '),
  };
}

async function concurrent(engine: OcrEngine, translator: TextTranslator, c: Case, n: number): Promise<number> {
  const service = createScanService({ ocrEngines: [engine], translator });
  const start = performance.now();
  await Promise.all(Array.from({ length: n }, () => service.smartImageTranslate({ image: c.image, primaryLanguage: c.primary, secondaryLanguage: c.secondary })));
  return performance.now() - start;
}

async function main(): Promise<void> {
  const apertium = new ApertiumEngine();
  const translator = apertiumTranslator(apertium);
  const all = await cases();
  const tesseractVersion = execFileSync('tesseract', ['--version']).toString().split('\n')[0] ?? 'tesseract';
  const rows: Row[] = [];
  const native = new TesseractEngine();
  for (const c of all) rows.push(await measure(native, translator, c));

  const tjs = await loadTesseractJs();
  let wasmNote = 'skipped: tesseract.js not installed (`npm install -w bench tesseract.js`)';
  if (tjs) {
    const wasm = new TesseractJsEngine(tjs);
    const startup = performance.now();
    await wasm.worker('spa+eng');
    wasmNote = `tesseract.js worker start (spa+eng, from Debian's traineddata): ${ms(performance.now() - startup)} ms, once per language set`;
    for (const c of all) rows.push(await measure(wasm, translator, c));
    await wasm.close();
  }
  console.log(wasmNote);
  const photo = all[0] as Case;
  const fourAtOnce = await concurrent(native, translator, photo, 4);
  await apertium.close();

  const header = ['engine', 'image', 'OCR p50 (ms)', 'OCR p95 (ms)', 'OCR+translate p50 (ms)', 'p95 (ms)', 'CER', 'translation'];
  const body = rows.map((r) => [
    r.engine, r.case, ms(percentile(r.ocr, 50)), ms(percentile(r.ocr, 95)), ms(percentile(r.total, 50)), ms(percentile(r.total, 95)),
    `${(r.cer * 100).toFixed(1)}%`, `"${r.translated.slice(0, 60)}"`,
  ]);
  const worst = Math.max(...rows.filter((r) => r.engine === 'tesseract').map((r) => percentile(r.total, 50)));
  const verdict = `Native OCR+translate p50 at most ${ms(worst)} ms (target under ${TARGET_MS} ms: ${worst < TARGET_MS ? 'met' : 'NOT met'}).`;
  const markdown = table(header, body, '---|---|---:|---:|---:|---:|---:|---');
  console.log(`\n${markdown}\n\n${verdict}\n4 photo scans at once (native, 2 Tesseract processes at a time): ${ms(fourAtOnce)} ms wall.\n`);

  if (WRITE) {
    const section = `## OCR (Tesseract)

Command: \`node --import tsx bench/ocr.bench.ts\` (from the repository root; \`--runs N\`, \`--no-write\`).

- Machine: ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.versions.node}, ${tesseractVersion}; load average at the end ${loadavg()[0]?.toFixed(2)} (the machine is shared: expect ±30%).
- Date: 2026-11-21. ${RUNS} timed runs per row after one warm-up.
- Images (generated by \`server/src/scan/testing/render.ts\`, fonts from fonts-noto-core): a 1200x900 photo-like
  JPEG of a Spanish sign (two lines, 44 px text on a light panel turned 2°, diagonal gradient, shapes, Gaussian
  noise, blur, quality 75) and a small label "${LABEL_TEXT}" (18 px text). User languages: English + Spanish.
- "OCR" is image checks + normalisation (sharp: EXIF rotate, resize into 800-2000 px, grey PNG) + Tesseract;
  "OCR+translate" is the whole \`smartImageTranslate\` (adds language detection and Apertium es -> en through
  the server's warm pipeline).
- Native = \`server/src/scan/ocr/tesseract.ts\`: the \`tesseract\` CLI as child processes (OSD pass for script and
  orientation, then a reading pass with spa+eng, Sauvola binarisation, OMP_THREAD_LIMIT=1, at most 2 at once).
- tesseract.js = the same Tesseract 5 in WASM (\`bench/ocr/tesseractJs.ts\`), one warm worker, Debian's
  traineddata (\`langPath\` /usr/share/tesseract-ocr/5/tessdata, \`gzip: false\`), no OSD and no second pass.

${markdown}

${verdict} 4 photo scans at once (native): ${ms(fourAtOnce)} ms wall.
${tjs ? wasmNote : `tesseract.js: ${wasmNote}; install it and re-run for the side-by-side rows.`}
`;
    upsertSection(path.join(import.meta.dirname, '..', 'docs', 'PERFORMANCE.md'), section);
    console.log('docs/PERFORMANCE.md: section "OCR (Tesseract)" written');
  }
}

await main();
