import { useState } from 'react';
import { useDebouncedValue } from '../../lib/useDebouncedValue.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { chatApi } from './chatApi.ts';

/** Pause in typing before the preview is asked for. */
export const PREVIEW_DEBOUNCE_MS = 350;
/** localStorage key: '1' when the user hid the translation preview. */
export const PREVIEW_HIDDEN_KEY = 'parley.translationPreviewHidden';

function readHidden(): boolean {
  try {
    return localStorage.getItem(PREVIEW_HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}

/** Whether the preview shows, remembered across visits. */
export function usePreviewVisible(): [boolean, (visible: boolean) => void] {
  const [visible, setVisible] = useState(() => !readHidden());
  const set = (next: boolean) => {
    setVisible(next);
    try {
      if (next) localStorage.removeItem(PREVIEW_HIDDEN_KEY);
      else localStorage.setItem(PREVIEW_HIDDEN_KEY, '1');
    } catch {
      // Private mode: remembered for this page only.
    }
  };
  return [visible, set];
}

/**
 * The preview of `draft` after a typing pause. Each draft is its own query, so answers are cached
 * per text and an answer for an older draft never shows as the current one (`current` is false
 * while the shown data belongs to an earlier draft).
 */
export function useTranslationPreview(roomId: string, draft: string, enabled: boolean) {
  const debounced = useDebouncedValue(draft, PREVIEW_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ['translation-preview', roomId, debounced],
    queryFn: ({ signal }) => chatApi.preview(roomId, debounced, signal),
    enabled: enabled && debounced.length > 0,
    staleTime: 10 * 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const current = debounced === draft && !query.isPlaceholderData && !query.isFetching;
  return { data: draft ? query.data : undefined, error: query.error, current, loading: query.isFetching || debounced !== draft };
}
