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

export type OcrErrorCode = 'timeout' | 'aborted' | 'failed' | 'unavailable' | 'bad_response';

/** Every OCR engine failure; the service tries the next engine and finally answers success:false. */
export class OcrError extends Error {
  constructor(
    readonly engine: string,
    readonly code: OcrErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OcrError';
  }
}
