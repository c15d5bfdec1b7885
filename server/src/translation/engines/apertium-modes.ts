import { readdirSync } from 'node:fs';
import { isLanguageCode, type LanguageCode } from '@parley/common';

export const DEFAULT_MODES_DIR = '/usr/share/apertium/modes';

/** ISO 639-2/3 names used in Apertium mode files, mapped to our codes. */
const THREE_LETTER: Record<string, LanguageCode> = {
  eng: 'en', spa: 'es', fra: 'fr', fre: 'fr', deu: 'de', ger: 'de', ita: 'it', por: 'pt', nld: 'nl', dut: 'nl',
  rus: 'ru', zho: 'zh', cmn: 'zh', jpn: 'ja', kor: 'ko', ara: 'ar', hin: 'hi', tha: 'th', vie: 'vi', tur: 'tr',
  pol: 'pl', swe: 'sv', ron: 'ro', rum: 'ro', ukr: 'uk',
};

export function modeLanguage(part: string): LanguageCode | undefined {
  const lower = part.toLowerCase();
  if (isLanguageCode(lower)) return lower;
  return THREE_LETTER[lower];
}

const key = (source: string, target: string) => `${source}>${target}`;

/** Pivot languages tried, in order, when no direct mode exists. */
const PIVOTS: LanguageCode[] = ['es', 'en'];

export interface ModePlan {
  support: 'direct' | 'pivot';
  /** Modes run one after the other: one for direct, two for pivot. */
  modes: string[];
  via?: LanguageCode;
}

/**
 * The installed translation directions between our 20 languages, from the *.mode files
 * (names like eng-spa, fr-es, rus-ukr). Variants (es-pt_BR, eng-cat_valencia) and
 * languages outside the 20 (cat) are ignored.
 */
export class ApertiumModes {
  private readonly direct = new Map<string, string>();

  constructor(modeNames: Iterable<string>) {
    for (const name of modeNames) {
      const parts = name.split('-');
      if (parts.length !== 2 || name.includes('_')) continue;
      const source = modeLanguage(parts[0] ?? '');
      const target = modeLanguage(parts[1] ?? '');
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

  /** Installed direct modes, e.g. ['eng-spa', 'fr-es', ...]. */
  get modeNames(): string[] {
    return [...this.direct.values()];
  }

  mode(source: LanguageCode, target: LanguageCode): string | undefined {
    return this.direct.get(key(source, target));
  }

  plan(source: LanguageCode, target: LanguageCode): ModePlan | undefined {
    if (source === target) return undefined;
    const direct = this.mode(source, target);
    if (direct) return { support: 'direct', modes: [direct] };
    for (const via of PIVOTS) {
      if (via === source || via === target) continue;
      const first = this.mode(source, via);
      const second = this.mode(via, target);
      if (first && second) return { support: 'pivot', modes: [first, second], via };
    }
    return undefined;
  }
}
