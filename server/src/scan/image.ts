import sharp, { type Metadata } from 'sharp';
import { SCAN_LIMITS } from '@parley/common';
import { AppError } from '../http/errors.ts';
import { heicToPng } from './heic.ts';

export interface ImageLimits {
  /** Decoded bytes. */
  maxBytes: number;
  /** Width x height, checked from the header before decoding. */
  maxPixels: number;
  /** Longest side of the image handed to OCR. */
  ocrMaxSide: number;
  /** Smaller images are enlarged (at most 3x) to this longest side: small labels have small text. */
  ocrMinSide: number;
}

export const DEFAULT_IMAGE_LIMITS: ImageLimits = {
  maxBytes: SCAN_LIMITS.maxBytes,
  maxPixels: SCAN_LIMITS.maxPixels,
  ocrMaxSide: 2000,
  ocrMinSide: 800,
};

export interface PreparedImage {
  /** Grayscale PNG, upright, longest side between `ocrMinSide` (unless that is more than 3x) and `ocrMaxSide`. */
  png: Buffer;
  width: number;
  height: number;
  /** Format of the upload as read from its bytes: 'jpeg', 'png', 'webp', 'gif', 'avif', 'heic'. */
  format: string;
}

const invalid = (message: string) => new AppError(400, 'invalid_image', message);
const ACCEPTED_TEXT = 'Please choose a JPEG, PNG, WebP, GIF, AVIF or HEIC image.';

/**
 * Base64 (optionally a `data:image/...;base64,` URL) to bytes. The length is checked before anything
 * is decoded, so an oversized body costs no extra memory.
 */
export function decodeBase64Image(input: string, limits: ImageLimits = DEFAULT_IMAGE_LIMITS): Buffer {
  const prefix = /^\s*data:([^,;]*)((?:;[^,;]*)*),/i.exec(input);
  if (prefix && !/;base64$/i.test(prefix[2] ?? '')) throw invalid('The image data URL must be base64-encoded.');
  if (prefix && prefix[1] && !/^image\//i.test(prefix[1])) throw invalid(`That file is not an image. ${ACCEPTED_TEXT}`);
  const body = prefix ? input.slice(prefix[0].length) : input;
  if (body.length > Math.ceil(limits.maxBytes / 3) * 4 * 1.05 + 1024) throw tooManyBytes(limits);
  const compact = body.replace(/\s+/g, '');
  if (compact.length === 0) throw invalid('No image was sent.');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(compact)) throw invalid('The image is not valid base64.');
  const bytes = Buffer.from(compact, 'base64');
  if (bytes.length > limits.maxBytes) throw tooManyBytes(limits);
  return bytes;
}

export function tooManyBytes(limits: ImageLimits = DEFAULT_IMAGE_LIMITS): AppError {
  const mb = Math.round(limits.maxBytes / (1024 * 1024));
  return new AppError(413, 'image_too_large', `The image is larger than ${mb} MB. Please choose a smaller photo.`);
}

/**
 * Check that the bytes are a real image of an accepted format within the caps, then make the page OCR
 * reads: EXIF orientation applied, scaled into [ocrMinSide, ocrMaxSide], grayscale PNG.
 *
 * The format and the pixel count come from the header (sharp's metadata() does not decode pixels), so a
 * decompression bomb is refused before any pixel buffer exists; decoding then runs with limitInputPixels
 * as a second guard.
 */
export async function prepareImage(bytes: Buffer, limits: ImageLimits = DEFAULT_IMAGE_LIMITS): Promise<PreparedImage> {
  if (bytes.length === 0) throw invalid('The file is empty.');
  if (bytes.length > limits.maxBytes) throw tooManyBytes(limits);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw invalid(`That file is not an image we can read. ${ACCEPTED_TEXT}`);
  }
  const format = formatOf(meta);
  if (!format) throw invalid(`Images of type ${meta.format.toUpperCase()} are not accepted. ${ACCEPTED_TEXT}`);
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (width <= 0 || height <= 0) throw invalid('The image has no pixels.');
  if (width * height > limits.maxPixels) {
    const mp = Math.round(limits.maxPixels / 1_000_000);
    throw new AppError(
      413,
      'image_too_large',
      `The image is too large (${width}×${height} pixels; at most ${mp} megapixels). Please choose a smaller photo.`,
    );
  }
  const longest = Math.max(width, height);
  const side = Math.round(longest > limits.ocrMaxSide ? limits.ocrMaxSide : Math.min(Math.max(longest, limits.ocrMinSide), longest * 3));
  const source = format === 'heic' ? await heicToPng(bytes, limits.ocrMaxSide) : bytes;
  try {
    const { data, info } = await sharp(source, { limitInputPixels: limits.maxPixels, failOn: 'error', pages: 1 })
      .rotate()
      .resize({ width: side, height: side, fit: 'inside' })
      .flatten({ background: '#ffffff' })
      .grayscale()
      .toColourspace('b-w')
      .png({ compressionLevel: 1 })
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height, format };
  } catch {
    throw invalid('The image is damaged or incomplete. Please take or choose the photo again.');
  }
}

function formatOf(meta: Metadata): string | undefined {
  switch (meta.format) {
    case 'jpeg':
    case 'png':
    case 'webp':
    case 'gif':
      return meta.format;
    case 'heif':
      // libvips reads AV1 (AVIF) itself; HEVC (iPhone HEIC) goes through ImageMagick when it can.
      if (meta.compression === 'av1') return 'avif';
      if (meta.compression === 'hevc') return 'heic';
      return undefined;
    default:
      return undefined;
  }
}
