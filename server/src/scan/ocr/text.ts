/** Post-processing of OCR output, shared by the engines. */

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u3000-\\u303F\\u30FC\\uFF01-\\uFF60';
/** Spaces Tesseract puts between CJK characters (the scripts write none). */
const CJK_GAP = new RegExp(`([${CJK}])[ \\t]+(?=[${CJK}])`, 'gu');

/**
 * Tidy OCR text: no spaces between CJK characters, single spaces inside lines, no trailing spaces,
 * at most one blank line in a row, trimmed. Idempotent.
 */
export function cleanOcrText(raw: string): string {
  return raw
    .replace(/\r\n?/g, '\n')
    .replace(/[\f\v\u00A0\u2000-\u200A\u202F\u205F]/g, ' ')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').replace(CJK_GAP, '$1').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface TsvText {
  text: string;
  /** Mean word confidence weighted by word length, 0..1; undefined when no word was read. */
  confidence: number | undefined;
  words: number;
}

export interface TsvWord {
  text: string;
  /** 0..100 */
  conf: number;
  left: number;
  top: number;
  width: number;
  height: number;
  /** block.paragraph and line numbers, to rebuild the layout. */
  paragraph: string;
  line: string;
}

/** Word rows (level 5) of Tesseract's TSV output, in reading order; rows without text or confidence are skipped. */
export function parseTsvWords(tsv: string): TsvWord[] {
  const words: TsvWord[] = [];
  for (const row of tsv.split('\n')) {
    const cols = row.split('\t');
    if (cols.length < 12 || cols[0] !== '5') continue;
    const conf = Number(cols[10]);
    const text = cols.slice(11).join('\t').trim();
    if (!text || !Number.isFinite(conf) || conf < 0) continue;
    const [left, top, width, height] = cols.slice(6, 10).map(Number) as [number, number, number, number];
    words.push({ text, conf, left, top, width, height, paragraph: `${cols[2]}.${cols[3]}`, line: cols[4] ?? '0' });
  }
  return words;
}

/**
 * Rebuild the text from Tesseract's TSV output: words joined by spaces, lines by newlines, paragraphs
 * by a blank line. Noise words (see isNoise) are dropped.
 */
export function parseTsv(tsv: string): TsvText {
  const paragraphs = new Map<string, Map<string, string[]>>();
  let weighted = 0;
  let letters = 0;
  let count = 0;
  for (const word of parseTsvWords(tsv)) {
    if (isNoise(word)) continue;
    let lines = paragraphs.get(word.paragraph);
    if (!lines) paragraphs.set(word.paragraph, (lines = new Map()));
    let wordsOfLine = lines.get(word.line);
    if (!wordsOfLine) lines.set(word.line, (wordsOfLine = []));
    wordsOfLine.push(word.text);
    const length = [...word.text].length;
    weighted += word.conf * length;
    letters += length;
    count += 1;
  }
  const text = [...paragraphs.values()]
    .map((lines) => [...lines.values()].map((w) => w.join(' ')).join('\n'))
    .join('\n\n');
  return { text: cleanOcrText(text), confidence: letters > 0 ? weighted / letters / 100 : undefined, words: count };
}

/** Edges of a sign or a frame read as '|', specks read as '~' or '=': symbol-only words, or unsure ones. */
function isNoise(word: TsvWord): boolean {
  if (/[\p{L}\p{N}]/u.test(word.text)) return false;
  return word.conf < 60 || /^[|¦‖_~=“”"'`^<>\\[\]{}]+$/u.test(word.text);
}

export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Where the text of a cluttered photo probably is: the words read with high confidence (two letters
 * or more, or one CJK character), grown by three line heights on every side, inside the page.
 */
export function confidentRegion(words: readonly TsvWord[], pageWidth: number, pageHeight: number): Region | undefined {
  const anchors = words.filter(
    (w) => w.conf >= 85 && (/\p{L}.*\p{L}/su.test(w.text) || /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(w.text)),
  );
  if (anchors.length === 0) return undefined;
  const heights = anchors.map((w) => w.height).sort((a, b) => a - b);
  const margin = 3 * (heights[Math.floor(heights.length / 2)] ?? 0);
  const left = Math.max(0, Math.min(...anchors.map((w) => w.left)) - margin);
  const top = Math.max(0, Math.min(...anchors.map((w) => w.top)) - margin);
  const right = Math.min(pageWidth, Math.max(...anchors.map((w) => w.left + w.width)) + margin);
  const bottom = Math.min(pageHeight, Math.max(...anchors.map((w) => w.top + w.height)) + margin);
  if (right - left < 8 || bottom - top < 8) return undefined;
  return { left, top, width: right - left, height: bottom - top };
}

export interface OsdResult {
  /** Degrees to rotate the image clockwise to make the text upright. */
  rotate: 0 | 90 | 180 | 270;
  orientationConfidence: number;
  script: string | undefined;
  scriptConfidence: number;
}

/** Parse `tesseract --psm 0` output; undefined when it found too little text to tell. */
export function parseOsd(output: string): OsdResult | undefined {
  const field = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, 'm').exec(output)?.[1]?.trim();
  const rotate = Number(field('Rotate'));
  if (rotate !== 0 && rotate !== 90 && rotate !== 180 && rotate !== 270) return undefined;
  return {
    rotate,
    orientationConfidence: Number(field('Orientation confidence')) || 0,
    script: field('Script'),
    scriptConfidence: Number(field('Script confidence')) || 0,
  };
}
