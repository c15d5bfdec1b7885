import { OpenAiVisionEngine, type OpenAiVisionConfig } from './ocr/openaiVision.ts';
import { TesseractEngine } from './ocr/tesseract.ts';
import type { OcrEngine } from './ocr/types.ts';

export interface ScanConfig {
  /** OCR_ENGINE: 'tesseract' (offline default) or 'openai' (vision model, Tesseract as the fallback). */
  engine: 'tesseract' | 'openai';
  /** OCR_TIMEOUT_MS: limit of one Tesseract run or one vision request. Default 20000. */
  timeoutMs: number;
  /** OCR_CONCURRENCY: Tesseract processes at once. Default 2. */
  concurrency?: number | undefined;
  /** The OPENAI_* settings; needed when engine is 'openai'. OCR_MODEL may name a vision model other than OPENAI_MODEL. */
  openai?: Omit<OpenAiVisionConfig, 'timeoutMs'> | undefined;
}

/** The OCR engines for createScanService, in the order they are tried. */
export function createOcrEngines(config: ScanConfig): OcrEngine[] {
  const tesseract = new TesseractEngine({ timeoutMs: config.timeoutMs, concurrency: config.concurrency ?? 2 });
  if (config.engine === 'tesseract') return [tesseract];
  if (!config.openai) throw new Error('OCR_ENGINE=openai needs the OPENAI_* settings');
  return [new OpenAiVisionEngine({ ...config.openai, timeoutMs: config.timeoutMs }), tesseract];
}
