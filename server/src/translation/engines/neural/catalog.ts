import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { LanguageCode } from '@parley/common';
import { languageOfToken, pairFromFolderName, plainCode } from './langcodes.ts';

/**
 * What a models folder holds: each sub-folder in the public ONNX layout (Optimum / transformers.js)
 * is a translation model; per-pair Marian (OPUS-MT) models serve the pair of their folder name or
 * tokenizer_config.json, many-to-many models (NLLB-200, M2M-100) every pair of the 20 languages whose
 * language token they have. Speech models (Whisper, Piper) are left to voice/neural/catalog.ts.
 */

export interface Direction {
  source: LanguageCode;
  target: LanguageCode;
}

export interface TranslationModel {
  /** Folder name, e.g. 'opus-mt-en-ja', 'nllb-200-distilled-600M'. */
  id: string;
  dir: string;
  kind: 'per-pair' | 'many-to-many';
  encoderFile: string;
  decoderFile: string;
  /** decoder_with_past_model*.onnx: the key/value cache (one token per step instead of the whole prefix). */
  decoderWithPastFile?: string | undefined;
  directions: Direction[];
  /** Many-to-many: the language token of each served language (e.g. ja -> 'jpn_Jpan', '__ja__'). */
  languageTokens?: Partial<Record<LanguageCode, string>> | undefined;
  /** Size of the ONNX files (the memory limit counts this). */
  bytes: number;
  decoderStartTokenId: number;
  eosTokenId: number;
  padTokenId: number;
  maxLength: number;
  numBeams: number;
}

export interface OtherFolder {
  id: string;
  /** 'speech-recognition' (Whisper), 'voice' (Piper), or 'unusable' (why in `reason`). */
  kind: 'speech-recognition' | 'voice' | 'unusable';
  reason: string;
}

export interface ModelsFolder {
  dir: string;
  models: TranslationModel[];
  other: OtherFolder[];
}

/** A model folder's JSON file, or undefined when it is missing or not JSON. */
export function readJson(file: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

const num = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/**
 * The ONNX file of a part: the plain export first, then the quantized ones transformers.js also
 * publishes (encoder_model_quantized.onnx...). decoder_with_past_model.onnx, where present, carries the
 * key/value cache from the second token on (see runtime.ts).
 */
export function onnxFile(dir: string, part: string): string | undefined {
  const onnxDir = path.join(dir, 'onnx');
  if (!existsSync(onnxDir)) return undefined;
  const names = readdirSync(onnxDir);
  for (const suffix of ['', '_quantized', '_int8', '_uint8', '_q8', '_q4', '_fp16']) {
    if (names.includes(`${part}${suffix}.onnx`)) return path.join(onnxDir, `${part}${suffix}.onnx`);
  }
  return undefined;
}

function inspect(dir: string, id: string): TranslationModel | OtherFolder {
  const config = readJson(path.join(dir, 'config.json'));
  if (!config) {
    if (readdirSync(dir).some((f) => f.endsWith('.onnx.json'))) return { id, kind: 'voice', reason: 'Piper voices (see Speech)' };
    return { id, kind: 'unusable', reason: 'no config.json' };
  }
  const type = String(config.model_type ?? '');
  if (type === 'whisper') return { id, kind: 'speech-recognition', reason: 'Whisper (see Speech)' };
  if (type !== 'marian' && type !== 'm2m_100' && type !== 'nllb') return { id, kind: 'unusable', reason: `model_type ${type || '(none)'} is not a translation model this engine runs` };
  const encoderFile = onnxFile(dir, 'encoder_model');
  const decoderFile = onnxFile(dir, 'decoder_model');
  if (!encoderFile || !decoderFile) return { id, kind: 'unusable', reason: 'onnx/encoder_model.onnx or onnx/decoder_model.onnx is missing' };
  const tokenizer = readJson(path.join(dir, 'tokenizer.json'));
  if (!tokenizer) return { id, kind: 'unusable', reason: 'tokenizer.json is missing' };
  const tokConfig = readJson(path.join(dir, 'tokenizer_config.json')) ?? {};
  const gen = readJson(path.join(dir, 'generation_config.json')) ?? {};
  const decoderWithPastFile = onnxFile(dir, 'decoder_with_past_model');
  const bytes = statSync(encoderFile).size + statSync(decoderFile).size + (decoderWithPastFile ? statSync(decoderWithPastFile).size : 0);
  const common = {
    id, dir, encoderFile, decoderFile, decoderWithPastFile, bytes,
    decoderStartTokenId: num(gen.decoder_start_token_id, num(config.decoder_start_token_id, 0)),
    eosTokenId: num(gen.eos_token_id, num(config.eos_token_id, 0)),
    padTokenId: num(gen.pad_token_id, num(config.pad_token_id, 0)),
    maxLength: num(gen.max_length, num(config.max_length, 256)),
    numBeams: num(gen.num_beams, num(config.num_beams, 1)),
  };
  if (type === 'marian') {
    const declared = typeof tokConfig.source_lang === 'string' && typeof tokConfig.target_lang === 'string'
      ? { source: plainCode(tokConfig.source_lang), target: plainCode(tokConfig.target_lang) }
      : undefined;
    const pair = declared?.source && declared.target ? (declared as Direction) : pairFromFolderName(id);
    if (!pair) return { id, kind: 'unusable', reason: 'no language pair: neither source_lang/target_lang in tokenizer_config.json nor a folder named opus-mt-<source>-<target> among the 20 languages' };
    return { ...common, kind: 'per-pair', directions: [pair] };
  }
  const added = Array.isArray(tokenizer.added_tokens) ? (tokenizer.added_tokens as { content?: unknown }[]) : [];
  const languageTokens: Partial<Record<LanguageCode, string>> = {};
  for (const t of added) {
    const language = typeof t.content === 'string' ? languageOfToken(t.content) : undefined;
    if (language && !languageTokens[language]) languageTokens[language] = t.content as string;
  }
  const languages = Object.keys(languageTokens) as LanguageCode[];
  if (languages.length < 2) return { id, kind: 'unusable', reason: 'fewer than two of the 20 languages among its language tokens' };
  const directions = languages.flatMap((source) => languages.filter((t) => t !== source).map((target) => ({ source, target })));
  return { ...common, kind: 'many-to-many', directions, languageTokens };
}

/** Reads MODELS_DIR (a missing folder holds nothing). */
export function discoverModels(dir: string): ModelsFolder {
  const result: ModelsFolder = { dir, models: [], other: [] };
  if (!existsSync(dir)) return result;
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const found = inspect(path.join(dir, entry.name), entry.name);
    if ('directions' in found) result.models.push(found);
    else result.other.push(found);
  }
  return result;
}
