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
  ) {}

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
    const decoder = await ort.InferenceSession.create(info.decoderFile, options).catch(async (error: unknown) => {
      await encoder.release();
      throw error;
    });
    return new LoadedModel(info, tokenizer, encoder, decoder);
  }

  async release(): Promise<void> {
    await Promise.allSettled([this.encoder.release(), this.decoder.release()]);
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
    const step = async (rows: Row[]): Promise<Float32Array[]> => {
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
