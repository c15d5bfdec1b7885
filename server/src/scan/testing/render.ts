import sharp from 'sharp';

/** Fonts from Debian packages (fonts-noto-core, fonts-noto-cjk) that cover each script of the tests. */
export const FONTS = {
  latin: 'Noto Sans',
  cyrillic: 'Noto Sans',
  zh: 'Noto Sans CJK SC',
  ja: 'Noto Sans CJK JP',
  ko: 'Noto Sans CJK KR',
  arabic: 'Noto Naskh Arabic',
} as const;

export interface RenderOptions {
  font?: string;
  /** Font size in points at 72 dpi, i.e. pixels. */
  size?: number;
  /** Margin around the text in pixels. */
  margin?: number;
  color?: string;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Dark text on a transparent background, rendered by sharp's Pango (full shaping: Arabic joins, CJK). */
export async function renderText(text: string, options: RenderOptions = {}): Promise<Buffer> {
  const { font = FONTS.latin, size = 32, color = '#111111' } = options;
  return sharp({
    text: { text: `<span foreground="${color}">${escape(text)}</span>`, font: `${font} ${size}`, rgba: true, dpi: 72, align: 'centre' },
  })
    .png()
    .toBuffer();
}

/** A label: the text on white with a margin, as PNG. */
export async function renderLabel(text: string, options: RenderOptions = {}): Promise<Buffer> {
  const margin = options.margin ?? 40;
  return sharp(await renderText(text, options))
    .extend({ top: margin, bottom: margin, left: margin, right: margin, background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();
}

/** Deterministic pseudo-random numbers (mulberry32), so generated photos are the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A photo-like JPEG of a sign: a strong diagonal gradient with clutter (shapes of random colours), a
 * light sign panel holding the text, turned by a couple of degrees, Gaussian noise, a soft blur and
 * JPEG compression. `width` x `height` page; deterministic for a given seed.
 */
export async function renderPhoto(
  text: string,
  width: number,
  height: number,
  options: RenderOptions & { seed?: number; angle?: number } = {},
): Promise<Buffer> {
  const next = random(options.seed ?? 7);
  const shapes = Array.from({ length: 14 }, () => {
    const [x, y, r] = [next() * width, next() * height, 10 + next() * 90];
    const colour = `hsl(${Math.round(next() * 360)},${Math.round(20 + next() * 50)}%,${Math.round(25 + next() * 50)}%)`;
    return next() < 0.5
      ? `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="${colour}" opacity="0.6"/>`
      : `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${(r * 2).toFixed(0)}" height="${r.toFixed(0)}" fill="${colour}" opacity="0.6"/>`;
  });
  const background = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#e9dcc0"/><stop offset="1" stop-color="#56687e"/>
      </linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}
    </svg>`,
  );
  // An empty sign is a panel with nothing on it (Pango renders no empty text).
  const textLayer = text ? await renderText(text, { size: 44, ...options }) : undefined;
  const meta = textLayer ? await sharp(textLayer).metadata() : { width: 500, height: 100 };
  const [tw, th] = [meta.width ?? 0, meta.height ?? 0];
  const panel = await sharp({ create: { width: tw + 80, height: th + 60, channels: 4, background: '#f3efe2' } })
    .composite(textLayer ? [{ input: textLayer, left: 40, top: 30 }] : [])
    .rotate(options.angle ?? -2, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  const pm = await sharp(panel).metadata();
  const left = Math.max(0, Math.round((width - (pm.width ?? 0)) / 2));
  const top = Math.max(0, Math.round((height - (pm.height ?? 0)) / 2));
  const noise = await sharp(gaussianNoise(width, height, 45, next), { raw: { width, height, channels: 1 } })
    .toColourspace('srgb')
    .ensureAlpha(0.22)
    .png()
    .toBuffer();
  return sharp(await sharp(background).composite([{ input: panel, left, top }]).png().toBuffer())
    .composite([{ input: noise, blend: 'over' }])
    .blur(0.9)
    .jpeg({ quality: 75 })
    .toBuffer();
}

/** Grey Gaussian noise around mid-grey (Box-Muller), one byte a pixel. */
function gaussianNoise(width: number, height: number, sigma: number, next: () => number): Buffer {
  const pixels = Buffer.alloc(width * height);
  for (let i = 0; i < pixels.length; i += 2) {
    const r = Math.sqrt(-2 * Math.log(next() || 1e-12)) * sigma;
    const t = 2 * Math.PI * next();
    pixels[i] = Math.max(0, Math.min(255, Math.round(128 + r * Math.cos(t))));
    if (i + 1 < pixels.length) pixels[i + 1] = Math.max(0, Math.min(255, Math.round(128 + r * Math.sin(t))));
  }
  return pixels;
}
