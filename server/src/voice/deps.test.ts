import { describe, expect, it } from 'vitest';
import { realtimeUrlFor, voiceConfigFromEnv, voiceEnvSchema } from './config.ts';
import { createVoiceDeps } from './deps.ts';
import { FakeTranslator } from './testing/fakes.ts';

const openai = { baseUrl: 'https://api.openai.com/v1', apiKey: undefined };

describe('voice configuration', () => {
  it('defaults to the offline pipeline', () => {
    const config = voiceConfigFromEnv(voiceEnvSchema.parse({}), openai);
    expect(config).toMatchObject({ engine: 'pipeline', stt: 'pocketsphinx', tts: 'espeak', fliteVoice: 'slt' });
    const deps = createVoiceDeps(config, { translator: new FakeTranslator() });
    expect(deps.description).toBe('pipeline: pocketsphinx -> translation -> espeak');
    expect(deps.missingPrograms).toEqual([]); // sox, pocketsphinx_continuous and espeak-ng are installed here
  });

  it('reads the OpenAI engines and derives the Realtime URL from the base URL', () => {
    const env = voiceEnvSchema.parse({ VOICE_ENGINE: 'openai-realtime', STT_ENGINE: 'openai', TTS_ENGINE: 'openai', OPENAI_TTS_FORMAT: 'wav', FLITE_VOICE: 'none' });
    const config = voiceConfigFromEnv(env, { baseUrl: 'http://127.0.0.1:8080/v1', apiKey: 'k' });
    expect(config.fliteVoice).toBeNull();
    expect(realtimeUrlFor(config.openai)).toBe('ws://127.0.0.1:8080/v1/realtime');
    expect(realtimeUrlFor(openai)).toBe('wss://api.openai.com/v1/realtime');
    expect(createVoiceDeps(config, { translator: new FakeTranslator() }).description).toBe('openai-realtime: ws://127.0.0.1:8080/v1/realtime (gpt-4o-realtime-preview)');
    expect(createVoiceDeps({ ...config, engine: 'pipeline' }, { translator: new FakeTranslator() }).description).toBe('pipeline: openai -> translation -> openai');
  });

  it('rejects bad values with the variable named', () => {
    const result = voiceEnvSchema.safeParse({ STT_ENGINE: 'vosk', OPENAI_REALTIME_URL: 'https://x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0]).sort()).toEqual(['OPENAI_REALTIME_URL', 'STT_ENGINE']);
  });
});
