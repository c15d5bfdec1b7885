import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { isLanguageCode, LANGUAGE_CODES, type LanguageCode } from '@parley/common';
import { onnxFile, plainCode, readJson } from '../../translation/neuralRuntime.ts';

/**
 * Speech models in MODELS_DIR, next to the translation models: Whisper folders in the public ONNX
 * layout (onnx-community/whisper-tiny: config.json with model_type "whisper", tokenizer.json,
 * generation_config.json, preprocessor_config.json, onnx/encoder_model.onnx and
 * onnx/decoder_model.onnx or decoder_model_merged.onnx) and Piper voices (`<voice>.onnx` with
 * `<voice>.onnx.json`, in MODELS_DIR or folders below it that are not models).
 */

export interface WhisperModel {
  id: string;
  dir: string;
  encoderFile: string;
  decoderFile: string;
  /** decoder_model_merged: takes (empty) past key/values and use_cache_branch. */
  merged: boolean;
  /** The 20 languages it has a language token for; English-only models (whisper-tiny.en): ['en']. */
  languages: LanguageCode[];
  multilingual: boolean;
  /** Mel bins of its input (80; 128 for large-v3). */
  mels: number;
  bytes: number;
}

export interface PiperVoice {
  /** File name without .onnx, e.g. 'en_US-lessac-medium'. */
  id: string;
  onnxFile: string;
  configFile: string;
  language: LanguageCode;
  espeakVoice: string;
  sampleRate: number;
  bytes: number;
}

export interface SpeechFolder {
  dir: string;
  recognisers: WhisperModel[];
  voices: PiperVoice[];
  /** Speech files that cannot be used, and why. */
  problems: { id: string; reason: string }[];
}

const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

export function inspectWhisper(dir: string, id: string): WhisperModel | { id: string; reason: string } {
  const encoderFile = onnxFile(dir, 'encoder_model');
  const plain = onnxFile(dir, 'decoder_model');
  const merged = plain ? undefined : onnxFile(dir, 'decoder_model_merged');
  const decoderFile = plain ?? merged;
  if (!encoderFile || !decoderFile) return { id, reason: 'Whisper without onnx/encoder_model.onnx and onnx/decoder_model.onnx (or decoder_model_merged.onnx)' };
  const tokenizer = readJson(path.join(dir, 'tokenizer.json'));
  if (!tokenizer) return { id, reason: 'Whisper without tokenizer.json' };
  const added = Array.isArray(tokenizer.added_tokens) ? (tokenizer.added_tokens as { content?: unknown }[]) : [];
  const tokens = new Set(added.map((t) => String(t.content)));
  const languages = LANGUAGE_CODES.filter((code) => tokens.has(`<|${code}|>`));
  const multilingual = languages.length > 0;
  const config = readJson(path.join(dir, 'config.json')) ?? {};
  const pre = readJson(path.join(dir, 'preprocessor_config.json')) ?? {};
  const mels = Number(pre.feature_size ?? config.num_mel_bins ?? 80);
  return {
    id, dir, encoderFile, decoderFile, merged: Boolean(merged), multilingual,
    languages: multilingual ? languages : ['en'],
    mels: Number.isInteger(mels) && mels > 0 ? mels : 80,
    bytes: statSync(encoderFile).size + statSync(decoderFile).size,
  };
}

function inspectVoice(onnx: string): PiperVoice | { id: string; reason: string } {
  const id = path.basename(onnx, '.onnx');
  const configFile = `${onnx}.json`;
  const config = readJson(configFile);
  if (!config) return { id, reason: 'Piper voice whose .onnx.json cannot be read' };
  const espeakVoice = String(record(config.espeak).voice ?? '');
  const declared = String(record(config.language).code ?? '');
  const prefix = id.slice(0, 2);
  const language = plainCode(declared) ?? plainCode(espeakVoice) ?? (isLanguageCode(prefix) ? prefix : undefined);
  const sampleRate = Number(record(config.audio).sample_rate);
  if (!language) return { id, reason: `Piper voice in a language that is not one of the 20 (${declared || espeakVoice || 'none given'})` };
  if (!espeakVoice || !(sampleRate > 0) || !config.phoneme_id_map) return { id, reason: 'Piper voice without espeak.voice, audio.sample_rate or phoneme_id_map' };
  return { id, onnxFile: onnx, configFile, language, espeakVoice, sampleRate, bytes: statSync(onnx).size };
}

/** Voices in `dir` and the folders below it (rhasspy/piper-voices nests them as en/en_US/lessac/medium/). */
function voicesIn(dir: string, folder: SpeechFolder, depth: number): void {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const name = entry.name;
    if (entry.isDirectory() && depth > 0 && !name.startsWith('.') && !existsSync(path.join(dir, name, 'config.json'))) voicesIn(path.join(dir, name), folder, depth - 1);
    if (!entry.isFile() || !name.endsWith('.onnx') || !existsSync(path.join(dir, `${name}.json`))) continue;
    const found = inspectVoice(path.join(dir, name));
    if ('onnxFile' in found) folder.voices.push(found);
    else folder.problems.push(found);
  }
}

/** Reads the speech models of MODELS_DIR (a missing folder holds none). */
export function discoverSpeech(dir: string): SpeechFolder {
  const folder: SpeechFolder = { dir, recognisers: [], voices: [], problems: [] };
  if (!existsSync(dir)) return folder;
  voicesIn(dir, folder, 5);
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const sub = path.join(dir, entry.name);
    const config = readJson(path.join(sub, 'config.json'));
    if (config?.model_type === 'whisper') {
      const found = inspectWhisper(sub, entry.name);
      if ('encoderFile' in found) folder.recognisers.push(found);
      else folder.problems.push(found);
    }
  }
  return folder;
}

/** The recogniser for a language: the first (by folder name) that knows it. */
export function recogniserFor(folder: SpeechFolder, language: LanguageCode): WhisperModel | undefined {
  return folder.recognisers.find((m) => m.languages.includes(language));
}

/** The voice for a language: the first (by file name) in it. */
export function voiceFor(folder: SpeechFolder, language: LanguageCode): PiperVoice | undefined {
  return folder.voices.find((v) => v.language === language);
}
