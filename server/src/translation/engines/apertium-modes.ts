import { readdirSync } from 'node:fs';
import { isLanguageCode, type LanguageCode } from '@parley/common';

export const DEFAULT_MODES_DIR = '/usr/share/apertium/modes';

/** ISO 639-2/3 names used in Apertium mode files, mapped to our codes. */
const THREE_LETTER: Record<string, LanguageCode> = {
  eng: 'en', spa: 'es', fra: 'fr', fre: 'fr', deu: 'de', ger: 'de', ita: 'it', por: 'pt', nld: 'nl', dut: 'nl',
  rus: 'ru', zho: 'zh', cmn: 'zh', jpn: 'ja', kor: 'ko', ara: 'ar', hin: 'hi', tha: 'th', vie: 'vi', tur: 'tr',
  pol: 'pl', swe: 'sv', ron: 'ro', rum: 'ro', ukr: 'uk',
};

/** Languages outside the 20 that Apertium can pivot through (Catalan and Galician pairs). */
const PIVOT_ONLY: Record<string, string> = { cat: 'ca', ca: 'ca', glg: 'gl', gl: 'gl' };

export function modeLanguage(part: string): LanguageCode | undefined {
  const lower = part.toLowerCase();
  if (isLanguageCode(lower)) return lower;
  return THREE_LETTER[lower];
}

/** A node of the mode graph: one of the 20 languages, or a pivot-only one ('ca', 'gl'). */
export function node(part: string): string | undefined {
  return modeLanguage(part) ?? PIVOT_ONLY[part.toLowerCase()];
}

const key = (source: string, target: string) => `${source}>${target}`;

/** Pivot languages tried, in this order, when no direct mode exists and no measured route is set. */
const PIVOTS = ['es', 'en', 'ca', 'gl'];

/**
 * The pivot chosen per direction by measured quality (chrF2 on bench/corpus, `bench/quality.bench.ts`,
 * table in docs/PERFORMANCE.md). A direction not listed takes the first pivot of PIVOTS available.
 */
export const MEASURED_PIVOTS: Record<string, string> = {
  'en>fr': 'ca', 'en>it': 'ca', 'en>pt': 'gl',
  'fr>it': 'ca', 'fr>pt': 'ca', 'it>fr': 'ca', 'it>pt': 'ca', 'pt>fr': 'ca', 'pt>it': 'ca',
  // fr, it, pt -> en and ro -> * stay with Spanish: it measured best (or is the only path).
};

export interface ModePlan {
  support: 'direct' | 'pivot';
  /** Modes run one after the other: one for direct, two for pivot. */
  modes: string[];
  /** The language in the middle: one of the 20, or 'ca' / 'gl'. */
  via?: string;
}

/**
 * The installed translation directions, from the *.mode files (names like eng-spa, fr-es,
 * rus-ukr, cat-ita). Variants (es-pt_BR, eng-cat_valencia, gl-pt-latin1) are ignored; Catalan and
 * Galician serve only as pivots.
 */
export class ApertiumModes {
  private readonly direct = new Map<string, string>();
  private readonly disabled = new Set<string>();

  constructor(modeNames: Iterable<string>) {
    for (const name of modeNames) {
      const parts = name.split('-');
      if (parts.length !== 2 || name.includes('_')) continue;
      const source = node(parts[0] ?? '');
      const target = node(parts[1] ?? '');
      if (!source || !target || source === target) continue;
      if (!this.direct.has(key(source, target))) this.direct.set(key(source, target), name);
    }
  }

  static discover(modesDir = DEFAULT_MODES_DIR): ApertiumModes {
    let files: string[];
    try {
      files = readdirSync(modesDir);
    } catch {
      files = []; // no Apertium installed: no pairs
    }
    return new ApertiumModes(files.filter((f) => f.endsWith('.mode')).map((f) => f.slice(0, -'.mode'.length)).sort());
  }

  /** Installed modes that serve a direction between two of the 20 languages, e.g. ['eng-spa', 'fr-es', ...]. */
  get modeNames(): string[] {
    return [...this.direct.entries()].filter(([k]) => k.split('>').every((l) => isLanguageCode(l))).map(([, name]) => name);
  }

  /** Every installed mode, pivot-only languages included. */
  get allModeNames(): string[] {
    return [...this.direct.values()];
  }

  /** Stops planning with a mode (it failed its self-check). */
  disable(mode: string): void {
    this.disabled.add(mode);
  }

  /** Plans with the mode again (it passed a later check). */
  enable(mode: string): void {
    this.disabled.delete(mode);
  }

  mode(source: string, target: string): string | undefined {
    const mode = this.direct.get(key(source, target));
    return mode && !this.disabled.has(mode) ? mode : undefined;
  }

  /** Every two-step path source -> via -> target through an installed pivot. */
  pivotPaths(source: LanguageCode, target: LanguageCode): ModePlan[] {
    const paths: ModePlan[] = [];
    for (const via of PIVOTS) {
      if (via === source || via === target) continue;
      const first = this.mode(source, via);
      const second = this.mode(via, target);
      if (first && second) paths.push({ support: 'pivot', modes: [first, second], via });
    }
    return paths;
  }

  plan(source: LanguageCode, target: LanguageCode): ModePlan | undefined {
    if (source === target) return undefined;
    const direct = this.mode(source, target);
    if (direct) return { support: 'direct', modes: [direct] };
    const paths = this.pivotPaths(source, target);
    const measured = MEASURED_PIVOTS[key(source, target)];
    return paths.find((p) => p.via === measured) ?? paths[0];
  }
}
