import { LANGUAGE_CODES, languageName, type LanguageCode } from '@parley/common';

/**
 * Which public model repositories give a server its languages (printed by `npm run models -- plan`;
 * nothing is downloaded here). Per-pair OPUS-MT models (CC-BY 4.0) to and from English where a good
 * one is published as ONNX (Xenova's transformers.js exports); the rest through one many-to-many
 * NLLB-200 model (CC-BY-NC 4.0: not for commercial use). Sizes are the quantized ONNX files, rounded.
 */

/** OPUS-MT ONNX exports (Xenova/opus-mt-<source>-<target>) of a usable quality, to and from English. */
const FROM_ENGLISH: readonly LanguageCode[] = ['es', 'fr', 'de', 'it', 'nl', 'ru', 'zh', 'ar', 'hi', 'vi', 'sv', 'uk', 'ro'];
const TO_ENGLISH: readonly LanguageCode[] = ['es', 'fr', 'de', 'it', 'nl', 'ru', 'zh', 'ja', 'ko', 'ar', 'hi', 'vi', 'tr', 'pl', 'sv', 'uk', 'th'];

export const OPUS_MT_MB = 150;
export const NLLB = { repo: 'Xenova/nllb-200-distilled-600M', folder: 'nllb-200-distilled-600M', mb: 900 } as const;

export interface PlannedModel {
  repo: string;
  folder: string;
  mb: number;
  serves: string;
  license: string;
}

export interface ModelPlan {
  languages: LanguageCode[];
  models: PlannedModel[];
  totalMb: number;
  /** Languages only the many-to-many model serves in at least one direction. */
  needsManyToMany: LanguageCode[];
}

export function planModels(languages: readonly LanguageCode[], options: { perPairOnly?: boolean } = {}): ModelPlan {
  const wanted = [...new Set(languages)];
  const models: PlannedModel[] = [];
  const needsManyToMany: LanguageCode[] = [];
  const others = wanted.filter((l) => l !== 'en');
  for (const l of others) {
    const pair = (source: LanguageCode, target: LanguageCode) => ({
      repo: `Xenova/opus-mt-${source}-${target}`, folder: `opus-mt-${source}-${target}`, mb: OPUS_MT_MB,
      serves: `${languageName(source)} -> ${languageName(target)}`, license: 'CC-BY 4.0',
    });
    if (FROM_ENGLISH.includes(l)) models.push(pair('en', l));
    if (TO_ENGLISH.includes(l)) models.push(pair(l, 'en'));
    if (!FROM_ENGLISH.includes(l) || !TO_ENGLISH.includes(l)) needsManyToMany.push(l);
  }
  // Without English among the languages, pivots still go through it: the models above include it.
  if (needsManyToMany.length > 0 && !options.perPairOnly) {
    models.push({
      repo: NLLB.repo, folder: NLLB.folder, mb: NLLB.mb,
      serves: `all 20 languages in every direction (used where no per-pair model serves: ${needsManyToMany.map((l) => languageName(l)).join(', ')})`,
      license: 'CC-BY-NC 4.0 (non-commercial)',
    });
  }
  return { languages: wanted, models, totalMb: models.reduce((sum, m) => sum + m.mb, 0), needsManyToMany };
}

/** The command to run on a connected machine for one model (Hugging Face's own command-line client). */
export function downloadCommand(model: PlannedModel, into = 'models'): string {
  return `huggingface-cli download ${model.repo} --include '*.json' 'onnx/encoder_model_quantized.onnx' 'onnx/decoder_model_quantized.onnx' 'onnx/decoder_with_past_model_quantized.onnx' --local-dir ${into}/${model.folder}`;
}

/** `speech`: the speech section (voice/neural/plan.ts), printed before where to put the files. */
export function formatPlan(plan: ModelPlan, speech?: string): string {
  const lines = [
    `Models for ${plan.languages.map((l) => languageName(l)).join(', ')} (about ${(plan.totalMb / 1000).toFixed(1)} GB in all):`,
    '',
    ...plan.models.map((m) => `  ${m.repo.padEnd(36)} ~${String(m.mb).padStart(4)} MB  ${m.license.padEnd(30)} ${m.serves}`),
    '',
    'On a machine that reaches Hugging Face (pip install -U huggingface_hub), run:',
    '',
    ...plan.models.map((m) => `  ${downloadCommand(m)}`),
    ...(speech ? ['', speech] : []),
    '',
    'then copy the models/ folder into this server\'s MODELS_DIR (default DATA_DIR/models) and restart it;',
    '`npm run models -- list` shows what it serves. Parley never downloads models itself.',
  ];
  if (plan.models.length === 0 && !speech) return 'Nothing to download: English needs no model.';
  return lines.join('\n');
}

/** Arguments to languages: codes or names ('ja', 'Japanese'), comma or space separated; 'all' or none: the 20. */
export function parseLanguages(args: string[]): { languages: LanguageCode[]; unknown: string[] } {
  const words = args.flatMap((a) => a.split(',')).map((w) => w.trim().toLowerCase()).filter(Boolean);
  if (words.length === 0 || words.includes('all')) return { languages: [...LANGUAGE_CODES], unknown: [] };
  const languages: LanguageCode[] = [];
  const unknown: string[] = [];
  for (const w of words) {
    const code = LANGUAGE_CODES.find((c) => c === w || languageName(c).toLowerCase() === w);
    if (code) languages.push(code);
    else unknown.push(w);
  }
  return { languages, unknown };
}
