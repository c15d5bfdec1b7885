import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LanguageCode } from '@parley/common';
import { NLLB_CODES } from '../langcodes.ts';
import { floatTensor, input, intTensor, model, node } from './onnx-writer.ts';
import { decoderWithPast, presentNodes } from './tiny-past.ts';

/**
 * Tiny translation models in the public ONNX layout (Optimum / transformers.js): config.json,
 * generation_config.json, tokenizer.json, tokenizer_config.json, onnx/encoder_model.onnx,
 * onnx/decoder_model.onnx. A few hundred to a few thousand hand-set weights, so the output is known:
 *
 * - the encoder looks each source token up in a table whose row is, per target language, a one-hot
 *   vector (times 10) on the token's translation: it "translates" word by word;
 * - the decoder, at step j, reads row j of the encoder output (the last row once past the end), adds a
 *   bigram table on the previous token, and for many-to-many models keeps the block of the target
 *   language token it was given; the logits go through the same generation loop as real models.
 *
 * Unknown words fall apart into letters, which translate to themselves; the sentence end (</s>)
 * translates to itself, so generation ends where the source ends.
 */

const LETTERS = [...'abcdefghijklmnopqrstuvwxyz0123456789.,!?\'-'];
const SP = '\u2581';

interface Graph {
  vocab: string[];
  /** Per token id, per target block, the token id it translates to (and its logit, default 10). */
  translate: (id: number, block: number) => { id: number; logit?: number }[];
  blocks: number;
  /** Token id -> block it selects (the target language tokens of many-to-many models). */
  gate?: Map<number, number>;
  /** prev token id -> [token id, logit added]. */
  bigram?: Map<number, [number, number][]>;
  /** Extra matrix products in the encoder (seconds of work for the timeout and crash tests). */
  slow?: number;
  /** Also a key/value cache: present.* outputs and onnx/decoder_with_past_model.onnx. */
  withPast?: boolean;
}

function writeOnnx(dir: string, g: Graph): void {
  const V = g.vocab.length;
  const K = g.blocks;
  const table = new Float32Array(V * K * V);
  for (let id = 0; id < V; id++) {
    for (let k = 0; k < K; k++) {
      for (const t of g.translate(id, k)) table[id * K * V + k * V + t.id] = t.logit ?? 10;
    }
  }
  const encNodes = [
    node('Gather', ['table', 'input_ids'], ['looked_up'], { axis: 0 }),
    node('Cast', ['attention_mask'], ['mask_f'], { to: 1 }),
    node('Unsqueeze', ['mask_f', 'axis_last'], ['mask_3d']),
    node('Mul', ['looked_up', 'mask_3d'], [g.slow ? 'masked' : 'last_hidden_state']),
  ];
  const encInit = [floatTensor('table', [V, K * V], table), intTensor('axis_last', [1], [2])];
  if (g.slow) {
    // Work ORT cannot fold away (it depends on the input): n products of a 768x768 matrix of zeros.
    encNodes.push(
      node('ReduceSum', ['mask_f'], ['mask_sum'], { keepdims: 0 }),
      node('Mul', ['mask_sum', 'zero'], ['z']),
      node('Expand', ['z', 'square'], ['h0']),
    );
    for (let i = 0; i < g.slow; i++) encNodes.push(node('MatMul', [`h${i}`, `h${i}`], [`h${i + 1}`]));
    encNodes.push(node('ReduceSum', [`h${g.slow}`], ['h_sum'], { keepdims: 0 }), node('Add', ['masked', 'h_sum'], ['last_hidden_state']));
    encInit.push(floatTensor('zero', [], [0]), intTensor('square', [2], [768, 768]));
  }
  const encoder = model({
    nodes: encNodes,
    initializers: encInit,
    inputs: [input('input_ids', 'int64', ['batch_size', 'encoder_sequence_length']), input('attention_mask', 'int64', ['batch_size', 'encoder_sequence_length'])],
    outputs: [input('last_hidden_state', 'float', ['batch_size', 'encoder_sequence_length', K * V])],
  });

  const bigram = new Float32Array(V * V);
  for (const [prev, list] of g.bigram ?? []) for (const [id, logit] of list) bigram[prev * V + id] = logit;
  const decNodes = [
    node('Shape', ['input_ids'], ['ids_shape']),
    node('Gather', ['ids_shape', 'one'], ['tgt_len'], { axis: 0 }),
    node('Shape', ['encoder_hidden_states'], ['enc_shape']),
    node('Gather', ['enc_shape', 'one'], ['src_len'], { axis: 0 }),
    node('Sub', ['src_len', 'one'], ['src_last']),
    node('Range', ['zero_i', 'tgt_len', 'one'], ['positions']),
    node('Min', ['positions', 'src_last'], ['clamped']),
    node('Gather', ['encoder_hidden_states', 'clamped'], ['aligned'], { axis: 1 }),
    node('Gather', ['bigram', 'input_ids'], ['bigram_logits'], { axis: 0 }),
  ];
  const decInit = [
    intTensor('one', [], [1]), intTensor('zero_i', [], [0]), floatTensor('bigram', [V, V], bigram),
  ];
  const gate = new Float32Array(V * K);
  if (K === 1) gate.fill(1);
  for (const [id, k] of g.gate ?? []) gate[id * K + k] = 1;
  const decOutputs = [input('logits', 'float', ['batch_size', 'decoder_sequence_length', V])];
  if (g.withPast) {
    const present = presentNodes(K, K * V);
    decNodes.push(node('Gather', ['gate', 'input_ids'], ['gate_tokens'], { axis: 0 }), ...present.nodes);
    decOutputs.push(...present.outputs);
    if (K === 1) decInit.push(floatTensor('gate', [V, 1], gate), intTensor('axis_1', [1], [1]));
  }
  if (K === 1) {
    decNodes.push(node('Add', ['aligned', 'bigram_logits'], ['logits']));
  } else {
    decNodes.push(
      node('Gather', ['gate', 'input_ids'], ['gate_per_token'], { axis: 0 }),
      node('ReduceSum', ['gate_per_token', 'axis_1'], ['gate_sum'], { keepdims: 1 }),
      node('Unsqueeze', ['gate_sum', 'axis_3'], ['gate_4d']),
      node('Reshape', ['aligned', 'blocks_shape'], ['aligned_4d']),
      node('Mul', ['aligned_4d', 'gate_4d'], ['gated']),
      node('ReduceSum', ['gated', 'axis_2'], ['selected'], { keepdims: 0 }),
      node('Add', ['selected', 'bigram_logits'], ['logits']),
    );
    decInit.push(
      floatTensor('gate', [V, K], gate), intTensor('axis_1', [1], [1]), intTensor('axis_2', [1], [2]), intTensor('axis_3', [1], [3]),
      intTensor('blocks_shape', [4], [0, 0, K, V]),
    );
  }
  const decoder = model({
    nodes: decNodes,
    initializers: decInit,
    inputs: [
      input('input_ids', 'int64', ['batch_size', 'decoder_sequence_length']),
      input('encoder_hidden_states', 'float', ['batch_size', 'encoder_sequence_length', K * V]),
      input('encoder_attention_mask', 'int64', ['batch_size', 'encoder_sequence_length']),
    ],
    outputs: decOutputs,
  });
  mkdirSync(path.join(dir, 'onnx'), { recursive: true });
  if (g.withPast) writeFileSync(path.join(dir, 'onnx', 'decoder_with_past_model.onnx'), decoderWithPast({ V, K, gate, bigram }));
  writeFileSync(path.join(dir, 'onnx', 'encoder_model.onnx'), encoder);
  writeFileSync(path.join(dir, 'onnx', 'decoder_model.onnx'), decoder);
}

function tokenizerJson(vocab: string[], special: string[], eos: string): object {
  const ids = new Map(vocab.map((t, i) => [t, i]));
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: special.map((content) => ({
      id: ids.get(content), content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true,
    })),
    normalizer: { type: 'Lowercase' },
    pre_tokenizer: { type: 'Metaspace', replacement: SP, prepend_scheme: 'always', split: true },
    post_processor: {
      type: 'TemplateProcessing',
      single: [{ Sequence: { id: 'A', type_id: 0 } }, { SpecialToken: { id: eos, type_id: 0 } }],
      pair: [{ Sequence: { id: 'A', type_id: 0 } }, { Sequence: { id: 'B', type_id: 0 } }, { SpecialToken: { id: eos, type_id: 0 } }],
      special_tokens: { [eos]: { id: eos, ids: [ids.get(eos)], tokens: [eos] } },
    },
    decoder: { type: 'Metaspace', replacement: SP, prepend_scheme: 'always', split: true },
    model: {
      type: 'Unigram',
      unk_id: ids.get('<unk>'),
      // Whole words score above their letters, so known words stay one piece.
      vocab: vocab.map((t) => [t, special.includes(t) ? 0 : t.length > 2 ? -1 : -8]),
      byte_fallback: false,
    },
  };
}

function writeJson(dir: string, name: string, value: object): void {
  writeFileSync(path.join(dir, name), `${JSON.stringify(value, null, 1)}\n`);
}

export interface MarianSpec {
  source: LanguageCode;
  target: LanguageCode;
  /** Source word -> target word (lower case, one word each). */
  words: Record<string, string>;
  /**
   * A word with two translations, the first slightly preferred alone but leading to an unsure next
   * step: greedy search takes `first`, beam search `second` (see the beam test).
   */
  ambiguous?: { word: string; first: string; second: string; distractors: string[] } | undefined;
  /** Folder name (default opus-mt-<source>-<target>). */
  folder?: string | undefined;
  slow?: number | undefined;
  /** generation_config.json max_length (default 64). */
  maxLength?: number | undefined;
  numBeams?: number | undefined;
  withPast?: boolean | undefined;
}

/** A per-pair Marian / OPUS-MT model folder like Xenova/opus-mt-en-es. Returns its path. */
export function writeMarianModel(modelsDir: string, spec: MarianSpec): string {
  const dir = path.join(modelsDir, spec.folder ?? `opus-mt-${spec.source}-${spec.target}`);
  mkdirSync(dir, { recursive: true });
  const amb = spec.ambiguous;
  const words = new Set<string>();
  for (const [s, t] of Object.entries(spec.words)) words.add(s).add(t);
  if (amb) for (const w of [amb.word, amb.first, amb.second, ...amb.distractors]) words.add(w);
  const vocab = ['</s>', '<unk>', SP, ...LETTERS, ...[...words].map((w) => SP + w), '<pad>'];
  const id = new Map(vocab.map((t, i) => [t, i]));
  const pad = vocab.length - 1;
  const lookup = new Map<number, { id: number; logit?: number }[]>();
  for (const [s, t] of Object.entries(spec.words)) lookup.set(id.get(SP + s)!, [{ id: id.get(SP + t)! }]);
  const bigram = new Map<number, [number, number][]>();
  if (amb) {
    lookup.set(id.get(SP + amb.word)!, [{ id: id.get(SP + amb.first)!, logit: 3 }, { id: id.get(SP + amb.second)!, logit: 2.5 }]);
    bigram.set(id.get(SP + amb.first)!, amb.distractors.map((d) => [id.get(SP + d)!, 10]));
  }
  writeOnnx(dir, {
    vocab,
    blocks: 1,
    bigram,
    slow: spec.slow,
    withPast: spec.withPast,
    translate: (i) => (i === pad ? [{ id: 0 }] : lookup.get(i) ?? [{ id: i }]),
  });
  writeJson(dir, 'tokenizer.json', tokenizerJson(vocab, ['</s>', '<unk>', '<pad>'], '</s>'));
  writeJson(dir, 'tokenizer_config.json', {
    tokenizer_class: 'MarianTokenizer', source_lang: spec.source, target_lang: spec.target,
    eos_token: '</s>', unk_token: '<unk>', pad_token: '<pad>', model_max_length: 512,
  });
  writeJson(dir, 'config.json', {
    model_type: 'marian', architectures: ['MarianMTModel'], vocab_size: vocab.length, d_model: vocab.length,
    decoder_start_token_id: pad, pad_token_id: pad, eos_token_id: 0, bos_token_id: 0, max_length: spec.maxLength ?? 64,
  });
  writeJson(dir, 'generation_config.json', {
    bos_token_id: 0, decoder_start_token_id: pad, eos_token_id: 0, forced_eos_token_id: 0, pad_token_id: pad,
    max_length: spec.maxLength ?? 64, num_beams: spec.numBeams ?? 1,
  });
  return dir;
}

export interface ManySpec {
  languages: LanguageCode[];
  /** One row per meaning: the word in each language. */
  lexicon: Partial<Record<LanguageCode, string>>[];
  folder?: string | undefined;
  withPast?: boolean | undefined;
}

/** A many-to-many NLLB-200-style model (language tokens like jpn_Jpan) like Xenova/nllb-200-distilled-600M. */
export function writeNllbModel(modelsDir: string, spec: ManySpec): string {
  const dir = path.join(modelsDir, spec.folder ?? 'nllb-200-tiny');
  mkdirSync(dir, { recursive: true });
  const words = [...new Set(spec.lexicon.flatMap((row) => Object.values(row)))];
  const langTokens = spec.languages.map((l) => NLLB_CODES[l]);
  const vocab = ['<s>', '<pad>', '</s>', '<unk>', SP, ...LETTERS, ...words.map((w) => SP + w), ...langTokens];
  const id = new Map(vocab.map((t, i) => [t, i]));
  const meaning = new Map<number, Partial<Record<LanguageCode, string>>>();
  for (const row of spec.lexicon) for (const w of Object.values(row)) meaning.set(id.get(SP + w)!, row);
  writeOnnx(dir, {
    vocab,
    blocks: spec.languages.length,
    withPast: spec.withPast,
    gate: new Map(langTokens.map((t, k) => [id.get(t)!, k])),
    translate: (i, k) => {
      if (i === 1) return [{ id: 2 }];
      const row = meaning.get(i);
      const word = row?.[spec.languages[k]!];
      return [{ id: word ? id.get(SP + word)! : i }];
    },
  });
  writeJson(dir, 'tokenizer.json', tokenizerJson(vocab, ['<s>', '<pad>', '</s>', '<unk>', ...langTokens], '</s>'));
  writeJson(dir, 'tokenizer_config.json', {
    tokenizer_class: 'NllbTokenizer', src_lang: 'eng_Latn', additional_special_tokens: langTokens,
    bos_token: '<s>', eos_token: '</s>', unk_token: '<unk>', pad_token: '<pad>', model_max_length: 1024,
  });
  writeJson(dir, 'config.json', {
    model_type: 'm2m_100', architectures: ['M2M100ForConditionalGeneration'], vocab_size: vocab.length,
    d_model: vocab.length * spec.languages.length, decoder_start_token_id: 2, pad_token_id: 1, eos_token_id: 2, bos_token_id: 0, max_length: 200,
  });
  writeJson(dir, 'generation_config.json', { bos_token_id: 0, decoder_start_token_id: 2, eos_token_id: 2, pad_token_id: 1, max_length: 200 });
  return dir;
}

/** The standard set used by the tests and the bench: en<->es, en->fr (pivot es->fr), and a many-to-many en/de/ja. */
export function writeTinyModels(modelsDir: string, options: { slow?: number; withPast?: boolean } = {}): void {
  writeMarianModel(modelsDir, {
    source: 'en', target: 'es',
    words: { hello: 'hola', world: 'mundo', cat: 'gato', house: 'casa', good: 'buenos', morning: 'días', the: 'el', river: 'río', my: 'mi', friend: 'amigo' },
    ambiguous: { word: 'bank', first: 'banco', second: 'orilla', distractors: ['dinero', 'cuenta', 'caja', 'oficina'] },
    slow: options.slow,
    withPast: options.withPast,
  });
  writeMarianModel(modelsDir, {
    source: 'es', target: 'en',
    words: { hola: 'hello', mundo: 'world', gato: 'cat', casa: 'house', buenos: 'good', 'días': 'morning', el: 'the', amigo: 'friend', mi: 'my' },
    withPast: options.withPast,
  });
  writeMarianModel(modelsDir, {
    source: 'en', target: 'fr',
    words: { hello: 'bonjour', world: 'monde', cat: 'chat', house: 'maison', good: 'bon', morning: 'matin', the: 'le', my: 'mon', friend: 'ami' },
    withPast: options.withPast,
  });
  writeNllbModel(modelsDir, {
    languages: ['en', 'de', 'ja'],
    lexicon: [
      { en: 'hello', de: 'hallo', ja: 'こんにちは' },
      { en: 'cat', de: 'katze', ja: '猫' },
      { en: 'house', de: 'haus', ja: '家' },
      { en: 'friend', de: 'freund', ja: '友達' },
    ],
    withPast: options.withPast,
  });
}
