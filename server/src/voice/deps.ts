import { existsSync } from 'node:fs';
import { LANGUAGE_CODES, type LanguageCode, type VoiceCapabilities } from '@parley/common';
import path from 'node:path';
import { realtimeUrlFor, type VoiceConfig } from './config.ts';
import { OpenAiRealtimeSession } from './openaiRealtime.ts';
import { VoiceSession } from './session.ts';
import { OpenAiStt } from './stt/openai.ts';
import { PocketSphinxStt } from './stt/pocketsphinx.ts';
import type { SpeechToText } from './stt/types.ts';
import { EspeakTts } from './tts/espeak.ts';
import { OpenAiTts } from './tts/openai.ts';
import type { TextToSpeech } from './tts/types.ts';
import type { TextTranslator } from '../translation/textTranslator.ts';
import type { NeuralPool } from '../translation/neuralRuntime.ts';
import type { SpeechFolder } from './neural/catalog.ts';
import { PiperTts } from './neural/piperTts.ts';
import { WhisperStt } from './neural/whisperStt.ts';
import { silentLogger, type CreateVoiceSession, type VoiceLogger } from './types.ts';

export interface VoiceDeps {
  createSession: CreateVoiceSession;
  /** One line for the start-up log, e.g. 'pipeline: pocketsphinx -> translation -> espeak'. */
  description: string;
  /** Programs the chosen engines need but that are not on PATH (log them at start-up). */
  missingPrograms: string[];
  /** Languages recognised and spoken (GET /api/voice/capabilities). */
  capabilities: VoiceCapabilities;
  /** The configured text-to-speech engine (also used to read chat messages aloud). */
  tts: TextToSpeech;
  /** The speech recogniser for recorded voice messages (chat); with openai-realtime, the OpenAI-compatible transcription. */
  stt: SpeechToText;
}

const supported = (engine: { supports(language: LanguageCode): boolean }) => LANGUAGE_CODES.filter((code) => engine.supports(code));

/** Whisper models and Piper voices of MODELS_DIR, with the worker pool that runs them (voice/neural/models.ts). */
export interface SpeechModels {
  folder: SpeechFolder;
  pool: NeuralPool;
}

export function createVoiceDeps(config: VoiceConfig, services: { translator: TextTranslator; logger?: VoiceLogger; models?: SpeechModels | undefined }): VoiceDeps {
  const logger = services.logger ?? silentLogger;
  const { openai } = config;
  const models = services.models;
  const tts = createTts(config, models);
  const openAiStt = () => new OpenAiStt({ baseUrl: openai.sttBaseUrl ?? openai.baseUrl, apiKey: openai.apiKey, model: openai.sttModel, timeoutMs: openai.timeoutMs });
  if (config.engine === 'openai-realtime') {
    const url = realtimeUrlFor(openai);
    return {
      description: `openai-realtime: ${url} (${openai.realtimeModel})`,
      missingPrograms: [],
      capabilities: {
        engine: 'openai-realtime',
        stt: { engine: 'openai-realtime', languages: [...LANGUAGE_CODES] },
        tts: { engine: 'openai-realtime', languages: [...LANGUAGE_CODES] },
      },
      tts,
      stt: openAiStt(),
      createSession: (ctx) =>
        new OpenAiRealtimeSession(ctx, {
          url,
          model: openai.realtimeModel,
          apiKey: openai.apiKey,
          voice: openai.ttsVoice,
          transcriptionModel: openai.sttModel,
          ...(config.limits ? { limits: config.limits } : {}),
          logger,
        }),
    };
  }
  const pocketSphinx = () => new PocketSphinxStt({ timeoutMs: openai.timeoutMs });
  // Whisper from MODELS_DIR where a model is present; PocketSphinx (English) hears what it does not know.
  const stt: SpeechToText =
    config.stt === 'openai'
      ? openAiStt()
      : models?.folder.recognisers.length
        ? new WhisperStt(models.folder, models.pool, { fallback: pocketSphinx(), timeoutMs: openai.timeoutMs })
        : pocketSphinx();
  const needed = ['sox'];
  if (config.stt === 'pocketsphinx') needed.push('pocketsphinx_continuous');
  if (config.tts === 'espeak') needed.push('espeak-ng');
  return {
    description: `pipeline: ${stt.id} -> translation -> ${tts.id}`,
    missingPrograms: needed.filter((program) => !onPath(program)),
    capabilities: {
      engine: 'pipeline',
      stt: { engine: stt.id, languages: supported(stt) },
      tts: { engine: tts.id, languages: supported(tts) },
    },
    tts,
    stt,
    createSession: (ctx) => new VoiceSession(ctx, { stt, tts, translator: services.translator, ...(config.limits ? { limits: config.limits } : {}), logger }),
  };
}

/** TTS_ENGINE: offline, Piper voices from MODELS_DIR where present, else espeak-ng/flite; or an OpenAI-compatible speech endpoint. */
export function createTts(config: VoiceConfig, models?: SpeechModels): TextToSpeech {
  const { openai } = config;
  if (config.tts === 'openai') {
    return new OpenAiTts({ baseUrl: openai.ttsBaseUrl ?? openai.baseUrl, apiKey: openai.apiKey, model: openai.ttsModel, voice: openai.ttsVoice, format: openai.ttsFormat, timeoutMs: openai.timeoutMs });
  }
  const espeak = new EspeakTts({ fliteVoice: config.fliteVoice && onPath('flite') ? config.fliteVoice : null, timeoutMs: openai.timeoutMs });
  return models?.folder.voices.length ? new PiperTts(models.folder, models.pool, { fallback: espeak, timeoutMs: openai.timeoutMs }) : espeak;
}

function onPath(program: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, program)));
}
