import { z } from 'zod';
import type { VoiceLimits } from './types.ts';

/**
 * Voice settings. server/src/config.ts maps the environment to this; `voiceEnvShape` and
 * `voiceConfigFromEnv` are there to be spread into its schema and called on the parsed values.
 */
export interface VoiceConfig {
  /** pipeline: STT -> translation router -> TTS on this server; openai-realtime: proxy to OpenAI. */
  engine: 'pipeline' | 'openai-realtime';
  stt: 'pocketsphinx' | 'openai';
  tts: 'espeak' | 'openai';
  openai: {
    /** Shared with translation (OPENAI_BASE_URL, OPENAI_API_KEY). */
    baseUrl: string;
    apiKey: string | undefined;
    /** Overrides for a separate whisper / speech server. */
    sttBaseUrl: string | undefined;
    ttsBaseUrl: string | undefined;
    sttModel: string;
    ttsModel: string;
    ttsVoice: string;
    ttsFormat: 'pcm' | 'wav';
    realtimeModel: string;
    /** wss://.../realtime; derived from baseUrl when unset. */
    realtimeUrl: string | undefined;
    timeoutMs: number;
  };
  /** flite voice for English speech in the espeak engine; null uses espeak-ng for English too. */
  fliteVoice: string | null;
  limits?: Partial<VoiceLimits>;
}

export const voiceEnvShape = {
  VOICE_ENGINE: z.enum(['pipeline', 'openai-realtime']).default('pipeline'),
  STT_ENGINE: z.enum(['pocketsphinx', 'openai']).default('pocketsphinx'),
  TTS_ENGINE: z.enum(['espeak', 'openai']).default('espeak'),
  OPENAI_STT_BASE_URL: z.url().optional(),
  OPENAI_TTS_BASE_URL: z.url().optional(),
  OPENAI_STT_MODEL: z.string().min(1).default('whisper-1'),
  OPENAI_TTS_MODEL: z.string().min(1).default('tts-1'),
  OPENAI_TTS_VOICE: z.string().min(1).default('alloy'),
  OPENAI_TTS_FORMAT: z.enum(['pcm', 'wav']).default('pcm'),
  OPENAI_REALTIME_MODEL: z.string().min(1).default('gpt-4o-realtime-preview'),
  OPENAI_REALTIME_URL: z.string().regex(/^wss?:\/\//, 'must start with ws:// or wss://').optional(),
  VOICE_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  FLITE_VOICE: z.string().default('slt'),
};

export const voiceEnvSchema = z.object(voiceEnvShape);
export type VoiceEnv = z.infer<typeof voiceEnvSchema>;

/** Build the voice config from the parsed voice variables and the OpenAI settings shared with translation. */
export function voiceConfigFromEnv(env: VoiceEnv, openai: { baseUrl: string; apiKey: string | undefined }): VoiceConfig {
  return {
    engine: env.VOICE_ENGINE,
    stt: env.STT_ENGINE,
    tts: env.TTS_ENGINE,
    openai: {
      baseUrl: openai.baseUrl,
      apiKey: openai.apiKey,
      sttBaseUrl: env.OPENAI_STT_BASE_URL,
      ttsBaseUrl: env.OPENAI_TTS_BASE_URL,
      sttModel: env.OPENAI_STT_MODEL,
      ttsModel: env.OPENAI_TTS_MODEL,
      ttsVoice: env.OPENAI_TTS_VOICE,
      ttsFormat: env.OPENAI_TTS_FORMAT,
      realtimeModel: env.OPENAI_REALTIME_MODEL,
      realtimeUrl: env.OPENAI_REALTIME_URL,
      timeoutMs: env.VOICE_TIMEOUT_MS,
    },
    fliteVoice: env.FLITE_VOICE === '' || env.FLITE_VOICE === 'none' ? null : env.FLITE_VOICE,
  };
}

/** https://api.openai.com/v1 -> wss://api.openai.com/v1/realtime */
export function realtimeUrlFor(config: { baseUrl: string; realtimeUrl?: string | undefined }): string {
  if (config.realtimeUrl) return config.realtimeUrl;
  return `${config.baseUrl.replace(/\/$/, '').replace(/^http/, 'ws')}/realtime`;
}
