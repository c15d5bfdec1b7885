import { languageName, type LanguageCode } from '@parley/common';

/**
 * Speech models to download for a server's languages (printed by `npm run models -- plan`): one
 * multilingual Whisper export (onnx-community, quantized ONNX, all 20 languages) and a Piper voice per
 * language where rhasspy/piper-voices publishes one (MIT code; each voice's licence is in its
 * MODEL_CARD). Sizes are the published files, rounded.
 */

export interface PlannedSpeech {
  repo: string;
  /** Files to fetch from the repository. */
  files: string[];
  /** Folder under models/ (Whisper) or models/piper (voices, kept in the repository's nesting). */
  into: string;
  mb: number;
  serves: string;
}

export const WHISPER = { repo: 'onnx-community/whisper-base', folder: 'whisper-base', mb: 80 } as const;

/** A good medium-quality voice per language, as published in rhasspy/piper-voices (v1.0.0). */
export const PIPER_VOICES: Partial<Record<LanguageCode, string>> = {
  en: 'en/en_US/lessac/medium', es: 'es/es_ES/davefx/medium', fr: 'fr/fr_FR/siwis/medium', de: 'de/de_DE/thorsten/medium',
  it: 'it/it_IT/paola/medium', pt: 'pt/pt_BR/faber/medium', nl: 'nl/nl_BE/nathalie/medium', ru: 'ru/ru_RU/irina/medium',
  zh: 'zh/zh_CN/huayan/medium', ar: 'ar/ar_JO/kareem/medium', vi: 'vi/vi_VN/vais1000/medium', tr: 'tr/tr_TR/dfki/medium',
  pl: 'pl/pl_PL/darkman/medium', sv: 'sv/sv_SE/nst/medium', ro: 'ro/ro_RO/mihai/medium', uk: 'uk/uk_UA/ukrainian_tts/medium',
};
export const PIPER_MB = 63;

export function planSpeech(languages: readonly LanguageCode[]): { models: PlannedSpeech[]; noVoice: LanguageCode[] } {
  const models: PlannedSpeech[] = [{
    repo: WHISPER.repo,
    files: ['*.json', 'onnx/encoder_model_quantized.onnx', 'onnx/decoder_model_merged_quantized.onnx'],
    into: WHISPER.folder, mb: WHISPER.mb,
    serves: `speech recognition in ${languages.length === 20 ? 'all 20 languages' : languages.map((l) => languageName(l)).join(', ')}`,
  }];
  const noVoice: LanguageCode[] = [];
  for (const language of languages) {
    const voice = PIPER_VOICES[language];
    if (!voice) {
      noVoice.push(language);
      continue;
    }
    const file = `${voice}/${voice.split('/').slice(1).join('-')}.onnx`;
    models.push({ repo: 'rhasspy/piper-voices', files: [file, `${file}.json`], into: 'piper', mb: PIPER_MB, serves: `${languageName(language)} voice (${voice.split('/').slice(1).join(' ')})` });
  }
  return { models, noVoice };
}

export function speechDownloadCommand(model: PlannedSpeech, into = 'models'): string {
  return `huggingface-cli download ${model.repo} ${model.repo.startsWith('rhasspy/') ? model.files.join(' ') : `--include ${model.files.map((f) => `'${f}'`).join(' ')}`} --local-dir ${into}/${model.into}`;
}

export function formatSpeechPlan(plan: { models: PlannedSpeech[]; noVoice: LanguageCode[] }): string {
  const total = plan.models.reduce((sum, m) => sum + m.mb, 0);
  return [
    `Speech (about ${total} MB):`,
    '',
    ...plan.models.map((m) => `  ${(m.repo.startsWith('rhasspy/') ? m.files[0]!.split('/').pop()!.replace('.onnx', '') : m.repo).padEnd(36)} ~${String(m.mb).padStart(4)} MB  ${m.serves}`),
    ...(plan.noVoice.length ? ['', `  No Piper voice is published for ${plan.noVoice.map((l) => languageName(l)).join(', ')}: espeak-ng is used instead.`] : []),
    '',
    ...plan.models.map((m) => `  ${speechDownloadCommand(m)}`),
  ].join('\n');
}
