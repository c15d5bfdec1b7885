import { AppError } from '../http/errors.ts';
import { EngineError } from '../platform/errors.ts';
import { runProcessRaw } from '../platform/process.ts';

const UNREADABLE =
  'HEIC photos cannot be read on this server. Please choose a JPEG or PNG (on an iPhone: Settings › Camera › Formats › Most Compatible).';

/**
 * HEIC (HEVC-coded HEIF, the iPhone default) to PNG. sharp's bundled libvips reads AVIF but has no
 * HEVC decoder; Debian's ImageMagick (libheif + libde265) has one. Runs as a child process with a time
 * limit and ImageMagick's own resource caps; the caller has already checked the pixel count from the header.
 * Rotation (HEIF `irot`) is applied by libheif; metadata is stripped so nothing rotates twice. The result is
 * already scaled to `maxSide`.
 */
export async function heicToPng(bytes: Buffer, maxSide: number, binary = 'convert'): Promise<Buffer> {
  const args = [
    '-limit', 'memory', '512MiB', '-limit', 'map', '1GiB', '-limit', 'area', '60MP', '-limit', 'time', '20',
    'heic:-', '-strip', '-resize', `${maxSide}x${maxSide}>`, 'png:-',
  ];
  try {
    const out = await runProcessRaw(binary, args, {
      input: bytes,
      timeoutMs: 25_000,
      signal: AbortSignal.timeout(30_000),
      maxOutputBytes: 64 * 1024 * 1024,
    });
    if (out.length === 0) throw new AppError(400, 'invalid_image', UNREADABLE);
    return out;
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof EngineError && err.code === 'failed') {
      throw new AppError(400, 'invalid_image', 'The image is damaged or incomplete. Please take or choose the photo again.');
    }
    throw new AppError(400, 'invalid_image', UNREADABLE);
  }
}
