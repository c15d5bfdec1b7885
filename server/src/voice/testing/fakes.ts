import type { LanguageCode } from '@parley/common';
import type { SpeechToText, Transcription } from '../stt/types.ts';
import type { TextToSpeech } from '../tts/types.ts';
import type { TextTranslator } from '../../translation/textTranslator.ts';

/** Recogniser answering a fixed transcription, for the session's input-handling tests. */
export class FakeStt implements SpeechToText {
  readonly id: string;
  calls: { bytes: number; language: LanguageCode | undefined }[] = [];

  constructor(
    private readonly result: Transcription,
    private readonly languages: LanguageCode[] = ['en'],
    id = 'pocketsphinx',
  ) {
    this.id = id;
  }

  supports(language: LanguageCode): boolean {
    return this.languages.includes(language);
  }

  async transcribe(pcm: Buffer, language: LanguageCode | undefined): Promise<Transcription> {
    this.calls.push({ bytes: pcm.length, language });
    return this.result;
  }
}

/** Speech of 0.5 s per sentence: a 440 Hz tone. */
export class FakeTts implements TextToSpeech {
  readonly id = 'fake-tts';
  spoken: { text: string; language: LanguageCode }[] = [];

  supports(): boolean {
    return true;
  }

  async synthesize(text: string, language: LanguageCode): Promise<Buffer> {
    this.spoken.push({ text, language });
    const samples = 12_000;
    const pcm = Buffer.alloc(samples * 2);
    for (let i = 0; i < samples; i++) pcm.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 24_000)), i * 2);
    return pcm;
  }
}

/** Translator tagging the text with the direction: "[en>es] hello". */
export class FakeTranslator implements TextTranslator {
  calls: { text: string; source: string; target: string }[] = [];
  failWith: string | undefined;

  async translate(input: { text: string; source: LanguageCode | 'auto-detect'; target: LanguageCode }) {
    this.calls.push({ ...input });
    if (this.failWith) return { text: input.text, ok: false, engine: null, message: this.failWith };
    return { text: `[${input.source}>${input.target}] ${input.text}`, ok: true, engine: 'fake' };
  }

  detect(text: string, candidates?: LanguageCode[]): LanguageCode | undefined {
    const guess: LanguageCode = /\b(hola|gracias|dónde)\b/i.test(text) ? 'es' : 'en';
    return !candidates || candidates.includes(guess) ? guess : candidates[0];
  }
}
