import type { LanguageCode } from '@parley/common';
import { TESSERACT_CODES } from '../../server/src/scan/ocr/scripts.ts';
import { parseTsv } from '../../server/src/scan/ocr/text.ts';
import type { OcrEngine, OcrResult } from '../../server/src/scan/ocr/types.ts';

/** Debian's traineddata (tesseract-ocr-<lang>), read by tesseract.js from disk: no download at run time. */
export const DEBIAN_TESSDATA = '/usr/share/tesseract-ocr/5/tessdata';

interface TjsWorker {
  recognize(image: Buffer, options?: object, output?: object): Promise<{ data: { text: string; tsv?: string | null; confidence: number } }>;
  setParameters(params: Record<string, string>): Promise<unknown>;
  terminate(): Promise<unknown>;
}
interface TjsModule {
  createWorker(langs: string, oem: number, options: object): Promise<TjsWorker>;
}

/** tesseract.js when installed (`npm install -w bench tesseract.js`), else undefined. */
export async function loadTesseractJs(): Promise<TjsModule | undefined> {
  const specifier = 'tesseract.js';
  try {
    const mod = (await import(specifier)) as Partial<TjsModule> & { default?: Partial<TjsModule> };
    const createWorker = mod.createWorker ?? mod.default?.createWorker;
    return createWorker ? { createWorker } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The WASM build of the same Tesseract 5 as an OcrEngine: one worker per language set, kept warm,
 * LSTM only, page segmentation 3 and Sauvola binarisation like the native engine, but no OSD pass, no
 * script switch and no second pass (a single read with the chosen languages plus English).
 */
export class TesseractJsEngine implements OcrEngine {
  readonly id = 'tesseract.js';
  private readonly workers = new Map<string, Promise<TjsWorker>>();

  constructor(private readonly tjs: TjsModule) {}

  async recognize(image: Buffer, languages: readonly LanguageCode[]): Promise<OcrResult> {
    const worker = await this.worker([...new Set([...languages.flatMap((l) => TESSERACT_CODES[l]), 'eng'])].join('+'));
    const { data } = await worker.recognize(image, {}, { text: true, tsv: true });
    // Same post-processing as the native engine when the TSV is there (CJK gaps, noise words).
    if (data.tsv) return parseTsv(data.tsv);
    return { text: data.text.trim(), confidence: data.confidence / 100 };
  }

  async health() {
    return { live: true, detail: `tesseract.js with ${DEBIAN_TESSDATA}` };
  }

  /** Start (or reuse) the worker of a language set; its start-up time is what `warm()` measures. */
  worker(langs: string): Promise<TjsWorker> {
    let worker = this.workers.get(langs);
    if (!worker) {
      worker = this.tjs.createWorker(langs, 1, { langPath: DEBIAN_TESSDATA, gzip: false, cacheMethod: 'none' }).then(async (w) => {
        await w.setParameters({ tessedit_pageseg_mode: '3', thresholding_method: '2' }).catch(() => undefined);
        return w;
      });
      this.workers.set(langs, worker);
    }
    return worker;
  }

  async close(): Promise<void> {
    await Promise.all([...this.workers.values()].map(async (w) => (await w).terminate()));
  }
}
