import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGE_CODES, type LanguageCode } from '@parley/common';
import { floatTensor, input, intTensor, model, node } from '../../../translation/engines/neural/testing/onnx-writer.ts';
import { melFilterBank, N_FFT, WHISPER_RATE } from '../mel.ts';

/**
 * Tiny speech models in the public layouts, with hand-set weights so that known audio gives known
 * output:
 *
 * - Whisper (onnx-community/whisper-* layout): the encoder weighs the log-mel features of three mel
 *   bands, around 400 Hz, 1 kHz and 2 kHz, and keeps each band's loudest frame; the decoder adds a
 *   bigram table on the previous token. So a 400 Hz tone is heard as "la", 1 kHz as "mi", 2 kHz as
 *   "do", then <|endoftext|> (or, `endless`, the same word again until the length limit); after
 *   <|startoftranscript|> alone the language token `detects` wins (language detection).
 * - Piper (`<voice>.onnx` + `.onnx.json`): each phoneme id becomes 256 samples of a sine whose pitch
 *   depends on the id, so the audio's length is 256 samples per id.
 */

const SP = '\u2581';
export const TONES: Record<string, number> = { la: 400, mi: 1000, do: 2000 };
export const PIPER_HOP = 256;

function writeJson(dir: string, name: string, value: object): void {
  writeFileSync(path.join(dir, name), `${JSON.stringify(value, null, 1)}\n`);
}

export interface TinyWhisperSpec {
  folder?: string | undefined;
  /** Language tokens (default all 20); [] makes an English-only model like whisper-tiny.en. */
  languages?: readonly LanguageCode[] | undefined;
  /** The language found when none is given (default 'en'). */
  detects?: LanguageCode | undefined;
  /** Never ends a word with <|endoftext|>: the length limit stops it. */
  endless?: boolean | undefined;
  /** decoder_model_merged.onnx (past key/value inputs, use_cache_branch) instead of decoder_model.onnx. */
  merged?: boolean | undefined;
}

/** Mel bin whose filter peaks at `hz`. */
function melBinOf(bank: Float32Array[], hz: number): number {
  const k = Math.round((hz * N_FFT) / WHISPER_RATE);
  let best = 0;
  bank.forEach((f, m) => {
    if (f[k]! > bank[best]![k]!) best = m;
  });
  return best;
}

export function writeTinyWhisper(modelsDir: string, spec: TinyWhisperSpec = {}): string {
  const dir = path.join(modelsDir, spec.folder ?? 'whisper-tiny');
  mkdirSync(path.join(dir, 'onnx'), { recursive: true });
  const languages = spec.languages ?? LANGUAGE_CODES;
  const special = ['<|endoftext|>', '<|startoftranscript|>', ...languages.map((l) => `<|${l}|>`), '<|translate|>', '<|transcribe|>', '<|notimestamps|>', '<unk>'];
  const words = Object.keys(TONES);
  const vocab = [...special, ...words.map((w) => SP + w)];
  const V = vocab.length;
  const id = (t: string) => vocab.indexOf(t);
  const mels = 80;
  const bank = melFilterBank(mels);
  const weights = new Float32Array(mels * V);
  for (const w of words) {
    const centre = melBinOf(bank, TONES[w]!);
    for (let m = centre - 1; m <= centre + 1; m++) weights[m * V + id(SP + w)] = 10 / 3;
  }
  const encoder = model({
    nodes: [
      node('Transpose', ['input_features'], ['frames'], { perm: [0, 2, 1] }),
      node('MatMul', ['frames', 'bands'], ['per_frame']),
      node('ReduceMax', ['per_frame'], ['last_hidden_state'], { axes: [1], keepdims: 1 }),
    ],
    initializers: [floatTensor('bands', [mels, V], weights)],
    inputs: [input('input_features', 'float', ['batch_size', mels, 3000])],
    outputs: [input('last_hidden_state', 'float', ['batch_size', 1, V])],
  });
  const bigram = new Float32Array(V * V);
  bigram[id('<|startoftranscript|>') * V + id(`<|${spec.detects ?? 'en'}|>`)] = 50;
  for (const w of words) bigram[id(SP + w) * V + (spec.endless ? id(SP + w) : id('<|endoftext|>'))] = 100;
  const pastInputs = spec.merged
    ? [
      ...['decoder.key', 'decoder.value'].map((n) => input(`past_key_values.0.${n}`, 'float', ['batch_size', 1, 'past_decoder_sequence_length', 4])),
      ...['encoder.key', 'encoder.value'].map((n) => input(`past_key_values.0.${n}`, 'float', ['batch_size', 1, 'encoder_sequence_length_out', 4])),
      { ...input('use_cache_branch', 'float', [1]), type: { tensorType: { elemType: 9, shape: { dim: [{ dimValue: 1 }] } } } },
    ]
    : [];
  const decoder = model({
    nodes: [
      node('Gather', ['bigram', 'input_ids'], ['next'], { axis: 0 }),
      node('Add', ['next', 'encoder_hidden_states'], ['logits']),
    ],
    initializers: [floatTensor('bigram', [V, V], bigram)],
    inputs: [input('input_ids', 'int64', ['batch_size', 'decoder_sequence_length']), input('encoder_hidden_states', 'float', ['batch_size', 1, V]), ...pastInputs],
    outputs: [input('logits', 'float', ['batch_size', 'decoder_sequence_length', V])],
  });
  writeFileSync(path.join(dir, 'onnx', 'encoder_model.onnx'), encoder);
  writeFileSync(path.join(dir, 'onnx', spec.merged ? 'decoder_model_merged.onnx' : 'decoder_model.onnx'), decoder);
  writeJson(dir, 'config.json', { model_type: 'whisper', d_model: 4, decoder_attention_heads: 1, num_mel_bins: mels, max_target_positions: 448 });
  writeJson(dir, 'generation_config.json', {
    decoder_start_token_id: id('<|startoftranscript|>'), eos_token_id: id('<|endoftext|>'), max_length: 448,
    is_multilingual: languages.length > 0, lang_to_id: Object.fromEntries(languages.map((l) => [`<|${l}|>`, id(`<|${l}|>`)])),
  });
  writeJson(dir, 'preprocessor_config.json', { feature_size: mels, sampling_rate: WHISPER_RATE, hop_length: 160, n_fft: N_FFT, chunk_length: 30 });
  const ids = new Map(vocab.map((t, i) => [t, i]));
  writeJson(dir, 'tokenizer.json', {
    version: '1.0', truncation: null, padding: null,
    added_tokens: special.map((content) => ({ id: ids.get(content), content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true })),
    normalizer: null,
    pre_tokenizer: { type: 'Metaspace', replacement: SP, prepend_scheme: 'always', split: true },
    post_processor: null,
    decoder: { type: 'Metaspace', replacement: SP, prepend_scheme: 'always', split: true },
    model: { type: 'Unigram', unk_id: ids.get('<unk>'), vocab: vocab.map((t) => [t, special.includes(t) ? 0 : -1]), byte_fallback: false },
  });
  return dir;
}

export interface TinyPiperSpec {
  /** File name without .onnx (default en_US-tiny-medium). */
  name?: string | undefined;
  language?: string | undefined;
  espeakVoice?: string | undefined;
  sampleRate?: number | undefined;
}

/** IPA symbols the tiny voices know (those espeak-ng gives for the tests' sentences, and more). */
const SYMBOLS = [...'_^$ ,.!?abcdefghijklmnopqrstuvwxyzæçðøħŋœɐɑɒɓɔɕɗɘəɚɛɜɞɟɠɡɣɤɥɦɧɪɫɬɭɮɯɰɱɲɳɴɵɶɸɹɺɻɽɾʀʁʂʃʄʈʉʊʋʌʍʎʏʐʑʒʔʕʘʙʛʜʝʟʡʢʲˈˌːˑ̩̃θχ'];

export function writeTinyPiper(modelsDir: string, spec: TinyPiperSpec = {}): string {
  mkdirSync(modelsDir, { recursive: true });
  const name = spec.name ?? 'en_US-tiny-medium';
  const rate = spec.sampleRate ?? 22050;
  const V = SYMBOLS.length;
  const table = new Float32Array(V * PIPER_HOP);
  for (let v = 0; v < V; v++) {
    for (let t = 0; t < PIPER_HOP; t++) table[v * PIPER_HOP + t] = 0.5 * Math.sin((2 * Math.PI * (200 + 10 * v) * t) / rate);
  }
  const voice = model({
    nodes: [
      node('Gather', ['table', 'input'], ['frames'], { axis: 0 }),
      node('Gather', ['scales', 'one'], ['length_scale'], { axis: 0 }),
      node('Mul', ['frames', 'length_scale'], ['scaled']),
      node('Reshape', ['scaled', 'out_shape'], ['output']),
    ],
    initializers: [floatTensor('table', [V, PIPER_HOP], table), intTensor('one', [], [1]), intTensor('out_shape', [3], [1, 1, -1])],
    inputs: [input('input', 'int64', [1, 'phonemes']), input('input_lengths', 'int64', [1]), input('scales', 'float', [3])],
    outputs: [input('output', 'float', [1, 1, 'time'])],
  });
  const file = path.join(modelsDir, `${name}.onnx`);
  writeFileSync(file, voice);
  writeJson(modelsDir, `${name}.onnx.json`, {
    audio: { sample_rate: rate, quality: 'medium' },
    espeak: { voice: spec.espeakVoice ?? 'en-us' },
    language: { code: spec.language ?? 'en_US' },
    inference: { noise_scale: 0.667, length_scale: 1, noise_w: 0.8 },
    phoneme_type: 'espeak',
    num_speakers: 1,
    phoneme_id_map: Object.fromEntries(SYMBOLS.map((s, i) => [s, [i]])),
  });
  return file;
}
