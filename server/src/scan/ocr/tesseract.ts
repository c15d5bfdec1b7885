import sharp from 'sharp';
import type { LanguageCode } from '@parley/common';
import { EngineError } from '../../platform/errors.ts';
import { runProcess } from '../../platform/process.ts';
import { Semaphore } from '../../platform/semaphore.ts';
import {
  ALTERNATE_DATA,
  LANGUAGE_SCRIPT,
  SCRIPT_LANGUAGES,
  TESSERACT_CODES,
  languageReads,
  scriptFromOsd,
  type Script,
} from './scripts.ts';
import { confidentRegion, parseOsd, parseTsv, parseTsvWords, type OsdResult } from './text.ts';
import type { OcrEngine, OcrHealth, OcrResult } from './types.ts';

export interface TesseractOptions {
  /** The CLI; default 'tesseract' on PATH. */
  binary?: string;
  /** Limit of one tesseract run (the child is killed after it). Default 20 s. */
  timeoutMs?: number;
  /** Runs at once; the rest wait. Default 2 (one per core of a small server). */
  concurrency?: number;
  /** Page segmentation mode of the reading pass. Default 3 (automatic layout, no OSD). */
  psm?: number;
  /**
   * Binarisation: 0 global Otsu, 1 tiled Otsu, 2 Sauvola (default). Sauvola's local threshold keeps text
   * readable on photos with gradients, shadows and a light sign on a darker background, where global Otsu
   * turns the page into blobs.
   */
  thresholding?: 0 | 1 | 2;
  /** The focus pass for poor readings (default on). */
  focus?: boolean;
}

/** OSD below these confidences is not trusted to rotate the image or to switch the language data. */
const ROTATE_CONFIDENCE = 1.5;
const SCRIPT_CONFIDENCE = 0.5;
/** A pass below this mean confidence is compared with the alternative reading. */
const GOOD_ENOUGH = 0.7;
/** Below this (or no text at all) the focus pass looks for the text in a cluttered photo. */
const FOCUS_BELOW = 0.6;

/**
 * Offline OCR with the tesseract CLI (Debian tesseract-ocr + tesseract-ocr-<lang>), one child process per
 * run (stdin PNG -> stdout TSV), killed at the time limit, at most `concurrency` at once, never blocking
 * the event loop.
 *
 * 1. OSD (`--psm 0`, about 0.1 s) tells the script and whether the page is sideways. A confident rotation
 *    is read first, the page as it is second (OSD errs now and then on cluttered photos).
 * 2. Reading passes (see planPasses): the chosen languages that write that script plus English; a script
 *    neither chosen language writes gets its own data first. The first reading of mean confidence 0.7 or
 *    more ends the search; otherwise the most confident one wins.
 * 3. A reading under 0.6 gets the focus pass (sparse text, then the region around the sure words).
 */
export class TesseractEngine implements OcrEngine {
  readonly id = 'tesseract';
  private readonly binary: string;
  private readonly timeoutMs: number;
  private readonly psm: number;
  private readonly thresholding: string;
  private readonly focus: boolean;
  private readonly queue: Semaphore;
  private installed: Promise<Set<string>> | undefined;

  constructor(options: TesseractOptions = {}) {
    this.binary = options.binary ?? 'tesseract';
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.psm = options.psm ?? 3;
    this.thresholding = `thresholding_method=${options.thresholding ?? 2}`;
    this.focus = options.focus ?? true;
    this.queue = new Semaphore(options.concurrency ?? 2);
  }

  async recognize(image: Buffer, languages: readonly LanguageCode[], signal: AbortSignal): Promise<OcrResult> {
    const installed = await this.installedLanguages(signal);
    const osd = installed.has('osd') ? await this.osd(image, signal) : undefined;
    const script = osd && osd.scriptConfidence >= SCRIPT_CONFIDENCE ? scriptFromOsd(osd.script ?? '') : undefined;
    const passes = planPasses(languages, script)
      .map((group) => group.map((pass) => pass.filter((code) => installed.has(code))).filter((pass) => pass.length > 0))
      .filter((group) => group.length > 0);
    if (passes.length === 0) throw new EngineError(this.id, 'unavailable', `No Tesseract language data for ${languages.join(', ')}`);
    // OSD is wrong now and then on cluttered photos: a confident rotation is tried first, upright second.
    const turn = osd && osd.rotate !== 0 && osd.orientationConfidence >= ROTATE_CONFIDENCE ? osd.rotate : 0;
    const pages: Array<() => Promise<Buffer>> = [async () => image];
    if (turn) pages.unshift(() => sharp(image).rotate(turn).png({ compressionLevel: 1 }).toBuffer());

    let best: { result: OcrResult; page: Buffer; pass: string[] } | undefined;
    attempts: for (const makePage of pages) {
      const page = await makePage();
      for (const group of passes) {
        // Variants of one group (Simplified and Traditional Chinese) are all read and compared.
        const results = await Promise.all(group.map((pass) => this.read(page, pass, this.psm, signal)));
        results.forEach((result, i) => {
          if (!best || score(result) > score(best.result)) best = { result, page, pass: group[i] ?? [] };
        });
        if (best && score(best.result) >= GOOD_ENOUGH) break attempts;
      }
    }
    if (!best) throw new EngineError(this.id, 'failed', 'No reading pass ran');
    if (!this.focus || score(best.result) >= FOCUS_BELOW) return best.result;
    const focused = await this.focusPass(best.page, best.pass, signal);
    return focused && score(focused) > score(best.result) ? focused : best.result;
  }

  /**
   * For photos where the page layout analysis finds nothing (clutter around a framed sign defeats it,
   * Arabic especially): sparse-text mode finds the words it is sure of, and the region around them is
   * read again as one block, with a median filter against sensor noise.
   */
  private async focusPass(page: Buffer, tessLanguages: string[], signal: AbortSignal): Promise<OcrResult | undefined> {
    const args = ['stdin', 'stdout', '-l', tessLanguages.join('+'), '--psm', '11', '-c', this.thresholding, 'tsv'];
    const words = parseTsvWords(await this.run(args, page, signal));
    const { width = 0, height = 0 } = await sharp(page).metadata();
    const region = confidentRegion(words, width, height);
    if (!region) return undefined;
    const crop = await sharp(page).extract(region).median(3).png({ compressionLevel: 1 }).toBuffer();
    return this.read(crop, tessLanguages, 6, signal);
  }

  async health(): Promise<OcrHealth> {
    try {
      const installed = await this.installedLanguages(AbortSignal.timeout(5_000));
      const wanted = new Set([...Object.values(TESSERACT_CODES).flat(), ...Object.values(ALTERNATE_DATA)]);
      const missing = [...wanted].filter((code) => !installed.has(code));
      const osd = installed.has('osd') ? 'with OSD' : 'without OSD (no script detection)';
      return {
        live: installed.has('eng'),
        detail: missing.length ? `missing language data: ${missing.join(', ')}; ${osd}` : `all 20 languages, ${osd}`,
      };
    } catch (err) {
      return { live: false, detail: (err as Error).message };
    }
  }

  /** Languages whose traineddata is installed (`tesseract --list-langs`), asked once. */
  private installedLanguages(signal: AbortSignal): Promise<Set<string>> {
    this.installed ??= runProcess(this.binary, ['--list-langs'], { input: Buffer.alloc(0), timeoutMs: 10_000, signal })
      .then((out) => new Set(out.split('\n').slice(1).map((l) => l.trim()).filter(Boolean)))
      .catch((err: unknown) => {
        this.installed = undefined;
        throw this.failure(err);
      });
    return this.installed;
  }

  private async osd(image: Buffer, signal: AbortSignal): Promise<OsdResult | undefined> {
    // Too little text, a blank page or an OSD failure just means: no hint.
    const args = ['stdin', 'stdout', '--psm', '0', '-c', 'min_characters_to_try=5', '-c', this.thresholding];
    return this.run(args, image, signal).then(parseOsd, (err: unknown) => {
      if (err instanceof EngineError && (err.code === 'timeout' || err.code === 'aborted')) throw err;
      return undefined;
    });
  }

  private async read(image: Buffer, tessLanguages: readonly string[], psm: number, signal: AbortSignal): Promise<OcrResult> {
    const args = ['stdin', 'stdout', '-l', tessLanguages.join('+'), '--psm', String(psm), '-c', this.thresholding, 'tsv'];
    const { text, confidence } = parseTsv(await this.run(args, image, signal));
    return { text, confidence };
  }

  private run(args: string[], image: Buffer, signal: AbortSignal): Promise<string> {
    // One thread per process: with two runs on two cores, OpenMP threads only contend (and are slower).
    const env = { OMP_THREAD_LIMIT: '1' };
    return this.queue
      .run(() => runProcess(this.binary, args, { input: image, timeoutMs: this.timeoutMs, signal, env }), signal)
      .catch((err: unknown) => {
        throw this.failure(err);
      });
  }

  /** The runner's errors, named after this engine. */
  private failure(err: unknown): EngineError {
    if (err instanceof EngineError && err.engine === this.id) return err;
    if (err instanceof EngineError) {
      const message = err.code === 'timeout' ? 'Reading the image took too long.' : err.message;
      return new EngineError(this.id, err.code, message, { cause: err });
    }
    return new EngineError(this.id, 'failed', String(err), { cause: err });
  }
}

/** Confidence of a reading; no text scores 0. */
function score(result: OcrResult): number {
  return result.text ? (result.confidence ?? 0) : 0;
}

/**
 * Tesseract language lists to try, as groups in order: a group's variants are all read and the most
 * confident wins; the next group is read only when that is not good enough. The chosen languages that
 * write the detected script lead, English is always there for Latin text (signs mix it in), and a script
 * neither chosen language writes gets its own data first. Chinese is read as Simplified and as
 * Traditional (each model reads the other's characters confidently, converted, so both are compared).
 */
export function planPasses(chosen: readonly LanguageCode[], script: Script | undefined): string[][][] {
  const ordered = [...chosen].sort((a, b) => rank(b, script ?? 'Latin') - rank(a, script ?? 'Latin'));
  // Latin text outside the chosen pair is read by the English data, which every pass has.
  const foreign = script && script !== 'Latin' && !chosen.some((c) => languageReads(c, script));
  const passes = foreign ? [dataFor(SCRIPT_LANGUAGES[script]), dataFor(ordered)] : [dataFor(ordered)];
  return passes.map((pass) =>
    pass.some((code) => ALTERNATE_DATA[code]) ? [pass, pass.map((code) => ALTERNATE_DATA[code] ?? code)] : [pass],
  );
}

function dataFor(languages: readonly LanguageCode[]): string[] {
  return [...new Set([...languages.flatMap((c) => TESSERACT_CODES[c]), 'eng'])];
}

/** Data listed first weighs most: the chosen languages of the script, and of Latin ones not English (it is added anyway). */
function rank(language: LanguageCode, script: Script): number {
  const english = language === 'en' ? 0 : 1;
  if (LANGUAGE_SCRIPT[language] === script) return 4 + english;
  return languageReads(language, script) ? 2 : english;
}
