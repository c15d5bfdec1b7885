import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN_API, LANGUAGE_CODES, VOICE_CAPABILITIES_PATH } from '@parley/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clauseMarks, espeakIpa, phonemeIds } from '../src/voice/neural/phonemize.ts';
import { PIPER_HOP, writeTinyPiper, writeTinyWhisper } from '../src/voice/neural/testing/tiny-speech.ts';
import { getTestServer, signUpAndIn, uniqueUser, type TestServer } from './helpers.ts';

/**
 * The app with a tiny Whisper model and a tiny German Piper voice in MODELS_DIR (and no translation
 * model, so they get a worker pool of their own): Talk, calls and voice messages hear what Whisper
 * knows, the German voice reads German aloud, espeak-ng the rest; the capabilities and the console's
 * status say so.
 */
const modelsDir = mkdtempSync(path.join(tmpdir(), 'parley-speech-models-'));
writeTinyWhisper(modelsDir, { folder: 'whisper-tiny', languages: ['en', 'es', 'ja'] });
writeTinyPiper(modelsDir, { name: 'de_DE-tiny-low', language: 'de_DE', espeakVoice: 'de' });
let s: TestServer;
const adminUser = uniqueUser('speechboss');
let admin: Awaited<ReturnType<typeof signUpAndIn>>;

beforeAll(async () => {
  s = await getTestServer({ env: { MODELS_DIR: modelsDir, ADMIN_EMAILS: adminUser.email } });
  admin = await signUpAndIn(s.app, adminUser);
});
afterAll(async () => {
  await s?.close();
  rmSync(modelsDir, { recursive: true, force: true });
});

const get = (url: string) => s.app.inject({ url, headers: { cookie: admin.cookie } });

describe('Whisper and Piper from MODELS_DIR in the app', () => {
  it('the capabilities and the status page name what is heard and spoken', async () => {
    const caps = await get(VOICE_CAPABILITIES_PATH);
    expect(caps.json()).toEqual({
      engine: 'pipeline',
      stt: { engine: 'whisper', languages: ['en', 'es', 'ja'] },
      tts: { engine: 'piper', languages: [...LANGUAGE_CODES] },
    });
    const status = await get(ADMIN_API.status);
    expect(status.json().languages).toMatchObject({ speechIn: ['en', 'es', 'ja'], speechOut: [...LANGUAGE_CODES] });
  });

  it('reads German aloud with the Piper voice (256 samples per phoneme id at 22.05 kHz, as WAV)', async () => {
    const res = await get(`/api/speech?text=${encodeURIComponent('Guten Morgen.')}&language=de`);
    expect(res.statusCode).toBe(200);
    const wav = res.rawPayload;
    expect(wav.subarray(0, 4).toString('ascii')).toBe('RIFF');
    // The tiny voice gives 256 samples per phoneme id at 22.05 kHz, resampled to 24 kHz.
    const map = JSON.parse(readFileSync(path.join(modelsDir, 'de_DE-tiny-low.onnx.json'), 'utf8')).phoneme_id_map;
    const ids = phonemeIds(await espeakIpa('Guten Morgen.', 'de', AbortSignal.timeout(10_000), 10_000), clauseMarks('Guten Morgen.'), map).ids;
    expect(ids.length).toBeGreaterThan(10);
    expect(Math.abs((wav.length - 44) / 2 - (ids.length * PIPER_HOP * 24_000) / 22_050)).toBeLessThan(64);
  });
});
