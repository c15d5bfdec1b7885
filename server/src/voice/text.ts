import type { LanguageCode } from '@parley/common';
import type { SpeechToText } from './stt/types.ts';

export interface LanguagePair {
  user: LanguageCode;
  partner: LanguageCode;
}

const MAX_SENTENCE = 240;

/**
 * Split text into sentences for streaming (each becomes one transcript delta and one synthesis).
 * Terminators stay with their sentence; overlong sentences are cut at a comma or space.
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  const pattern = /[^.!?。！？؟।…]+(?:[.!?。！？؟।…]+["'»”’)\]]*|$)/gu;
  for (const match of text.matchAll(pattern)) {
    let sentence = match[0].trim();
    while (sentence.length > MAX_SENTENCE) {
      const head = sentence.slice(0, MAX_SENTENCE);
      const cut = Math.max(head.lastIndexOf(', '), head.lastIndexOf('、'), head.lastIndexOf('，'));
      const space = head.lastIndexOf(' ');
      const at = cut > MAX_SENTENCE / 3 ? cut + 1 : space > MAX_SENTENCE / 3 ? space : MAX_SENTENCE;
      sentences.push(sentence.slice(0, at).trim());
      sentence = sentence.slice(at).trim();
    }
    if (sentence) sentences.push(sentence);
  }
  return sentences;
}

/** Speech in the user's language goes to the partner's; anything else goes to the user's. */
export function direction(spoken: LanguageCode, pair: LanguagePair): { source: LanguageCode; target: LanguageCode } {
  return { source: spoken, target: spoken === pair.user ? pair.partner : pair.user };
}

export type RecognitionPlan =
  | { mode: 'fixed'; language: LanguageCode }
  | { mode: 'detect' }
  | { mode: 'unsupported'; code: 'unrecognised_language' | 'spoken_language_required'; message: string };

/**
 * Which language to ask the recogniser for. The speaker may say which of the two languages they
 * speak (one microphone per language): recognition listens for exactly that one, or refuses when
 * it cannot understand it. Otherwise an engine that knows both languages detects which one was
 * spoken; one that knows only one of them (PocketSphinx: English) would hear the other language as
 * nonsense in its own, so the speaker must say which language it is.
 */
export function planRecognition(stt: SpeechToText, pair: LanguagePair, spoken?: LanguageCode): RecognitionPlan {
  if (spoken) {
    if (stt.supports(spoken)) return { mode: 'fixed', language: spoken };
    return { mode: 'unsupported', code: 'unrecognised_language', message: `Speech recognition here does not understand ${spoken}; nothing was transcribed.` };
  }
  const user = stt.supports(pair.user);
  const partner = stt.supports(pair.partner);
  if (user && partner) return pair.user === pair.partner ? { mode: 'fixed', language: pair.user } : { mode: 'detect' };
  if (user || partner) {
    return {
      mode: 'unsupported',
      code: 'spoken_language_required',
      message: `Speech recognition understands ${user ? pair.user : pair.partner} but not ${user ? pair.partner : pair.user}: say which language is spoken (input_audio_buffer.append's language).`,
    };
  }
  return {
    mode: 'unsupported',
    code: 'unrecognised_language',
    message:
      stt.id === 'pocketsphinx'
        ? 'Offline speech recognition understands English only. Choose English as one of the two languages, or ask the administrator to configure an OpenAI-compatible speech recognition service (STT_ENGINE=openai).'
        : `Speech recognition does not support ${pair.user} or ${pair.partner}.`,
  };
}

/** Why neither language of the pair can be recognised, when that is so (said when the languages are set). */
export function nothingRecognisable(stt: SpeechToText, pair: LanguagePair): string | undefined {
  const plan = planRecognition(stt, pair);
  return plan.mode === 'unsupported' && plan.code === 'unrecognised_language' ? plan.message : undefined;
}
