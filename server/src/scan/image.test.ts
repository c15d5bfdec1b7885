import { spawnSync } from 'node:child_process';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.ts';
import { DEFAULT_IMAGE_LIMITS, decodeBase64Image, prepareImage } from './image.ts';
import { pngBomb } from './testing/bomb.ts';
import { renderLabel, renderPhoto } from './testing/render.ts';

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

function syncRefusal(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
  throw new Error('expected a refusal');
}

let label: Buffer;
beforeAll(async () => {
  label = await renderLabel('Salida de emergencia', { size: 40 });
});

describe('decodeBase64Image', () => {
  it('accepts plain base64 and data URLs, with line breaks', () => {
    const bytes = Buffer.from('not really an image, only bytes');
    const b64 = bytes.toString('base64');
    expect(decodeBase64Image(b64)).toEqual(bytes);
    expect(decodeBase64Image(`data:image/png;base64,${b64}`)).toEqual(bytes);
    expect(decodeBase64Image(b64.replace(/(.{8})/g, '$1\n'))).toEqual(bytes);
  });

  it('refuses empty input, other characters, non-image data URLs', () => {
    expect(syncRefusal(() => decodeBase64Image('data:image/png;base64,')).message).toBe('No image was sent.');
    expect(syncRefusal(() => decodeBase64Image('abc$%^')).code).toBe('invalid_image');
    expect(syncRefusal(() => decodeBase64Image('data:text/plain;base64,aGVsbG8=')).message).toMatch(/not an image/);
    expect(syncRefusal(() => decodeBase64Image('data:image/png,rawbytes')).message).toMatch(/base64/);
  });

  it('refuses more than the byte cap with 413 from the length alone', () => {
    const limits = { ...DEFAULT_IMAGE_LIMITS, maxBytes: 1000 };
    const err = syncRefusal(() => decodeBase64Image('A'.repeat(4000), limits));
    expect(err.status).toBe(413);
    expect(err.code).toBe('image_too_large');
    expect(decodeBase64Image(Buffer.alloc(1000).toString('base64'), limits)).toHaveLength(1000);
    expect(syncRefusal(() => decodeBase64Image(Buffer.alloc(1001).toString('base64'), limits)).status).toBe(413);
  });
});

describe('prepareImage', () => {
  it('turns a photo into a grayscale PNG, scaled down to 2000 px', async () => {
    const photo = await sharp(await renderPhoto('Hola', 1200, 900)).resize(3000, 2250).jpeg().toBuffer();
    const prepared = await prepareImage(photo);
    expect(prepared).toMatchObject({ width: 2000, height: 1500, format: 'jpeg' });
    const meta = await sharp(prepared.png).metadata();
    expect(meta.format).toBe('png');
    expect(meta.channels).toBe(1);
  });

  it('enlarges a small label (at most 3x) so its text is big enough to read', async () => {
    const small = await sharp(label).resize({ width: 200 }).png().toBuffer();
    const { width: w = 0, height: h = 0 } = await sharp(small).metadata();
    const prepared = await prepareImage(small);
    expect(prepared.width).toBe(600);
    expect(prepared.height).toBe(Math.round((h * 600) / w));
  });

  it('applies the EXIF orientation', async () => {
    const { width = 0, height = 0 } = await sharp(label).metadata();
    expect(width).toBeGreaterThan(height);
    // Stored sideways, with orientation 6 telling viewers to turn it 90° clockwise.
    const sideways = await sharp(label).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const stored = await sharp(sideways).metadata();
    expect([stored.width, stored.orientation]).toEqual([height, 6]);
    const prepared = await prepareImage(sideways);
    expect(prepared.width).toBeGreaterThan(prepared.height);
  });

  it('accepts WebP, GIF and AVIF', async () => {
    for (const [format, bytes] of [
      ['webp', await sharp(label).webp().toBuffer()],
      ['gif', await sharp(label).gif().toBuffer()],
      ['avif', await sharp(label).avif().toBuffer()],
    ] as const) {
      expect((await prepareImage(bytes)).format).toBe(format);
    }
  });

  it('reads an iPhone-style HEIC through ImageMagick', async () => {
    const heic = spawnSync('convert', ['png:-', 'heic:-'], { input: label, maxBuffer: 64 * 1024 * 1024 });
    expect(heic.status).toBe(0);
    const meta = await sharp(heic.stdout).metadata();
    expect([meta.format, meta.compression]).toEqual(['heif', 'hevc']);
    const prepared = await prepareImage(heic.stdout);
    expect(prepared.format).toBe('heic');
    expect(prepared.width).toBeGreaterThan(prepared.height);
  });

  it('refuses a text file renamed .png', async () => {
    const err = await refusal(prepareImage(Buffer.from('Dear Ana,\nthis is not a picture at all.\n')));
    expect([err.status, err.code]).toEqual([400, 'invalid_image']);
    expect(err.message).toMatch(/not an image/);
  });

  it('refuses an empty file, SVG and TIFF', async () => {
    expect((await refusal(prepareImage(Buffer.alloc(0)))).message).toBe('The file is empty.');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    expect((await refusal(prepareImage(svg))).message).toMatch(/SVG are not accepted/);
    expect((await refusal(prepareImage(await sharp(label).tiff().toBuffer()))).message).toMatch(/TIFF are not accepted/);
  });

  it('refuses a truncated JPEG as damaged', async () => {
    const jpeg = await renderPhoto('Hola', 1200, 900);
    const err = await refusal(prepareImage(jpeg.subarray(0, Math.floor(jpeg.length * 0.6))));
    expect([err.status, err.code]).toEqual([400, 'invalid_image']);
    expect(err.message).toMatch(/damaged or incomplete/);
  });

  it('refuses a 20000x20000 PNG from its header, without decoding it', async () => {
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(SMALL_FILE);
    const before = process.memoryUsage().rss;
    const err = await refusal(prepareImage(bomb));
    const grown = process.memoryUsage().rss - before;
    expect([err.status, err.code]).toEqual([413, 'image_too_large']);
    expect(err.message).toMatch(/20000×20000 pixels; at most 50 megapixels/);
    // Decoded it would be 400 MB as greyscale, 1.6 GB as RGBA.
    expect(grown).toBeLessThan(300 * 1024 * 1024);
  });

  it('refuses an image over the byte cap', async () => {
    const err = await refusal(prepareImage(label, { ...DEFAULT_IMAGE_LIMITS, maxBytes: 100 }));
    expect([err.status, err.code]).toEqual([413, 'image_too_large']);
  });
});

const SMALL_FILE = 1024 * 1024;
