import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LANGUAGE_CODES } from '@parley/common';
import { describe, expect, it } from 'vitest';
import { NeuralPool } from '../translation/engines/neural/pool.ts';
import { discoverSpeech } from './neural/catalog.ts';
import { writeTinyPiper, writeTinyWhisper } from './neural/testing/tiny-speech.ts';
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

  it('with Whisper and Piper models in MODELS_DIR: they hear and speak, PocketSphinx and espeak-ng take what they do not know', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'parley-voice-models-'));
    const pool = new NeuralPool({ workers: 1, memoryBytes: 1e9, idleMs: 0, threads: 1, jobTimeoutMs: 60_000, maxBatch: 1 });
    try {
      writeTinyWhisper(dir, { languages: ['es', 'ja'] });
      writeTinyPiper(dir);
      const config = voiceConfigFromEnv(voiceEnvSchema.parse({}), openai);
      const deps = createVoiceDeps(config, { translator: new FakeTranslator(), models: { folder: discoverSpeech(dir), pool } });
      expect(deps.description).toBe('pipeline: whisper -> translation -> piper');
      expect(deps.capabilities.stt).toEqual({ engine: 'whisper', languages: ['en', 'es', 'ja'] });
      expect(deps.capabilities.tts).toEqual({ engine: 'piper', languages: [...LANGUAGE_CODES] });
      // The operator's choice of an OpenAI-compatible server stands.
      const chosen = createVoiceDeps({ ...config, stt: 'openai', tts: 'openai' }, { translator: new FakeTranslator(), models: { folder: discoverSpeech(dir), pool } });
      expect(chosen.description).toBe('pipeline: openai -> translation -> openai');
    } finally {
      await pool.close();
      rmSync(dir, { recursive: true, force: true });
    }
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
