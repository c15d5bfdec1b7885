import { LANGUAGE_CODES, languageName, type LanguageCode } from '@parley/common';
import type { ModelsFolder } from './catalog.ts';

/** What `npm run models -- list` prints: each folder, its kind, size and languages, and the directions served. */

function served(folder: ModelsFolder): { direct: Set<string>; pivot: Set<string> } {
  const direct = new Set(folder.models.flatMap((m) => m.directions.map((d) => `${d.source}>${d.target}`)));
  const pivot = new Set<string>();
  for (const s of LANGUAGE_CODES) {
    for (const t of LANGUAGE_CODES) {
      if (s !== t && s !== 'en' && t !== 'en' && !direct.has(`${s}>${t}`) && direct.has(`${s}>en`) && direct.has(`en>${t}`)) pivot.add(`${s}>${t}`);
    }
  }
  return { direct, pivot };
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(bytes < 1e6 ? 2 : 0)} MB`;

/** `speech`: the speech models' rows and summary (voice/neural/listing.ts), printed with the others. */
export function formatList(folder: ModelsFolder, speech?: { rows: string[]; summary: string }): string {
  const lines = [`Models in ${folder.dir}:`];
  const nothing = folder.models.length === 0 && folder.other.length === 0 && !speech?.rows.length;
  if (nothing) lines.push('  (none: `npm run models -- plan` says what to download)');
  for (const m of folder.models) {
    const size = mb(m.bytes);
    const what = m.kind === 'per-pair'
      ? `${languageName(m.directions[0]!.source)} -> ${languageName(m.directions[0]!.target)}`
      : `${Object.keys(m.languageTokens ?? {}).length} languages (${Object.keys(m.languageTokens ?? {}).join(', ')}), every direction among them`;
    lines.push(`  ${m.id.padEnd(32)} ${m.kind.padEnd(13)} ${size.padStart(9)}  ${what}`);
  }
  lines.push(...(speech?.rows ?? []));
  for (const o of folder.other.filter((x) => x.kind === 'unusable')) lines.push(`  ${o.id.padEnd(32)} ${o.kind.padEnd(13)} ${''.padStart(9)}  not used: ${o.reason}`);
  const { direct, pivot } = served(folder);
  const languages = [...new Set([...direct, ...pivot].flatMap((k) => k.split('>')))] as LanguageCode[];
  lines.push(
    '',
    `Translation: ${direct.size} direction${direct.size === 1 ? '' : 's'} by a model, ${pivot.size} more through English (of 380), `
      + `in ${languages.length ? languages.map((l) => languageName(l)).join(', ') : 'no language'}.`,
    speech?.summary ?? 'Speech: no Whisper model and no Piper voice (PocketSphinx hears English; espeak-ng speaks).',
  );
  return lines.join('\n');
}

