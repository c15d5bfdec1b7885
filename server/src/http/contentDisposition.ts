/**
 * `attachment` with an ASCII fallback name and the real one as RFC 5987 `filename*` (UTF-8, percent-encoded): a file
 * people sent (a conversation's document, a report's kept copy) is only ever downloaded, never rendered.
 */
export function contentDisposition(name: string): string {
  const ascii = name.normalize('NFKD').replace(/[^\x20-\x7E]/g, '').replace(/["\\%;]/g, '_').trim() || 'file';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The headers that keep a served file inert: its stored type as is (nosniff), and no page, script or plugin. */
export const INERT_FILE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
} as const;
