import type { LanguageCode } from '@parley/common';

export interface OcrResult {
  /** The text found, trimmed; '' when there is none. */
  text: string;
  /** Mean word confidence, 0..1, when the engine reports one. */
  confidence?: number | undefined;
}

export interface OcrHealth {
  live: boolean;
  detail?: string | undefined;
}

/** One way of reading text from an image. */
export interface OcrEngine {
  /** Stable id reported in scan answers and logs: 'tesseract', 'openai-vision'. */
  readonly id: string;
  /**
   * Read the text of `image`, a PNG already normalised by scan/image.ts (orientation applied, at most
   * 2000 px, grayscale). `languages` are the two the user chose, most likely first.
   */
  recognize(image: Buffer, languages: readonly LanguageCode[], signal: AbortSignal): Promise<OcrResult>;
  health(): Promise<OcrHealth>;
}
