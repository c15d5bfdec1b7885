import { SCAN_LIMITS } from '@parley/common/client';

/** JPEG quality of a scaled or captured photo: small enough to upload quickly, sharp enough for OCR. */
export const JPEG_QUALITY = 0.85;

export interface Size {
  width: number;
  height: number;
}

/**
 * Size to draw an image at so its longest side is at most `maxSide`, keeping the aspect ratio
 * (never upscaled; each side at least 1 px). Unknown or zero sizes are returned as they are.
 */
export function scaledSize(width: number, height: number, maxSide: number = SCAN_LIMITS.clientMaxSide): Size {
  if (!(width > 0) || !(height > 0)) return { width, height };
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const factor = maxSide / longest;
  return {
    width: Math.max(1, Math.min(maxSide, Math.round(width * factor))),
    height: Math.max(1, Math.min(maxSide, Math.round(height * factor))),
  };
}

/** Whether a picked file claims to be an image (spec: its type begins with image/). */
export function isImageFile(file: { type: string }): boolean {
  return file.type.toLowerCase().startsWith('image/');
}

/** An image ready to send: base64 bytes (no data: prefix), their type, and a URL to preview them. */
export interface PreparedImage {
  base64: string;
  mimeType: string;
  bytes: number;
  previewUrl: string;
}

export async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

async function prepared(blob: Blob, mimeType: string): Promise<PreparedImage> {
  const base64 = await blobToBase64(blob);
  return { base64, mimeType, bytes: blob.size, previewUrl: `data:${mimeType};base64,${base64}` };
}

const HEADER_TIMEOUT_MS = 10_000;

/** Pixel size read from the header through an <img> (the browser decodes lazily), or undefined if unreadable. */
function headerSize(blob: Blob): Promise<Size | undefined> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(blob);
    const img = new Image();
    const done = (size?: Size) => {
      clearTimeout(timer);
      URL.revokeObjectURL(url);
      resolve(size);
    };
    const timer = setTimeout(() => done(undefined), HEADER_TIMEOUT_MS);
    img.onload = () => done({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => done(undefined);
    img.src = url;
  });
}

function canvasToJpeg(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('Could not encode the image'))), 'image/jpeg', JPEG_QUALITY),
  );
}

/** Draw a (video frame or bitmap) source at its scaled size and encode it as JPEG. */
export async function drawToJpeg(source: CanvasImageSource, width: number, height: number): Promise<PreparedImage> {
  const size = scaledSize(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas is not available');
  ctx.fillStyle = '#fff'; // transparent PNG areas become white, not black, in the JPEG
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(source, 0, 0, size.width, size.height);
  return prepared(await canvasToJpeg(canvas), 'image/jpeg');
}

/**
 * Make a picked or photographed image ready to send. Images within the size limits go as they are
 * (lossless; the server applies EXIF orientation). Larger ones are decoded with their EXIF orientation,
 * scaled to at most 2000 px on the longest side and re-encoded as JPEG. Pixel bombs and images the
 * browser cannot decode (HEIC in most browsers) go unchanged, so the server gives its clear answer.
 */
export async function prepareImage(file: Blob): Promise<PreparedImage> {
  const mimeType = file.type || 'application/octet-stream';
  const size = await headerSize(file);
  if (!size || size.width * size.height > SCAN_LIMITS.maxPixels) return prepared(file, mimeType);
  const needsScaling = Math.max(size.width, size.height) > SCAN_LIMITS.clientMaxSide;
  if (!needsScaling && file.size <= SCAN_LIMITS.maxBytes) return prepared(file, mimeType);
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    try {
      return await drawToJpeg(bitmap, bitmap.width, bitmap.height);
    } finally {
      bitmap.close();
    }
  } catch (error) {
    console.warn('Could not scale the image in the browser; sending it as it is', error);
    return prepared(file, mimeType);
  }
}
