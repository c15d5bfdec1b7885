import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { SCAN_LIMITS } from '@parley/common/client';
import type { LanguageCode } from '@parley/common';
import { isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errorMessages.ts';
import { useI18n, type TFunction } from '../../lib/i18n.tsx';
import { useCoverageLookup } from '../language/index.ts';
import { prepareImage, type PreparedImage } from '../../lib/image.ts';
import { directionParts, scanImage, smartTranslate } from './scanApi.ts';
import { displayLanguageName } from '../../lib/names.ts';

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

/** A refusal the server explained (bad image, too large, rate limited...): the catalog string for its code. */
function clientErrorMessage(error: unknown, t: TFunction): string | undefined {
  if (!isApiError(error) || error.status < 400 || error.status >= 500) return undefined;
  if (error.code === 'invalid_image') return t('scan.analyzeFailed');
  if (error.code === 'image_too_large' || error.status === 413) return t('scan.imageTooLarge', { mb: SCAN_LIMITS.maxBytes / (1024 * 1024) });
  return errorMessage(error, t, 'scan.analyzeFailed');
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export function useScan(primaryLanguage: LanguageCode, secondaryLanguage: LanguageCode) {
  const { t, language } = useI18n();
  const serves = useCoverageLookup();
  const [state, setState] = useState<ScanState>({ status: 'idle' });
  /** Why a read text came back untranslated, in the reader's language. */
  const untranslatedNote = useCallback(
    async (from: string | undefined, to: string | undefined) =>
      from && to && (await serves(from, to)) === false
        ? t('general.cannotTranslate', { from: displayLanguageName(from, language), to: displayLanguageName(to, language) })
        : t('scan.translationFailedDescription'),
    [serves, t, language],
  );
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
          failImage(previewUrl, t('scan.couldNotExtract'), t('scan.analyzeFailedShort'), t('scan.analyzeFailed'));
          return;
        }
        const note = answer.translationError ? await untranslatedNote(answer.sourceLanguage, answer.targetLanguage) : undefined;
        if (controller.signal.aborted) return;
        const result: ScanResultView = {
          extractedText: answer.extractedText,
          translatedText: answer.translatedText,
          detectedLanguage: answer.detectedLanguage,
          direction: directionParts(answer.translationDirection, answer.sourceLanguage, answer.targetLanguage),
          ...(note ? { translationNote: note } : {}),
        };
        if (note) toast.warning(t('scan.translationFailed'), { description: note });
        setState({ status: 'result', kind: 'image', previewUrl, result });
      } catch (error) {
        if (isAbort(error) || controller.signal.aborted) return;
        console.error('Scan failed', error);
        const message = clientErrorMessage(error, t) ?? t('scan.analyzeFailed');
        failImage(previewUrl, t('scan.processingFailed'), message, message);
      }
    },
    [primaryLanguage, secondaryLanguage, t, failImage, untranslatedNote],
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
          const [from, to] = answer.translationDirection.split('→').map((c) => c.trim());
          fail(answer.reason === 'unsupported_pair' ? await untranslatedNote(from, to) : undefined);
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
        fail(clientErrorMessage(error, t));
      }
    },
    [primaryLanguage, secondaryLanguage, t, untranslatedNote],
  );

  return { state, scanFile, scanPrepared, translateText };
}
