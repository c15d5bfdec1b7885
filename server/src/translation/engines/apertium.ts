import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { LANGUAGE_CODES, type LanguageCode } from '@parley/common';
import { ModeChecker, type CheckState, type ModeCheck, type ModeCheckerOptions } from './apertium-check.ts';
import { deformat, reformatWithMarks, type TextSpan } from './apertium-format.ts';
import { ApertiumModes, DEFAULT_MODES_DIR, node } from './apertium-modes.ts';
import { APERTIUM_PROBES } from './apertium-probes.ts';
import { ApertiumPipeline } from './apertium-pipeline.ts';
import { type EngineHealth, type PairSupport, type TranslateInput, type TranslateOutput, type TranslationEngine } from './types.ts';
import { EngineError } from '../../platform/errors.ts';

export type { ModeCheck } from './apertium-check.ts';

export interface ApertiumOptions {
  modesDir?: string | undefined;
  idleMs?: number | undefined;
  stallMs?: number | undefined;
  /** The self-check's schedule (tests shorten it); see ModeChecker. */
  check?: Partial<Pick<ModeCheckerOptions, 'concurrency' | 'timeoutMs' | 'retryBaseMs' | 'retryMaxMs' | 'recheckMs' | 'patienceAttempts'>> | undefined;
}

/**
 * Offline translation with Apertium (Debian packages): one warm null-flush pipeline per direction,
 * pivoting through Spanish (then English) when no direct pair is installed (en -> fr = en -> es -> fr).
 */
export class ApertiumEngine implements TranslationEngine {
  readonly id = 'apertium';
  readonly phrasebook = true;
  readonly modes: ApertiumModes;
  private readonly pipelines = new Map<string, ApertiumPipeline>();
  private closed = false;
  private checker: ModeChecker | undefined;

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
   * Checks every mode the plans use on its source language's probe sentences, a few at a time
   * (ModeChecker: timeouts are retried, only a crash or a wrong answer disables a mode, disabled
   * modes are checked again later). Resolves once every mode had a first verdict; later calls share it.
   */
  selfCheck(): Promise<ModeCheck[]> {
    if (!this.checker) {
      this.checker = new ModeChecker({
        ...this.options.check,
        planned: () => [...new Set(LANGUAGE_CODES.flatMap((s) => LANGUAGE_CODES.flatMap((t) => this.modes.plan(s, t)?.modes ?? [])))],
        probe: (mode, signal) => this.probe(mode, signal),
        disable: (mode) => this.modes.disable(mode),
        enable: (mode) => this.modes.enable(mode),
      });
      this.checker.start();
    }
    return this.checker.firstVerdicts();
  }

  /** A direction whose plan uses a mode still waiting for its first verdict (its messages wait; its modes go first). */
  checking(source: LanguageCode, target: LanguageCode): boolean {
    const checker = this.checker;
    const waiting = checker ? (this.modes.plan(source, target)?.modes ?? []).filter((mode) => checker.isChecking(mode)) : [];
    for (const mode of waiting.reverse()) checker?.prioritize(mode);
    return waiting.length > 0;
  }

  checkState(): CheckState {
    return this.checker?.state() ?? { checking: [], failed: [], passed: 0 };
  }

  /** One probe round: every probe of the mode's source language must come back translated. */
  private async probe(mode: string, signal: AbortSignal): Promise<void> {
    const probes = APERTIUM_PROBES[node(mode.split('-')[0] ?? '') ?? ''] ?? [];
    await Promise.all(
      probes.map(async (probe) => {
        const { text } = await this.run([mode], probe, signal);
        if (!text.trim()) throw new EngineError(this.id, 'bad_response', `Apertium ${mode} answered nothing for "${probe}"`);
      }),
    );
  }

  async health(): Promise<EngineHealth> {
    const missing = ['apertium-wblank-mode', 'lt-proc'].filter((c) => !onPath(c));
    if (missing.length > 0) return { live: false, detail: `${missing.join(', ')} not found (install the apertium Debian package)` };
    const names = this.modes.modeNames;
    if (names.length === 0) return { live: false, detail: 'No Apertium language pairs installed' };
    const running = [...this.pipelines.values()].filter((p) => p.running).map((p) => p.mode);
    const { checking, failed } = this.checkState();
    const check = `${checking.length ? `; checking: ${checking.join(', ')}` : ''}${failed.length ? `; failed its check: ${failed.join(', ')}` : ''}`;
    return { live: true, detail: `modes: ${names.join(', ')}; warm: ${running.join(', ') || 'none'}${check}` };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.checker?.close();
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
