import type { LanguageCode } from '@parley/common';
import { soxToPcm24k } from '../audio.ts';
import { EngineError } from '../../platform/errors.ts';
import { runChain, type Command } from '../../platform/process.ts';
import type { TextToSpeech } from './types.ts';

/** espeak-ng voice per supported language (espeak-ng 1.51 in Debian has all twenty). */
export const ESPEAK_VOICES: Record<LanguageCode, string> = {
  en: 'en-us', es: 'es', fr: 'fr-fr', de: 'de', it: 'it', pt: 'pt', nl: 'nl', ru: 'ru', zh: 'cmn', ja: 'ja',
  ko: 'ko', ar: 'ar', hi: 'hi', th: 'th', vi: 'vi', tr: 'tr', pl: 'pl', sv: 'sv', ro: 'ro', uk: 'uk',
};

export interface EspeakOptions {
  /** flite voice for English ('slt', 'rms', ...); null speaks English with espeak-ng too. */
  fliteVoice?: string | null;
  /** espeak-ng words per minute. */
  wordsPerMinute?: number;
  timeoutMs?: number;
}

const MAX_TEXT = 2_000;
const MAX_OUTPUT = 24_000 * 2 * 120; // two minutes of speech

/**
 * Offline speech: espeak-ng with the voice of the language, or flite for English (its CMU voices
 * sound far better), piped through sox to PCM16 24 kHz mono.
 */
export class EspeakTts implements TextToSpeech {
  readonly id = 'espeak';
  private readonly fliteVoice: string | null;
  private readonly wpm: number;
  private readonly timeoutMs: number;

  constructor(options: EspeakOptions = {}) {
    this.fliteVoice = options.fliteVoice === undefined ? 'slt' : options.fliteVoice;
    this.wpm = options.wordsPerMinute ?? 160;
    this.timeoutMs = options.timeoutMs ?? 20_000;
  }

  supports(language: LanguageCode): boolean {
    return language in ESPEAK_VOICES;
  }

  async synthesize(text: string, language: LanguageCode, signal: AbortSignal): Promise<Buffer> {
    const clean = text.replace(/[\p{Cc}\p{Cf}]+/gu, ' ').trim().slice(0, MAX_TEXT);
    if (!clean) return Buffer.alloc(0);
    const voice = ESPEAK_VOICES[language];
    let speaker: Command;
    let input: string | undefined;
    if (language === 'en' && this.fliteVoice) {
      // flite writes its WAV by opening a path (needs the shell's real pipe); the text is argument $2.
      speaker = { cmd: 'flite -voice "$1" -t "$2" -o /dev/stdout | cat', args: [this.fliteVoice, clean], shell: true };
    } else {
      speaker = { cmd: 'espeak-ng', args: ['-v', voice, '-s', String(this.wpm), '--stdin', '--stdout'] };
      input = clean;
    }
    try {
      return await runChain([speaker, soxToPcm24k('wav')], input, { signal, timeoutMs: this.timeoutMs, maxOutputBytes: MAX_OUTPUT });
    } catch (err) {
      if (err instanceof EngineError && err.code !== 'aborted') {
        throw new EngineError(this.id, 'tts_failed', `Speech synthesis failed (${err.code})`, { cause: err });
      }
      throw err;
    }
  }
}
