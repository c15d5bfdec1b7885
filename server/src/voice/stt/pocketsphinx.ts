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
 * provides the real pipe that `-infile /dev/stdin` needs; each stdout line is one hypothesis.
 */
const SCRIPT =
  'sox -V1 -t raw -r "$1" -e signed -b 16 -c 1 -L - -t raw -r 16000 -e signed -b 16 -c 1 -L - | ' +
  '"$5" -infile /dev/stdin -hmm "$2" -lm "$3" -dict "$4" -samprate 16000 -logfn /dev/null';

/**
 * Offline English recognition with Debian's pocketsphinx_continuous (0.8 / 5prealpha): audio is
 * resampled to 16 kHz by sox and piped into `-infile /dev/stdin`; each line on stdout is the
 * hypothesis of one stretch of speech between pauses (VAD). Streaming mode starts both processes at the
 * first audio of an utterance, so the model loads and decoding runs while the user still speaks.
 */
export class PocketSphinxStt implements SpeechToText {
  readonly id = 'pocketsphinx';
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
      throw new EngineError(this.id, 'unsupported_language', `Offline speech recognition (PocketSphinx) only understands English, not ${language}`);
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
          const segments = output.split('\n').map((line) => line.trim()).filter(Boolean);
          return { text: segments.join(' '), language: 'en', segments };
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
