import {
  ANALYZE_FAILED_MESSAGE,
  NO_TEXT_MESSAGE,
  languageName,
  type LanguageCode,
  type ScanResponse,
} from '@parley/common';
import { detectScanLanguage, type Detect } from './detect.ts';
import { prepareImage, type ImageLimits, DEFAULT_IMAGE_LIMITS } from './image.ts';
import { type OcrEngine, type OcrResult } from './ocr/types.ts';
import { EngineError } from '../platform/errors.ts';
import type { TextTranslator } from '../translation/textTranslator.ts';

export interface ScanLogger {
  warn(obj: object, msg: string): void;
}

export interface ScanServiceDeps {
  /** Tried in order: the next one reads the image when one fails (not when it finds no text). */
  ocrEngines: readonly OcrEngine[];
  translator: TextTranslator;
  /** Language detector; default translator.detect. */
  detect?: Detect;
  /** Whole-scan time limit (OCR of all passes). Default 45 s. */
  timeoutMs?: number;
  imageLimits?: ImageLimits;
  logger?: ScanLogger;
}

export interface SmartImageTranslateInput {
  /** The uploaded bytes, not yet checked. */
  image: Buffer;
  primaryLanguage: LanguageCode;
  secondaryLanguage: LanguageCode;
  signal?: AbortSignal;
  /** Counts the translation's engine call against the caller's budget (not called for a cached result). */
  spend?: ((chars: number) => Promise<void>) | undefined;
}

export type ScanResult = ScanResponse;

export interface ScanService {
  /** Refusals of the image throw AppError (4xx); no text or an engine failure answer success:false. */
  smartImageTranslate(input: SmartImageTranslateInput): Promise<ScanResult>;
  health(): Promise<Array<{ id: string; live: boolean; detail?: string | undefined }>>;
}

export const TRANSLATION_FAILED_MESSAGE = 'Translation failed. Please try again.';

/**
 * smart-image-translate: OCR with the two chosen languages, detect the language of what was read, then
 * translate as smart-translate does: text in the primary language goes to the secondary, anything else
 * to the primary.
 */
export function createScanService(deps: ScanServiceDeps): ScanService {
  if (deps.ocrEngines.length === 0) throw new Error('createScanService needs at least one OCR engine');
  const detect: Detect = deps.detect ?? ((text, candidates) => deps.translator.detect(text, candidates));
  const limits = deps.imageLimits ?? DEFAULT_IMAGE_LIMITS;
  const timeoutMs = deps.timeoutMs ?? 45_000;

  async function read(png: Buffer, languages: LanguageCode[], signal: AbortSignal): Promise<{ ocr: OcrResult; engine: string } | { error: string }> {
    let lastError: unknown;
    for (const engine of deps.ocrEngines) {
      try {
        return { ocr: await engine.recognize(png, languages, signal), engine: engine.id };
      } catch (err) {
        lastError = err;
        deps.logger?.warn({ err, engine: engine.id }, 'OCR engine failed');
        if (signal.aborted) break;
      }
    }
    const timedOut = lastError instanceof EngineError && lastError.code === 'timeout';
    return { error: timedOut ? 'Reading the image took too long. Please try a smaller or clearer photo.' : ANALYZE_FAILED_MESSAGE };
  }

  return {
    async smartImageTranslate({ image, primaryLanguage, secondaryLanguage, signal, spend }) {
      const prepared = await prepareImage(image, limits);
      const scanSignal = signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs);
      const languages = [...new Set([primaryLanguage, secondaryLanguage])];
      const outcome = await read(prepared.png, languages, scanSignal);
      if ('error' in outcome) return failure(outcome.error);
      const extractedText = outcome.ocr.text;
      if (!/[\p{L}\p{N}]/u.test(extractedText)) return { ...failure(NO_TEXT_MESSAGE), ocrEngine: outcome.engine };

      const source = detectScanLanguage(extractedText, [primaryLanguage, secondaryLanguage], detect) ?? secondaryLanguage;
      const target = source === primaryLanguage ? secondaryLanguage : primaryLanguage;
      const base = {
        success: true,
        error: null,
        extractedText,
        detectedLanguage: source,
        translationDirection: `${languageName(source)} → ${languageName(target)}`,
        sourceLanguage: source,
        targetLanguage: target,
        ocrEngine: outcome.engine,
      };
      if (source === target) return { ...base, translatedText: extractedText, translationEngine: null };
      try {
        const translation = await deps.translator.translate({ text: extractedText, source, target, spend });
        if (translation.ok) return { ...base, translatedText: translation.text, translationEngine: translation.engine };
        return {
          ...base,
          translatedText: extractedText,
          translationEngine: null,
          translationError: translation.message ?? TRANSLATION_FAILED_MESSAGE,
        };
      } catch (err) {
        deps.logger?.warn({ err, source, target }, 'scan translation failed');
        return { ...base, translatedText: extractedText, translationEngine: null, translationError: TRANSLATION_FAILED_MESSAGE };
      }
    },

    async health() {
      return Promise.all(deps.ocrEngines.map(async (engine) => ({ id: engine.id, ...(await engine.health()) })));
    },
  };
}

function failure(error: string): ScanResult {
  return {
    success: false,
    error,
    extractedText: '',
    translatedText: '',
    detectedLanguage: '',
    translationDirection: '',
  };
}
