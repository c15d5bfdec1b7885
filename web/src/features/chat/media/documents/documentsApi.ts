import { CHAT_API, MEDIA_UPLOAD_FIELDS } from '@parley/common/client';
import type { ChatMessage, DocumentTextResponse, FileLimits, MessageAttachment } from '@parley/common';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api.ts';

/** Upload a file as a message; the same client id on a retry (the outbox's) never stores it twice. */
export async function sendFile(roomId: string, file: Blob, name: string, clientId: string): Promise<ChatMessage> {
  const form = new FormData();
  // The client id first: the server reads it before the file.
  form.append(MEDIA_UPLOAD_FIELDS.clientId, clientId);
  form.append(MEDIA_UPLOAD_FIELDS.file, file, name);
  return (await apiFetch<{ message: ChatMessage }>(CHAT_API.files(roomId), { method: 'POST', body: form })).message;
}

/** The document's text and the caller's language's translation (polled while it is being read or translated). */
export const fetchDocumentText = (roomId: string, mediaId: string, signal?: AbortSignal) =>
  apiFetch<DocumentTextResponse>(CHAT_API.fileText(roomId, mediaId), { signal });

/**
 * The server's largest file (FILE_MAX_MB), asked once per visit: a file above it is refused before its upload. Unknown
 * (offline at start, an older server): undefined, and the server's 413 decides.
 */
export function useFileMaxBytes(): number | undefined {
  const limits = useQuery({ queryKey: ['file-limits'], queryFn: () => apiFetch<FileLimits>(CHAT_API.fileLimits), staleTime: Infinity, retry: false });
  return limits.data?.maxBytes;
}

/** What a file waiting in the outbox shows: its name and size (the type is the server's to decide). */
export function localFileAttachment(file: { blob: Blob; name: string }): MessageAttachment {
  return { id: '', kind: 'file', mime: file.blob.type, name: file.name, size: file.blob.size, document: null, pages: null };
}

/** The short name of a file's type for the card: the extension, upper case (PDF, DOCX), or nothing. */
export function fileTypeLabel(name: string): string {
  const ext = /\.([a-z0-9]{1,8})$/i.exec(name)?.[1];
  return ext ? ext.toUpperCase() : '';
}
