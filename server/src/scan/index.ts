/** What Scan offers other features (chat photos): its image safety checks and its OCR engines. */
export { prepareImage, DEFAULT_IMAGE_LIMITS, type ImageLimits, type PreparedImage } from './image.ts';
export { heicToPng } from './heic.ts';
export { createOcrEngines, type ScanConfig } from './deps.ts';
export type { OcrEngine, OcrResult } from './ocr/types.ts';
