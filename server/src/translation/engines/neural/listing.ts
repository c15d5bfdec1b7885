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

export function formatList(folder: ModelsFolder): string {
  const lines = [`Models in ${folder.dir}:`];
  if (folder.models.length === 0 && folder.other.length === 0) lines.push('  (none: `npm run models -- plan` says what to download)');
  for (const m of folder.models) {
    const size = `${(m.bytes / 1e6).toFixed(m.bytes < 1e6 ? 2 : 0)} MB`;
    const what = m.kind === 'per-pair'
      ? `${languageName(m.directions[0]!.source)} -> ${languageName(m.directions[0]!.target)}`
      : `${Object.keys(m.languageTokens ?? {}).length} languages (${Object.keys(m.languageTokens ?? {}).join(', ')}), every direction among them`;
    lines.push(`  ${m.id.padEnd(32)} ${m.kind.padEnd(13)} ${size.padStart(9)}  ${what}`);
  }
  for (const o of folder.other) lines.push(`  ${o.id.padEnd(32)} ${o.kind.padEnd(13)} ${''.padStart(9)}  not used: ${o.reason}`);
  const { direct, pivot } = served(folder);
  const languages = [...new Set([...direct, ...pivot].flatMap((k) => k.split('>')))] as LanguageCode[];
  lines.push(
    '',
    `Translation: ${direct.size} direction${direct.size === 1 ? '' : 's'} by a model, ${pivot.size} more through English (of 380), `
      + `in ${languages.length ? languages.map((l) => languageName(l)).join(', ') : 'no language'}.`,
    'Speech: recognition and voices still come from PocketSphinx (English) and espeak-ng; Whisper and Piper folders are listed, not used.',
  );
  return lines.join('\n');
}
