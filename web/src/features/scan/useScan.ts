import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { SCAN_LIMITS, type LanguageCode } from '@parley/common';
import { isApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.tsx';
import { prepareImage, type PreparedImage } from './image.ts';
import { directionParts, scanImage, smartTranslate } from './scanApi.ts';

export type ScanKind = 'image' | 'text';

export interface ScanResultView {
  extractedText: string;
  translatedText: string;
  /** Language code (or name) of the extracted text; '' when unknown. */
  detectedLanguage: string;
  direction?: { from: string; to: string };
  /** Set when the text was read but its translation failed (the original is kept). */
  translationNote?: string;
}

/** Scan states (spec section 4): idle -> processing -> result (or an error message). */
export type ScanState =
  | { status: 'idle' }
  | { status: 'processing'; kind: ScanKind; previewUrl?: string }
  | { status: 'result'; kind: ScanKind; previewUrl?: string; result: ScanResultView }
  | { status: 'error'; kind: ScanKind; previewUrl?: string; message: string };

/** A refusal the server explained (bad image, too large, rate limited, bad language): its message is shown. */
function clientErrorMessage(error: unknown): string | undefined {
  return isApiError(error) && error.status >= 400 && error.status < 500 && error.message ? error.message : undefined;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export function useScan(primaryLanguage: LanguageCode, secondaryLanguage: LanguageCode) {
  const t = useT();
  const [state, setState] = useState<ScanState>({ status: 'idle' });
  const current = useRef<AbortController | null>(null);

  useEffect(() => () => current.current?.abort(), []);

  const begin = () => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    return controller;
  };

  const failImage = useCallback(
    (previewUrl: string | undefined, title: string, toastText: string, message: string) => {
      toast.error(title, { description: toastText });
      setState({ status: 'error', kind: 'image', previewUrl, message });
    },
    [],
  );

  /** Send a prepared image to smart-image-translate and show what it read. */
  const scanPrepared = useCallback(
    async (image: PreparedImage) => {
      const controller = begin();
      const previewUrl = image.previewUrl;
      setState({ status: 'processing', kind: 'image', previewUrl });
      if (image.bytes > SCAN_LIMITS.maxBytes) {
        const message = t('scan.imageTooLarge', { mb: SCAN_LIMITS.maxBytes / (1024 * 1024) });
        failImage(previewUrl, t('scan.processingFailed'), message, message);
        return;
      }
      try {
        const answer = await scanImage(
          { imageBase64: image.base64, primaryLanguage, secondaryLanguage },
          controller.signal,
        );
        if (controller.signal.aborted) return;
        if (!answer.success) {
          failImage(previewUrl, t('scan.couldNotExtract'), answer.error || t('scan.analyzeFailedShort'), answer.error || t('scan.analyzeFailed'));
          return;
        }
        const result: ScanResultView = {
          extractedText: answer.extractedText,
          translatedText: answer.translatedText,
          detectedLanguage: answer.detectedLanguage,
          direction: directionParts(answer.translationDirection, answer.sourceLanguage, answer.targetLanguage),
          translationNote: answer.translationError,
        };
        if (answer.translationError) toast.warning(t('scan.translationFailed'), { description: answer.translationError });
        setState({ status: 'result', kind: 'image', previewUrl, result });
      } catch (error) {
        if (isAbort(error) || controller.signal.aborted) return;
        console.error('Scan failed', error);
        const message = clientErrorMessage(error) ?? t('scan.analyzeFailed');
        failImage(previewUrl, t('scan.processingFailed'), message, message);
      }
    },
    [primaryLanguage, secondaryLanguage, t, failImage],
  );

  /** A picked or photographed file: scale it in the browser when large, then scan it. */
  const scanFile = useCallback(
    async (file: Blob) => {
      current.current?.abort();
      setState({ status: 'processing', kind: 'image' });
      let image: PreparedImage;
      try {
        image = await prepareImage(file);
      } catch (error) {
        console.error('Could not read the image', error);
        failImage(undefined, t('scan.processingFailed'), t('scan.analyzeFailed'), t('scan.analyzeFailed'));
        return;
      }
      await scanPrepared(image);
    },
    [scanPrepared, failImage, t],
  );

  /** Typed text: smart-translate picks the direction from the detected language. */
  const translateText = useCallback(
    async (text: string) => {
      const trimmed = text.trim();
      if (!trimmed) return;
      const controller = begin();
      setState({ status: 'processing', kind: 'text' });
      const fail = (reason?: string) => {
        toast.error(t('scan.translationFailed'), { description: reason || t('scan.translationFailedDescription') });
        setState({ status: 'error', kind: 'text', message: t('scan.translationFailedDescription') });
      };
      try {
        const answer = await smartTranslate({ text: trimmed, primaryLanguage, secondaryLanguage }, controller.signal);
        if (controller.signal.aborted) return;
        if (!answer.ok) {
          fail(answer.message);
          return;
        }
        setState({
          status: 'result',
          kind: 'text',
          result: {
            extractedText: trimmed,
            translatedText: answer.translatedText,
            detectedLanguage: answer.detectedLanguage,
            direction: directionParts(answer.translationDirection),
          },
        });
      } catch (error) {
        if (isAbort(error) || controller.signal.aborted) return;
        console.error('Text translation failed', error);
        fail(clientErrorMessage(error));
      }
    },
    [primaryLanguage, secondaryLanguage, t],
  );

  return { state, scanFile, scanPrepared, translateText };
}
