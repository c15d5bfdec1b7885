import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Tokenizer } from '@huggingface/tokenizers';
import * as ort from 'onnxruntime-node';
import type { LanguageCode } from '@parley/common';
import type { WhisperModel } from './catalog.ts';
import { FRAMES, logMelSpectrogram } from './mel.ts';

/**
 * One Whisper model in onnxruntime-node (inside a worker thread of the neural pool): log-mel
 * features (mel.ts), the encoder once, then greedy decoding from the prompt
 * <|startoftranscript|> <|lang|> <|transcribe|> <|notimestamps|> until <|endoftext|> or the length
 * limit. Special tokens (timestamps included) are never generated; a language not given is detected
 * from the first step, among the 20.
 */

export interface Heard {
  text: string;
  language: LanguageCode | undefined;
  tokens: number[];
}

/** Whisper's decoder has 448 positions. */
const MAX_POSITIONS = 448;

export class LoadedWhisper {
  private constructor(
    readonly info: WhisperModel,
    private readonly tokenizer: Tokenizer,
    private readonly encoder: ort.InferenceSession,
    private readonly decoder: ort.InferenceSession,
    private readonly ids: { sot: number; eot: number; transcribe: number | undefined; noTimestamps: number | undefined; languages: Map<LanguageCode, number> },
    private readonly suppressed: number[],
    private readonly beginSuppressed: number[],
    private readonly past: { heads: number; headDim: number },
    private readonly maxLength: number,
  ) {}

  static async load(info: WhisperModel, threads = 0): Promise<LoadedWhisper> {
    const read = (name: string) => JSON.parse(readFileSync(path.join(info.dir, name), 'utf8')) as Record<string, unknown>;
    const tokenizerJson = read('tokenizer.json');
    const tokenizer = new Tokenizer(tokenizerJson, {});
    let gen: Record<string, unknown> = {};
    let config: Record<string, unknown> = {};
    try {
      gen = read('generation_config.json');
      config = read('config.json');
    } catch { /* optional: the tokens say it all */ }
    const id = (token: string) => tokenizer.token_to_id(token);
    const sot = id('<|startoftranscript|>') ?? Number(gen.decoder_start_token_id);
    const eot = id('<|endoftext|>') ?? Number(gen.eos_token_id);
    if (!Number.isInteger(sot) || !Number.isInteger(eot)) throw new Error('tokenizer.json has no <|startoftranscript|> or <|endoftext|>');
    const languages = new Map<LanguageCode, number>();
    for (const code of info.languages) {
      const langId = id(`<|${code}|>`);
      if (langId !== undefined) languages.set(code, langId);
    }
    // Never generated: special tokens (timestamps included, whatever their flag) and generation_config's
    // suppress_tokens (non-speech symbols); begin_suppress_tokens not as the first token.
    const added = (tokenizerJson.added_tokens ?? []) as { id: number; content?: string; special?: boolean }[];
    const ids = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : []);
    const suppressed = [
      ...added.filter((t) => (t.special !== false || /^<\|.*\|>$/.test(t.content ?? '')) && t.id !== eot).map((t) => t.id),
      ...ids(gen.suppress_tokens),
    ];
    const beginSuppressed = [eot, ...ids(gen.begin_suppress_tokens)];
    const heads = Number(config.decoder_attention_heads ?? 1);
    const dModel = Number(config.d_model ?? heads);
    const options: ort.InferenceSession.SessionOptions = {
      executionProviders: ['cpu'],
      graphOptimizationLevel: 'all',
      ...(threads > 0 ? { intraOpNumThreads: threads, interOpNumThreads: 1 } : {}),
    };
    const encoder = await ort.InferenceSession.create(info.encoderFile, options);
    try {
      const decoder = await ort.InferenceSession.create(info.decoderFile, options);
      const maxLength = Math.min(MAX_POSITIONS, Number(gen.max_length ?? config.max_target_positions ?? MAX_POSITIONS) || MAX_POSITIONS);
      return new LoadedWhisper(info, tokenizer, encoder, decoder,
        { sot, eot, transcribe: id('<|transcribe|>'), noTimestamps: id('<|notimestamps|>'), languages },
        suppressed, beginSuppressed, { heads, headDim: Math.max(1, Math.round(dModel / heads)) }, maxLength);
    } catch (error) {
      await encoder.release();
      throw error;
    }
  }

  async release(): Promise<void> {
    await Promise.allSettled([this.encoder.release(), this.decoder.release()]);
  }

  /** Next-token logits after `tokens` (the whole prefix each step: utterances are short). */
  private async step(hidden: ort.Tensor, tokens: number[]): Promise<Float32Array> {
    const feeds: Record<string, ort.Tensor> = {
      input_ids: new ort.Tensor('int64', BigInt64Array.from(tokens.map(BigInt)), [1, tokens.length]),
      encoder_hidden_states: hidden,
    };
    if (this.info.merged) {
      // decoder_model_merged without its cache: empty past key/values, use_cache_branch false.
      for (const name of this.decoder.inputNames) {
        if (name.startsWith('past_key_values.')) feeds[name] = new ort.Tensor('float32', new Float32Array(0), [1, this.past.heads, 0, this.past.headDim]);
      }
      feeds.use_cache_branch = new ort.Tensor('bool', [false], [1]);
    }
    const out = await this.decoder.run(feeds);
    const logits = out.logits ?? Object.values(out)[0]!;
    const V = logits.dims[2]!;
    const data = logits.data as Float32Array;
    return data.slice((tokens.length - 1) * V, tokens.length * V);
  }

  /** Recognise 16 kHz mono samples (at most 30 s are heard). */
  async transcribe(samples: Float32Array, language: LanguageCode | undefined, maxNewTokens?: number): Promise<Heard> {
    const features = logMelSpectrogram(samples, this.info.mels);
    const encoded = await this.encoder.run({ input_features: new ort.Tensor('float32', features, [1, this.info.mels, FRAMES]) });
    const hidden = encoded.last_hidden_state ?? Object.values(encoded)[0]!;
    const { sot, eot, transcribe, noTimestamps, languages } = this.ids;
    let heardIn = language;
    if (this.info.multilingual && heardIn === undefined) {
      const logits = await this.step(hidden, [sot]);
      let best = -Infinity;
      for (const [code, langId] of languages) {
        if (logits[langId]! > best) {
          best = logits[langId]!;
          heardIn = code;
        }
      }
    }
    if (heardIn !== undefined && !this.info.languages.includes(heardIn)) throw new Error(`${this.info.id} does not know ${heardIn}`);
    const prompt = [sot];
    if (this.info.multilingual) {
      prompt.push(languages.get(heardIn!)!);
      if (transcribe !== undefined) prompt.push(transcribe);
    }
    if (noTimestamps !== undefined) prompt.push(noTimestamps);
    const limit = Math.max(0, Math.min(this.maxLength - prompt.length, maxNewTokens ?? Infinity));
    const tokens: number[] = [];
    while (tokens.length < limit) {
      const logits = await this.step(hidden, [...prompt, ...tokens]);
      for (const s of this.suppressed) if (s < logits.length) logits[s] = -Infinity;
      // An utterance does not start with its end (nor with a bare space).
      if (tokens.length === 0) for (const s of this.beginSuppressed) if (s < logits.length) logits[s] = -Infinity;
      let next = 0;
      for (let i = 1; i < logits.length; i++) if (logits[i]! > logits[next]!) next = i;
      if (next === eot || logits[next] === -Infinity) break;
      tokens.push(next);
    }
    const text = this.tokenizer.decode(tokens, { skip_special_tokens: true }).trim();
    return { text, language: heardIn ?? (this.info.multilingual ? undefined : 'en'), tokens };
  }
}
