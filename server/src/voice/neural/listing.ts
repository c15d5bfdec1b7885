import { languageName, type LanguageCode } from '@parley/common';
import type { SpeechFolder } from './catalog.ts';

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(bytes < 1e6 ? 2 : 0)} MB`;

/** The speech part of `npm run models -- list`: a row per recogniser and voice (and unusable file), and what is heard and spoken. */
export function formatSpeechList(speech: SpeechFolder): { rows: string[]; summary: string } {
  const rows: string[] = [];
  for (const m of speech.recognisers) {
    rows.push(`  ${m.id.padEnd(32)} ${'recogniser'.padEnd(13)} ${mb(m.bytes).padStart(9)}  Whisper: hears ${m.multilingual ? `${m.languages.length} languages (${m.languages.join(', ')})` : 'English only'}`);
  }
  for (const v of speech.voices) rows.push(`  ${v.id.padEnd(32)} ${'voice'.padEnd(13)} ${mb(v.bytes).padStart(9)}  Piper: speaks ${languageName(v.language)} (${v.sampleRate} Hz)`);
  for (const p of speech.problems) rows.push(`  ${p.id.padEnd(32)} ${'unusable'.padEnd(13)} ${''.padStart(9)}  not used: ${p.reason}`);
  const heard = [...new Set(speech.recognisers.flatMap((m) => m.languages))];
  const spoken = [...new Set(speech.voices.map((v) => v.language))];
  const names = (codes: LanguageCode[]) => codes.map((l) => languageName(l)).join(', ');
  const summary = [
    heard.length ? `Speech recognition (Whisper): ${names(heard)}; PocketSphinx hears English where Whisper does not.` : 'Speech recognition: no Whisper model; PocketSphinx hears English only.',
    spoken.length ? `Voices (Piper): ${names(spoken)}; espeak-ng speaks the other languages.` : 'Voices: no Piper voice; espeak-ng speaks all 20 languages.',
  ].join('\n');
  return { rows, summary };
}
