import { CHAT_API, MEDIA_UPLOAD_FIELDS } from '@parley/common/client';
import type { ChatMessage } from '@parley/common';
import { apiFetch } from '../../../lib/api.ts';

export type MediaKind = 'photo' | 'voice';

/** Upload a photo or a WAV recording as a message; the same client id on a retry never stores it twice. */
export async function sendMedia(roomId: string, kind: MediaKind, file: Blob, clientId: string): Promise<ChatMessage> {
  const form = new FormData();
  // The client id first: the server reads it before the file.
  form.append(MEDIA_UPLOAD_FIELDS.clientId, clientId);
  form.append(MEDIA_UPLOAD_FIELDS.file, file, kind === 'photo' ? 'photo' : 'voice.wav');
  const url = kind === 'photo' ? CHAT_API.photos(roomId) : CHAT_API.voice(roomId);
  return (await apiFetch<{ message: ChatMessage }>(url, { method: 'POST', body: form })).message;
}

export const mediaUrl = (roomId: string, mediaId: string) => CHAT_API.media(roomId, mediaId);
