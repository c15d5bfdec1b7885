import sharp from 'sharp';
import { MEDIA_LIMITS } from '@parley/common';
import { AppError } from '../http/errors.ts';
import { DEFAULT_IMAGE_LIMITS, heicToPng, prepareImage } from '../scan/index.ts';

export interface PreparedPhoto {
  /** What is stored and shown: JPEG, upright, at most photoMaxSide, no metadata (EXIF, GPS). */
  jpeg: Buffer;
  width: number;
  height: number;
  /** What OCR reads: Scan's grey page. */
  ocrPng: Buffer;
}

const LIMITS = { ...DEFAULT_IMAGE_LIMITS, maxBytes: MEDIA_LIMITS.photoMaxBytes };

/**
 * Scan's checks decide whether the bytes are an accepted image within the byte and pixel caps
 * (format from the bytes, pixel count from the header before decoding) and make the OCR page;
 * the stored copy is then re-encoded from the same bytes, so nothing of the upload but its
 * pixels is kept.
 */
export async function preparePhoto(bytes: Buffer): Promise<PreparedPhoto> {
  const page = await prepareImage(bytes, LIMITS);
  const side = MEDIA_LIMITS.photoMaxSide;
  const source = page.format === 'heic' ? await heicToPng(bytes, side) : bytes;
  try {
    const { data, info } = await sharp(source, { limitInputPixels: LIMITS.maxPixels, failOn: 'error', pages: 1 })
      .rotate()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height, ocrPng: page.png };
  } catch {
    throw new AppError(400, 'invalid_image', 'The image is damaged or incomplete. Please take or choose the photo again.');
  }
}
