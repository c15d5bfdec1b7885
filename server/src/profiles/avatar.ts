import sharp from 'sharp';
import { LIMITS } from '@parley/common';
import { AppError } from '../http/errors.ts';

const ACCEPTED = new Map([
  ['jpeg', 'jpg'],
  ['png', 'png'],
  ['webp', 'webp'],
  ['gif', 'png'],
]);
const AVATAR_SIDE = 512;

const invalid = (message: string) => new AppError(400, 'invalid_image', message);

/**
 * Check the bytes (not the name) are a real JPEG/PNG/WebP/GIF within the pixel cap, then
 * re-encode: orientation applied, at most 512 px, metadata (EXIF, GPS) stripped.
 */
export async function prepareAvatar(bytes: Buffer): Promise<{ data: Buffer; ext: string }> {
  if (bytes.length === 0) throw invalid('The file is empty.');
  let format: string | undefined;
  let pixels: number;
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    format = meta.format;
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch {
    throw invalid('The file is not a valid image.');
  }
  const ext = format ? ACCEPTED.get(format) : undefined;
  if (!ext) throw invalid('Only JPEG, PNG, WebP or GIF images are accepted.');
  if (pixels > LIMITS.avatarMaxPixels) {
    throw new AppError(413, 'image_too_large', 'The image has too many pixels (at most 40 megapixels).');
  }
  try {
    const pipeline = sharp(bytes, { limitInputPixels: LIMITS.avatarMaxPixels, failOn: 'error' })
      .rotate()
      .resize(AVATAR_SIDE, AVATAR_SIDE, { fit: 'inside', withoutEnlargement: true });
    const data = await (ext === 'jpg' ? pipeline.jpeg({ quality: 85 }) : ext === 'webp' ? pipeline.webp() : pipeline.png()).toBuffer();
    return { data, ext };
  } catch {
    throw invalid('The image is damaged or incomplete.');
  }
}
