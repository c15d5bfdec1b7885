import type { TranslationConfig } from '../config.ts';
import { ApertiumEngine } from './apertium.ts';
import { DeepLEngine } from './deepl.ts';
import { LibreTranslateEngine } from './libretranslate.ts';
import { discoverModels } from './neural/catalog.ts';
import { NeuralEngine } from './neural/engine.ts';
import { OpenAiEngine } from './openai.ts';
import type { TranslationEngine } from './types.ts';

export interface CreatedEngines {
  engines: TranslationEngine[];
  /** Engines named in config.engines that could not be created, and why. */
  skipped: { id: string; reason: string }[];
}

/** The engines of config.engines, in that order; an engine without its settings is skipped. */
export function createEngines(config: TranslationConfig): CreatedEngines {
  const engines: TranslationEngine[] = [];
  const skipped: { id: string; reason: string }[] = [];
  const seen = new Set<string>();
  for (const raw of config.engines) {
    const id = raw.trim().toLowerCase();
    if (!id || seen.has(id)) continue;
    seen.add(id);
    switch (id) {
      case 'neural': {
        const folder = config.neural ? discoverModels(config.neural.modelsDir) : undefined;
        if (!config.neural || !folder?.models.length) skipped.push({ id, reason: `no translation model in MODELS_DIR (${config.neural?.modelsDir ?? 'not set'})` });
        else engines.push(new NeuralEngine({ ...config.neural, folder }));
        break;
      }
      case 'apertium':
        engines.push(new ApertiumEngine(config.apertium ?? {}));
        break;
      case 'openai':
        if (!config.openai?.baseUrl || !config.openai.model) skipped.push({ id, reason: 'OPENAI_BASE_URL and OPENAI_MODEL are not set' });
        else if (!config.openai.apiKey && needsKey(config.openai.baseUrl)) skipped.push({ id, reason: 'OPENAI_API_KEY is not set' });
        else engines.push(new OpenAiEngine(config.openai));
        break;
      case 'deepl':
        if (config.deepl?.apiKey) engines.push(new DeepLEngine(config.deepl));
        else skipped.push({ id, reason: 'DEEPL_API_KEY is not set' });
        break;
      case 'libretranslate':
        if (config.libretranslate?.url) engines.push(new LibreTranslateEngine(config.libretranslate));
        else skipped.push({ id, reason: 'LIBRETRANSLATE_URL is not set' });
        break;
      default:
        skipped.push({ id, reason: 'unknown engine (known: neural, apertium, openai, deepl, libretranslate)' });
    }
  }
  return { engines, skipped };
}

/** Hosted APIs need a key; local servers (Ollama, vLLM, llama.cpp) usually do not. */
function needsKey(baseUrl: string): boolean {
  try {
    return /(^|\.)(openai\.com|azure\.com)$/i.test(new URL(baseUrl).hostname);
  } catch {
    return false;
  }
}

