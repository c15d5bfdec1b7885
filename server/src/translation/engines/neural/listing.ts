import { LANGUAGE_CODES, languageName, type LanguageCode } from '@parley/common';
import type { SpeechFolder } from '../../../voice/neural/catalog.ts';
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

export function formatList(folder: ModelsFolder, speech?: SpeechFolder): string {
  const lines = [`Models in ${folder.dir}:`];
  const nothing = folder.models.length === 0 && folder.other.length === 0 && !speech?.recognisers.length && !speech?.voices.length;
  if (nothing) lines.push('  (none: `npm run models -- plan` says what to download)');
  for (const m of folder.models) {
    const size = mb(m.bytes);
    const what = m.kind === 'per-pair'
      ? `${languageName(m.directions[0]!.source)} -> ${languageName(m.directions[0]!.target)}`
      : `${Object.keys(m.languageTokens ?? {}).length} languages (${Object.keys(m.languageTokens ?? {}).join(', ')}), every direction among them`;
    lines.push(`  ${m.id.padEnd(32)} ${m.kind.padEnd(13)} ${size.padStart(9)}  ${what}`);
  }
  for (const m of speech?.recognisers ?? []) {
    lines.push(`  ${m.id.padEnd(32)} ${'recogniser'.padEnd(13)} ${mb(m.bytes).padStart(9)}  Whisper: hears ${m.multilingual ? `${m.languages.length} languages (${m.languages.join(', ')})` : 'English only'}`);
  }
  for (const v of speech?.voices ?? []) lines.push(`  ${v.id.padEnd(32)} ${'voice'.padEnd(13)} ${mb(v.bytes).padStart(9)}  Piper: speaks ${languageName(v.language)} (${v.sampleRate} Hz)`);
  for (const p of speech?.problems ?? []) lines.push(`  ${p.id.padEnd(32)} ${'unusable'.padEnd(13)} ${''.padStart(9)}  not used: ${p.reason}`);
  for (const o of folder.other.filter((x) => x.kind === 'unusable')) lines.push(`  ${o.id.padEnd(32)} ${o.kind.padEnd(13)} ${''.padStart(9)}  not used: ${o.reason}`);
  const { direct, pivot } = served(folder);
  const languages = [...new Set([...direct, ...pivot].flatMap((k) => k.split('>')))] as LanguageCode[];
  lines.push(
    '',
    `Translation: ${direct.size} direction${direct.size === 1 ? '' : 's'} by a model, ${pivot.size} more through English (of 380), `
      + `in ${languages.length ? languages.map((l) => languageName(l)).join(', ') : 'no language'}.`,
    speechLine(speech),
  );
  return lines.join('\n');
}

function speechLine(speech: SpeechFolder | undefined): string {
  const heard = [...new Set(speech?.recognisers.flatMap((m) => m.languages) ?? [])];
  const spoken = [...new Set(speech?.voices.map((v) => v.language) ?? [])];
  const names = (codes: LanguageCode[]) => codes.map((l) => languageName(l)).join(', ');
  return [
    heard.length ? `Speech recognition (Whisper): ${names(heard)}; PocketSphinx hears English where Whisper does not.` : 'Speech recognition: no Whisper model; PocketSphinx hears English only.',
    spoken.length ? `Voices (Piper): ${names(spoken)}; espeak-ng speaks the other languages.` : 'Voices: no Piper voice; espeak-ng speaks all 20 languages.',
  ].join('\n');
}
