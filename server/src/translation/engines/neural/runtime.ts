import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Tokenizer } from '@huggingface/tokenizers';
import * as ort from 'onnxruntime-node';
import type { LanguageCode } from '@parley/common';
import type { TranslationModel } from './catalog.ts';
import { generate, type Row } from './generate.ts';

/**
 * One model loaded in onnxruntime-node (runs inside a worker thread): tokenise, encode the batch
 * once, run the generation loop on the decoder, detokenise.
 */

export interface RunOptions {
  /** Beam count; undefined takes the model's generation_config.json num_beams. */
  numBeams?: number | undefined;
  /** Most new tokens per sentence; the model's max_length also applies. */
  maxNewTokens?: number | undefined;
  /** ORT intra-op threads (0: ORT's default). */
  threads?: number | undefined;
}

export class LoadedModel {
  private constructor(
    readonly info: TranslationModel,
    private readonly tokenizer: Tokenizer,
    private readonly encoder: ort.InferenceSession,
    private readonly decoder: ort.InferenceSession,
    private readonly decoderWithPast: ort.InferenceSession | undefined,
  ) {}

  /** Decoder steps run with the key/value cache (one token each), since load. */
  pastSteps = 0;

  static async load(info: TranslationModel, threads = 0): Promise<LoadedModel> {
    const read = (name: string) => JSON.parse(readFileSync(path.join(info.dir, name), 'utf8')) as object;
    let tokConfig: object = {};
    try {
      tokConfig = read('tokenizer_config.json');
    } catch { /* optional */ }
    const tokenizer = new Tokenizer(read('tokenizer.json'), tokConfig);
    const options: ort.InferenceSession.SessionOptions = {
      executionProviders: ['cpu'],
      graphOptimizationLevel: 'all',
      ...(threads > 0 ? { intraOpNumThreads: threads, interOpNumThreads: 1 } : {}),
    };
    const encoder = await ort.InferenceSession.create(info.encoderFile, options);
    const sessions: ort.InferenceSession[] = [encoder];
    try {
      const decoder = await ort.InferenceSession.create(info.decoderFile, options);
      sessions.push(decoder);
      const withPast = info.decoderWithPastFile ? await ort.InferenceSession.create(info.decoderWithPastFile, options) : undefined;
      // The cache is used only when the first decoder hands over every past the second one takes.
      const usable = withPast && withPast.inputNames.filter((n) => n.startsWith('past_key_values.')).every((n) => decoder.outputNames.includes(n.replace('past_key_values', 'present')));
      if (withPast && !usable) await withPast.release();
      return new LoadedModel(info, tokenizer, encoder, decoder, usable ? withPast : undefined);
    } catch (error) {
      await Promise.allSettled(sessions.map((x) => x.release()));
      throw error;
    }
  }

  async release(): Promise<void> {
    await Promise.allSettled([this.encoder.release(), this.decoder.release(), this.decoderWithPast?.release()]);
  }

  private languageTokenId(language: LanguageCode): number {
    const token = this.info.languageTokens?.[language];
    const id = token === undefined ? undefined : this.tokenizer.token_to_id(token);
    if (id === undefined) throw new Error(`${this.info.id} has no token for ${language}`);
    return id;
  }

  /** Source token ids: the tokenizer's own template (Marian: text </s>); many-to-many: lang text </s>. */
  private encode(text: string, source: LanguageCode): number[] {
    if (this.info.kind === 'per-pair') return this.tokenizer.encode(text).ids;
    const ids = this.tokenizer.encode(text, { add_special_tokens: false }).ids;
    return [this.languageTokenId(source), ...ids, this.info.eosTokenId];
  }

  async translate(texts: string[], source: LanguageCode, target: LanguageCode, options: RunOptions = {}): Promise<string[]> {
    const info = this.info;
    const maxSource = Math.max(8, info.maxLength);
    const encoded = texts.map((t) => this.encode(t, source).slice(0, maxSource));
    const S = Math.max(...encoded.map((e) => e.length));
    const B = encoded.length;
    const ids = new BigInt64Array(B * S).fill(BigInt(info.padTokenId));
    const mask = new BigInt64Array(B * S);
    encoded.forEach((e, b) => e.forEach((id, s) => {
      ids[b * S + s] = BigInt(id);
      mask[b * S + s] = 1n;
    }));
    const out = await this.encoder.run({
      input_ids: new ort.Tensor('int64', ids, [B, S]),
      attention_mask: new ort.Tensor('int64', mask, [B, S]),
    });
    const hidden = out.last_hidden_state ?? Object.values(out)[0]!;
    const D = hidden.dims[2]!;
    const hiddenData = hidden.data as Float32Array;
    const startTokens = info.kind === 'many-to-many' ? [info.decoderStartTokenId, this.languageTokenId(target)] : [info.decoderStartTokenId];
    // Key/value cache per row prefix (sentence + tokens), kept for one step.
    let cache = new Map<string, Record<string, ort.Tensor>>();
    const cacheKey = (sentence: number, tokens: number[]) => `${sentence}:${tokens.join(',')}`;
    const withPast = this.decoderWithPast;
    const step = async (rows: Row[]): Promise<Float32Array[]> => {
      const pasts = withPast ? rows.map((r) => cache.get(cacheKey(r.sentence, r.tokens.slice(0, -1)))) : [];
      if (withPast && rows.length > 0 && pasts.every((p) => p !== undefined)) {
        const R = rows.length;
        const encMask = new BigInt64Array(R * S);
        rows.forEach((row, r) => encMask.set(mask.subarray(row.sentence * S, (row.sentence + 1) * S), r * S));
        const feeds: Record<string, ort.Tensor> = {
          input_ids: new ort.Tensor('int64', BigInt64Array.from(rows.map((r) => BigInt(r.tokens[r.tokens.length - 1]!))), [R, 1]),
          encoder_attention_mask: new ort.Tensor('int64', encMask, [R, S]),
        };
        for (const name of withPast.inputNames) {
          if (name.startsWith('past_key_values.')) feeds[name] = concatRows(pasts.map((p) => p![name]!));
        }
        const result = await withPast.run(feeds);
        this.pastSteps += 1;
        const next = new Map<string, Record<string, ort.Tensor>>();
        rows.forEach((row, r) => {
          const entry: Record<string, ort.Tensor> = {};
          for (const name of withPast.inputNames) {
            if (!name.startsWith('past_key_values.')) continue;
            const present = result[name.replace('past_key_values', 'present')];
            // The encoder's part does not change: decoder_with_past_model does not output it again.
            entry[name] = present ? rowOf(present, r) : pasts[r]![name]!;
          }
          next.set(cacheKey(row.sentence, row.tokens), entry);
        });
        cache = next;
        const logits = result.logits ?? Object.values(result)[0]!;
        const V = logits.dims[2]!;
        const data = logits.data as Float32Array;
        return rows.map((_, r) => data.slice(r * V, (r + 1) * V));
      }
      const L = Math.max(...rows.map((r) => r.tokens.length));
      const R = rows.length;
      const dec = new BigInt64Array(R * L).fill(BigInt(info.padTokenId));
      const states = new Float32Array(R * S * D);
      const encMask = new BigInt64Array(R * S);
      rows.forEach((row, r) => {
        row.tokens.forEach((t, j) => (dec[r * L + j] = BigInt(t)));
        states.set(hiddenData.subarray(row.sentence * S * D, (row.sentence + 1) * S * D), r * S * D);
        encMask.set(mask.subarray(row.sentence * S, (row.sentence + 1) * S), r * S);
      });
      const result = await this.decoder.run({
        input_ids: new ort.Tensor('int64', dec, [R, L]),
        encoder_hidden_states: new ort.Tensor('float32', states, [R, S, D]),
        encoder_attention_mask: new ort.Tensor('int64', encMask, [R, S]),
      });
      const logits = result.logits ?? Object.values(result)[0]!;
      const V = logits.dims[2]!;
      const data = logits.data as Float32Array;
      // Rows of equal length (always so in this loop) can go on with the cache.
      cache = new Map();
      if (withPast && rows.every((row) => row.tokens.length === L)) {
        rows.forEach((row, r) => {
          const entry: Record<string, ort.Tensor> = {};
          for (const name of withPast.inputNames) {
            const present = result[name.replace('past_key_values', 'present')];
            if (name.startsWith('past_key_values.') && present) entry[name] = rowOf(present, r);
          }
          cache.set(cacheKey(row.sentence, row.tokens), entry);
        });
      }
      // Rows are right-padded: each row's next token comes from its own last position.
      return rows.map((row, r) => data.slice((r * L + row.tokens.length - 1) * V, (r * L + row.tokens.length) * V));
    };
    const limit = info.maxLength - startTokens.length;
    const generated = await generate(B, step, {
      startTokens,
      eos: info.eosTokenId,
      // Long enough for any real translation (3 tokens per source token + 10), never past max_length.
      maxNewTokens: encoded.map((e) => Math.max(1, Math.min(limit, options.maxNewTokens ?? Infinity, e.length * 3 + 10))),
      numBeams: Math.max(1, options.numBeams ?? info.numBeams),
      suppress: info.padTokenId === info.eosTokenId ? [] : [info.padTokenId],
    });
    return generated.map((tokens) => this.tokenizer.decode(tokens, { skip_special_tokens: true }).trim());
  }
}

/** Row r of a batch-first float tensor, as a batch of one. */
function rowOf(tensor: ort.Tensor, r: number): ort.Tensor {
  const size = tensor.dims.slice(1).reduce((a, b) => a * b, 1);
  const data = tensor.data as Float32Array;
  return new ort.Tensor('float32', data.slice(r * size, (r + 1) * size), [1, ...tensor.dims.slice(1)]);
}

/** Batches of one (equal shapes) stacked into one batch. */
function concatRows(tensors: ort.Tensor[]): ort.Tensor {
  const size = tensors[0]!.dims.slice(1).reduce((a, b) => a * b, 1);
  const out = new Float32Array(size * tensors.length);
  tensors.forEach((t, i) => out.set(t.data as Float32Array, i * size));
  return new ort.Tensor('float32', out, [tensors.length, ...tensors[0]!.dims.slice(1)]);
}
