import sharp from 'sharp';

/** The card's image side at most (px): a thumbnail, not the page's full picture. */
const SIDE = 600;
/** Decoded pixels at most (a small file can still claim a huge canvas). */
const MAX_PIXELS = 40_000_000;

/** JPEG, PNG, GIF or WebP, told from the first bytes (never from the Content-Type the site claims). */
export function imageKind(bytes: Buffer): 'jpeg' | 'png' | 'gif' | 'webp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'gif';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

/**
 * The site's image as we keep it: one of the four image types by its bytes, decoded within a pixel cap, re-encoded
 * as a JPEG of at most 600 px (metadata stripped, transparency on white, a GIF's first frame). Null: not an image
 * we take.
 */
export async function thumbnail(bytes: Buffer): Promise<{ data: Buffer; width: number; height: number } | null> {
  if (!imageKind(bytes)) return null;
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .resize(SIDE, SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    return null;
  }
}
