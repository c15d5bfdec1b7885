import type { LanguageCode } from '@parley/common';
import { SAMPLE_RATE } from '../audio.ts';
import { EngineError } from '../../platform/errors.ts';
import { spawnChain, type RunningChain } from '../../platform/process.ts';
import type { SpeechToText, SttStream, Transcription } from './types.ts';

export interface PocketSphinxOptions {
  /** Defaults: Debian's pocketsphinx-en-us model. */
  hmm?: string;
  lm?: string;
  dict?: string;
  binary?: string;
  /** Limit of the recognition after the last audio arrived. */
  timeoutMs?: number;
}

const MODEL = '/usr/share/pocketsphinx/model/en-us';
/**
 * sox (rate $1 -> 16 kHz) piped into pocketsphinx_continuous ($5) with model $2/$3/$4. The shell
 * provides the real pipe that `-infile /dev/stdin` needs. With `-time yes` each stretch of speech
 * prints its hypothesis line, then one line per word: `word start end posterior`.
 */
const SCRIPT =
  'sox -V1 -t raw -r "$1" -e signed -b 16 -c 1 -L - -t raw -r 16000 -e signed -b 16 -c 1 -L - | ' +
  '"$5" -infile /dev/stdin -hmm "$2" -lm "$3" -dict "$4" -samprate 16000 -logfn /dev/null -time yes';

/**
 * Below this duration-weighted mean word posterior a hypothesis is not presented. Measured on
 * Debian's en-us model at 24 kHz -> 16 kHz: of the 20 flite English sentences of the WER test, 19
 * score above it (the one below came out as nonsense, 0.35); of 11 espeak-ng Spanish sentences,
 * all heard as English-sounding nonsense, 7 score below it (0.12-0.46) and 4 above (0.51-0.71).
 * So it is a second guard only: what keeps Spanish from being transcribed as English is that the
 * speaker says which language they speak, and the Spanish microphone is off (session.ts).
 */
export const POCKETSPHINX_MIN_CONFIDENCE = 0.5;

const WORD_LINE = /^(\S+) (\d+\.\d+) (\d+\.\d+) (-?\d+(?:\.\d+)?)$/;
/** Sentence marks, silence and fillers (`[NOISE]`, `++UM++`) say nothing about the words. */
const NOT_A_WORD = /^(<.*>|\[.*\]|\+\+.*\+\+)$/;

/** Hypothesis lines and the confidence of their words, from pocketsphinx_continuous -time yes. */
export function parseTimedOutput(output: string): { segments: string[]; confidence: number | undefined } {
  const segments: string[] = [];
  let weighted = 0;
  let seconds = 0;
  for (const raw of output.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const word = WORD_LINE.exec(line);
    if (!word) {
      segments.push(line);
      continue;
    }
    if (NOT_A_WORD.test(word[1]!)) continue;
    const duration = Math.max(0.01, Number(word[3]) - Number(word[2]));
    weighted += Math.min(1, Math.max(0, Number(word[4]))) * duration;
    seconds += duration;
  }
  return { segments, confidence: seconds > 0 ? weighted / seconds : undefined };
}

/**
 * Offline English recognition with Debian's pocketsphinx_continuous (0.8 / 5prealpha): audio is
 * resampled to 16 kHz by sox and piped into `-infile /dev/stdin`; each line on stdout is the
 * hypothesis of one stretch of speech between pauses (VAD). Streaming mode starts both processes at the
 * first audio of an utterance, so the model loads and decoding runs while the user still speaks.
 */
export class PocketSphinxStt implements SpeechToText {
  readonly id = 'pocketsphinx';
  readonly minConfidence = POCKETSPHINX_MIN_CONFIDENCE;
  private readonly models: string[];
  private readonly binary: string;
  private readonly timeoutMs: number;

  constructor(options: PocketSphinxOptions = {}) {
    this.models = [options.hmm ?? `${MODEL}/en-us`, options.lm ?? `${MODEL}/en-us.lm.bin`, options.dict ?? `${MODEL}/cmudict-en-us.dict`];
    this.binary = options.binary ?? 'pocketsphinx_continuous';
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  supports(language: LanguageCode): boolean {
    return language === 'en';
  }

  async transcribe(pcm: Buffer, language: LanguageCode | undefined, signal: AbortSignal, sampleRate: number = SAMPLE_RATE): Promise<Transcription> {
    this.assertLanguage(language ?? 'en');
    const stream = this.open(signal, sampleRate);
    stream.write(pcm);
    return stream.finish();
  }

  startStream(language: LanguageCode, signal: AbortSignal): SttStream {
    this.assertLanguage(language);
    return this.open(signal, SAMPLE_RATE);
  }

  private assertLanguage(language: LanguageCode): void {
    if (!this.supports(language)) {
      throw new EngineError(this.id, 'unrecognised_language', `Offline speech recognition (PocketSphinx) only understands English, not ${language}`);
    }
  }

  private open(signal: AbortSignal, sampleRate: number): SttStream {
    const chain: RunningChain = spawnChain([{ cmd: SCRIPT, args: [String(sampleRate), ...this.models, this.binary], shell: true }], { signal });
    let output = '';
    chain.stdout.setEncoding('utf8');
    chain.stdout.on('data', (text: string) => {
      if (output.length < 100_000) output += text;
    });
    let finished: Promise<Transcription> | undefined;
    return {
      write: (pcm) => {
        if (!finished) chain.stdin.write(pcm);
      },
      finish: () => {
        finished ??= (async () => {
          const timer = setTimeout(() => chain.kill('timeout'), this.timeoutMs);
          chain.stdin.end();
          try {
            await chain.done;
          } catch (err) {
            throw toSttError(err);
          } finally {
            clearTimeout(timer);
          }
          const { segments, confidence } = parseTimedOutput(output);
          return { text: segments.join(' '), language: 'en', segments, ...(confidence === undefined ? {} : { confidence }) };
        })();
        return finished;
      },
      abort: () => chain.kill('aborted'),
    };
  }
}

function toSttError(err: unknown): unknown {
  if (err instanceof EngineError && err.code !== 'aborted') {
    return new EngineError('pocketsphinx', 'stt_failed', `Speech recognition failed (${err.code})`, { cause: err });
  }
  return err;
}
