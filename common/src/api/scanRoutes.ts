/** Paths of the Scan API. The /functions/v1 path answers clients written for the spec's hosted function. */
export const SCAN_API = {
  scan: '/api/scan',
  upload: '/api/scan/upload',
  functionsSmartImageTranslate: '/functions/v1/smart-image-translate',
} as const;

/** Caps of a scanned image (the server refuses more with 413 image_too_large). */
export const SCAN_LIMITS = {
  /** Decoded image bytes. */
  maxBytes: 10 * 1024 * 1024,
  /** Width x height, read from the header before anything is decoded. */
  maxPixels: 50_000_000,
  /** Longest side the browser should scale a camera photo to before upload (the server scales to 2000 for OCR). */
  clientMaxSide: 2000,
  /** Scans per user per minute. */
  perMinute: 20,
} as const;

/** Multipart field names of POST /api/scan/upload. */
export const SCAN_UPLOAD_FIELDS = { file: 'file', primaryLanguage: 'primaryLanguage', secondaryLanguage: 'secondaryLanguage' } as const;
