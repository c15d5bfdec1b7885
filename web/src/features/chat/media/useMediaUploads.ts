import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { ChatMessage } from '@parley/common';
import { isApiError } from '../../../lib/api.ts';
import { errorText } from '../../../lib/errorMessages.ts';
import { useT } from '../../../lib/i18n.tsx';
import { localMessage, newClientId, type ViewMessage } from '../messages.ts';
import { sendMedia, type MediaKind } from './mediaApi.ts';

interface Upload {
  clientId: string;
  kind: MediaKind;
  blob: Blob;
  url: string;
  durationMs?: number | undefined;
  failed: boolean;
  createdAt: Date;
}

export interface MediaUploads {
  /** Photos and recordings on their way, as local messages (the bubble shows their bytes from this device). */
  messages: ViewMessage[];
  send(kind: MediaKind, blob: Blob, durationMs?: number): void;
  retry(clientId: string): void;
  discard(clientId: string): void;
}

export const MediaUploadsContext = createContext<Pick<MediaUploads, 'retry' | 'discard'> | null>(null);
export const useMediaUploadActions = () => useContext(MediaUploadsContext);

/** A refusal the same upload would get again (bad file, too long, no access): not worth a retry. */
const refusedForGood = (error: unknown) => isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;

/**
 * Photo and voice sends of one conversation. Unlike text they do not go through the IndexedDB
 * outbox: while offline they are refused with a clear note (megabytes of media kept on the device
 * and sent later, after the moment has passed, help less than they cost). A send that fails on the
 * way stays as 'Not sent' with Try again (same client id: never stored twice) and Discard.
 */
export function useMediaUploads(roomId: string, myId: string, merge: (message: ChatMessage) => void): MediaUploads {
  const t = useT();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const live = useRef(uploads);
  useEffect(() => {
    live.current = uploads;
  });
  useEffect(() => () => live.current.forEach((u) => URL.revokeObjectURL(u.url)), []);

  const remove = useCallback((clientId: string) => {
    setUploads((list) => {
      list.filter((u) => u.clientId === clientId).forEach((u) => URL.revokeObjectURL(u.url));
      return list.filter((u) => u.clientId !== clientId);
    });
  }, []);

  const post = useCallback(async (upload: Upload) => {
    setUploads((list) => list.map((u) => (u.clientId === upload.clientId ? { ...u, failed: false } : u)));
    try {
      merge(await sendMedia(roomId, upload.kind, upload.blob, upload.clientId));
      remove(upload.clientId);
    } catch (error) {
      console.warn('The photo or voice message was not sent', error);
      // A refused photo names what a photo may be (the global text for invalid_image speaks of Scan).
      const { key, vars } = isApiError(error) && error.code === 'invalid_image' ? { key: 'chat.mediaInvalidImage' as const, vars: undefined } : errorText(error, 'chat.mediaSendFailed');
      toast.error(t('chat.error'), { description: t(key, vars) });
      if (refusedForGood(error)) remove(upload.clientId);
      else setUploads((list) => list.map((u) => (u.clientId === upload.clientId ? { ...u, failed: true } : u)));
    }
  }, [merge, remove, roomId, t]);

  const send = useCallback((kind: MediaKind, blob: Blob, durationMs?: number) => {
    if (!navigator.onLine) {
      toast.error(t('chat.mediaOffline'), { id: 'media-offline' });
      return;
    }
    const upload: Upload = { clientId: newClientId(), kind, blob, url: URL.createObjectURL(blob), durationMs, failed: false, createdAt: new Date() };
    setUploads((list) => [...list, upload]);
    void post(upload);
  }, [post, t]);

  const retry = useCallback((clientId: string) => {
    const upload = live.current.find((u) => u.clientId === clientId);
    if (upload) void post(upload);
  }, [post]);

  const messages = useMemo(
    () => uploads.map((u): ViewMessage => ({
      ...localMessage({ roomId, senderId: myId, clientId: u.clientId, content: '', now: u.createdAt }),
      attachment: { id: '', kind: u.kind, mime: u.blob.type, ...(u.durationMs ? { durationMs: u.durationMs } : {}) },
      upload: { url: u.url, failed: u.failed },
    })),
    [uploads, roomId, myId],
  );

  return { messages, send, retry, discard: remove };
}
