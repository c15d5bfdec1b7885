import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { LANGUAGE_CODES, type LanguageCode } from '@parley/common';
import { deformat, reformatWithMarks, type TextSpan } from './apertium-format.ts';
import { ApertiumModes, DEFAULT_MODES_DIR, node } from './apertium-modes.ts';
import { APERTIUM_PROBES } from './apertium-probes.ts';
import { ApertiumPipeline } from './apertium-pipeline.ts';
import { type EngineHealth, type PairSupport, type TranslateInput, type TranslateOutput, type TranslationEngine } from './types.ts';
import { EngineError } from '../../platform/errors.ts';

export interface ModeCheck {
  mode: string;
  ok: boolean;
  detail?: string | undefined;
}

export interface ApertiumOptions {
  modesDir?: string | undefined;
  idleMs?: number | undefined;
  stallMs?: number | undefined;
}

/**
 * Offline translation with Apertium (Debian packages): one warm null-flush pipeline per direction,
 * pivoting through Spanish (then English) when no direct pair is installed (en -> fr = en -> es -> fr).
 */
export class ApertiumEngine implements TranslationEngine {
  readonly id = 'apertium';
  readonly modes: ApertiumModes;
  private readonly pipelines = new Map<string, ApertiumPipeline>();
  private closed = false;
  private checked: Promise<ModeCheck[]> | undefined;

  constructor(private readonly options: ApertiumOptions = {}) {
    this.modes = ApertiumModes.discover(options.modesDir ?? DEFAULT_MODES_DIR);
  }

  supports(source: LanguageCode, target: LanguageCode): PairSupport | null {
    return this.modes.plan(source, target)?.support ?? null;
  }

  pivotFor(source: LanguageCode, target: LanguageCode): string | undefined {
    return this.modes.plan(source, target)?.via;
  }

  cacheVariant(): string {
    return 'neutral'; // Apertium has no notion of formality
  }

  async translate({ text, source, target, signal }: TranslateInput): Promise<TranslateOutput> {
    const plan = this.modes.plan(source, target);
    if (!plan) throw new EngineError(this.id, 'unsupported_pair', `Apertium has no ${source} -> ${target} pair`);
    return this.run(plan.modes, text, signal);
  }

  /** Runs text through modes one after the other (a pivot is two), collecting the untranslated words. */
  async run(modes: readonly string[], text: string, signal: AbortSignal): Promise<TranslateOutput> {
    let current = text;
    let unknown: TextSpan[] = [];
    /** Words an earlier leg left untranslated: the next leg may pass them through unmarked. */
    const carried = new Set<string>();
    for (const mode of modes) {
      if (!current.trim()) break;
      for (const span of unknown) carried.add(current.slice(span.start, span.end));
      const result = reformatWithMarks(await this.pipeline(mode).translate(deformat(current), signal));
      current = result.text;
      unknown = result.unknown;
    }
    return { text: current, unknown: mergeSpans([...unknown, ...wordSpans(current, carried)]) };
  }

  /** The (lazily created) pipeline of one mode, e.g. 'eng-spa'. */
  pipeline(mode: string): ApertiumPipeline {
    if (this.closed) throw new EngineError(this.id, 'pipeline', 'Apertium engine is closed');
    let pipeline = this.pipelines.get(mode);
    if (!pipeline) {
      pipeline = new ApertiumPipeline({
        mode,
        modesDir: this.options.modesDir,
        idleMs: this.options.idleMs,
        stallMs: this.options.stallMs,
      });
      this.pipelines.set(mode, pipeline);
    }
    return pipeline;
  }

  /**
   * Runs every installed mode on its source language's probe sentences (once; later calls share
   * the answer). A mode that fails any probe is disabled, so no direction through it is planned
   * or reported as served.
   */
  selfCheck(): Promise<ModeCheck[]> {
    this.checked ??= this.checkPlannedModes();
    return this.checked;
  }

  /** Checks the modes the plans use; when one fails, the plans change, and their new modes are checked too. */
  private async checkPlannedModes(): Promise<ModeCheck[]> {
    const results = new Map<string, ModeCheck>();
    for (;;) {
      const planned = new Set(
        LANGUAGE_CODES.flatMap((s) => LANGUAGE_CODES.flatMap((t) => this.modes.plan(s, t)?.modes ?? [])),
      );
      const todo = [...planned].filter((mode) => !results.has(mode));
      if (todo.length === 0) return [...results.values()];
      await Promise.all(
        todo.map(async (mode) => {
          const probes = APERTIUM_PROBES[node(mode.split('-')[0] ?? '') ?? ''] ?? [];
          try {
            await Promise.all(probes.map((probe) => this.run([mode], probe, AbortSignal.timeout(60_000))));
            results.set(mode, { mode, ok: true });
          } catch (error) {
            this.modes.disable(mode);
            results.set(mode, { mode, ok: false, detail: (error as Error).message });
          }
        }),
      );
    }
  }

  async health(): Promise<EngineHealth> {
    const missing = ['apertium-wblank-mode', 'lt-proc'].filter((c) => !onPath(c));
    if (missing.length > 0) return { live: false, detail: `${missing.join(', ')} not found (install the apertium Debian package)` };
    const names = this.modes.modeNames;
    if (names.length === 0) return { live: false, detail: 'No Apertium language pairs installed' };
    const running = [...this.pipelines.values()].filter((p) => p.running).map((p) => p.mode);
    return { live: true, detail: `modes: ${names.join(', ')}; warm: ${running.join(', ') || 'none'}` };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pipeline of this.pipelines.values()) pipeline.close();
    this.pipelines.clear();
  }
}

function onPath(command: string): boolean {
  const candidates = command.includes('/')
    ? [command]
    : (process.env.PATH ?? '').split(path.delimiter).filter(Boolean).map((dir) => path.join(dir, command));
  return candidates.some((file) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** Where the given words occur in the text as whole words. */
function wordSpans(text: string, words: Set<string>): TextSpan[] {
  const spans: TextSpan[] = [];
  for (const match of text.matchAll(/[\p{L}\p{M}\p{N}]+/gu)) {
    if (words.has(match[0])) spans.push({ start: match.index, end: match.index + match[0].length });
  }
  return spans;
}

/** Sorted, without duplicates or overlaps. */
function mergeSpans(spans: TextSpan[]): TextSpan[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || a.end - b.end);
  const out: TextSpan[] = [];
  for (const span of sorted) {
    const last = out[out.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else out.push({ ...span });
  }
  return out;
}
