import { z } from 'zod';
import { safeText } from '../text.ts';
import { fieldError } from './errors.ts';

export { SCAN_API, SCAN_LIMITS, SCAN_UPLOAD_FIELDS } from './scanRoutes.ts';

/** A language as clients send it: a code ('es'), a locale tag ('es-MX') or a name ('Spanish'); unknown -> 400 'Unknown language: xx'. */
export const scanLanguageField = safeText('language_required').trim().min(1, fieldError('language_required')).max(64, fieldError('unknown_language'));

/** POST /api/scan and /functions/v1/smart-image-translate. */
export const scanImageBody = z.object({
  /** Base64 image bytes, with or without a `data:image/...;base64,` prefix. */
  imageBase64: z.string({ error: 'imageBase64 is required' }).min(1, 'No image was sent.'),
  primaryLanguage: scanLanguageField,
  secondaryLanguage: scanLanguageField,
});
export type ScanImageBody = z.infer<typeof scanImageBody>;

/** Spec message when the image holds no readable text. */
export const NO_TEXT_MESSAGE = 'No text found in the image. Please ensure the image contains clear, readable text.';
/** Spec message when the image could not be analysed (engine failure). */
export const ANALYZE_FAILED_MESSAGE = 'Failed to analyze image. Please ensure the image contains clear, readable text.';

/**
 * Answer of a scan (spec section 7, smart-image-translate). `success: false` with `error` when no text was
 * found or the image could not be read; refusals of the image itself are 4xx `{error:{code,message}}`.
 */
export const scanResponse = z.object({
  success: z.boolean(),
  error: z.string().nullable(),
  extractedText: z.string(),
  /** The translation; the extracted text itself when translation failed (see translationError). */
  translatedText: z.string(),
  /** Code of the language of the extracted text, e.g. 'es' ('' when nothing was found). */
  detectedLanguage: z.string(),
  /** Readable direction, e.g. 'Spanish → English' ('' when nothing was found). */
  translationDirection: z.string(),
  /** Codes of the direction, e.g. 'es' and 'en'. */
  sourceLanguage: z.string().optional(),
  targetLanguage: z.string().optional(),
  /** Set when the text was read but could not be translated; the original is kept in translatedText. */
  translationError: z.string().optional(),
  /** OCR engine that read the text ('tesseract', 'openai-vision') and translation engine used. */
  ocrEngine: z.string().nullable().optional(),
  translationEngine: z.string().nullable().optional(),
});
export type ScanResponse = z.infer<typeof scanResponse>;
