import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEECH_MAX_CHARS } from '@parley/common';
import { startFake, type FakeProvider } from '../src/translation/testing/fakeProviders.ts';
import { getTestServer, signUpAndIn, type TestServer } from './helpers.ts';
import { settledMessage } from './support/poll.ts';

/** Read aloud: GET /api/speech with the real offline engines (espeak-ng/flite, Apertium). */
let s: TestServer;
beforeAll(async () => {
  s = await getTestServer();
});
afterAll(async () => s.close());

function expectWav(res: { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer }, language: string) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('audio/wav');
  expect(res.headers['content-language']).toBe(language);
  expect(res.rawPayload.subarray(0, 4).toString('ascii')).toBe('RIFF');
  expect(res.rawPayload.subarray(8, 12).toString('ascii')).toBe('WAVE');
  expect(res.rawPayload.readUInt32LE(24)).toBe(24_000);
  // Real speech: at least a quarter of a second of 24 kHz PCM16, not silence.
  const pcm = res.rawPayload.subarray(44);
  expect(pcm.length).toBeGreaterThan(24_000 / 2);
  let peak = 0;
  for (let i = 0; i + 1 < pcm.length; i += 2) peak = Math.max(peak, Math.abs(pcm.readInt16LE(i)));
  expect(peak).toBeGreaterThan(1000);
}

describe('read aloud', () => {
  it('reads a message and its translation in their languages, for participants only', async () => {
    const ana = await signUpAndIn(s.app);
    const bruno = await signUpAndIn(s.app);
    const stranger = await signUpAndIn(s.app);
    await s.app.inject({ method: 'PATCH', url: '/api/profile', payload: { language: 'en' }, headers: { cookie: ana.cookie } });
    await s.app.inject({ method: 'PATCH', url: '/api/profile', payload: { language: 'es' }, headers: { cookie: bruno.cookie } });
    const roomId = (await s.app.inject({ method: 'POST', url: '/api/chats', payload: { userId: bruno.id }, headers: { cookie: ana.cookie } })).json().room.id;
    const sent = await s.app.inject({ method: 'POST', url: `/api/chats/${roomId}/messages`, payload: { content: 'The house is big. The garden is small.', clientId: 'ana-speech-0001' }, headers: { cookie: ana.cookie } });
    const id = sent.json().message.id as string;
    expect((await settledMessage(s.app, bruno.cookie, roomId, id)).translation_status).toBe('done');

    expectWav(await s.app.inject({ url: `/api/speech?messageId=${id}&part=translation`, headers: { cookie: bruno.cookie } }), 'es');
    expectWav(await s.app.inject({ url: `/api/speech?messageId=${id}&part=original`, headers: { cookie: ana.cookie } }), 'en');

    const asStranger = await s.app.inject({ url: `/api/speech?messageId=${id}&part=original`, headers: { cookie: stranger.cookie } });
    const missing = await s.app.inject({ url: '/api/speech?messageId=999999999&part=original', headers: { cookie: stranger.cookie } });
    expect(asStranger.statusCode).toBe(404);
    expect(asStranger.json()).toEqual(missing.json());
    expect((await s.app.inject({ url: `/api/speech?messageId=${id}&part=original` })).statusCode).toBe(401);
  });

  it('reads free text (scan results, transcript lines) in a valid language, with clear 400s', async () => {
    const u = await signUpAndIn(s.app);
    const get = (query: string) => s.app.inject({ url: `/api/speech?${query}`, headers: { cookie: u.cookie } });
    expectWav(await get(`text=${encodeURIComponent('Salida de emergencia')}&language=es`), 'es');
    const cases: [string, string][] = [
      ['text=Hola&language=xx', 'invalid_request'],
      ['text=%20%20&language=es', 'nothing_to_read'],
      [`text=${'a'.repeat(SPEECH_MAX_CHARS + 1)}&language=en`, 'speech_too_long'],
      ['language=en', 'invalid_request'],
      ['messageId=abc', 'invalid_id'],
      ['', 'invalid_request'],
    ];
    for (const [bad, code] of cases) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code, bad).toBe(code);
    }
  });
});

describe('read aloud with an OpenAI-compatible speech server', () => {
  let fake: FakeProvider;
  let server: TestServer;
  beforeAll(async () => {
    // The fake answers JSON; '"pcm-pcm-"' is 10 bytes, a valid (even) PCM16 body to pass through.
    fake = await startFake(() => ({ status: 200, body: 'pcm-pcm-' }));
    server = await getTestServer({ env: { TTS_ENGINE: 'openai', OPENAI_TTS_BASE_URL: `${fake.url}/v1`, OPENAI_API_KEY: 'sk-tts' } });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  it('asks the configured engine sentence by sentence and streams what it answers', async () => {
    const u = await signUpAndIn(server.app);
    const res = await server.app.inject({ url: `/api/speech?text=${encodeURIComponent('Hola. ¿Qué tal?')}&language=es`, headers: { cookie: u.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(44).toString('latin1')).toBe('"pcm-pcm-""pcm-pcm-"');
    expect(fake.requests.map((r) => [r.path, (r.body as { input: string }).input])).toEqual([['/v1/audio/speech', 'Hola.'], ['/v1/audio/speech', '¿Qué tal?']]);
    expect(fake.requests[0]?.headers.authorization).toBe('Bearer sk-tts');
  });

  it('reads a message without its markdown marks: a link by its text, code by its content', async () => {
    const ana = await signUpAndIn(server.app);
    const bruno = await signUpAndIn(server.app);
    const roomId = (await server.app.inject({ method: 'POST', url: '/api/chats', payload: { userId: bruno.id }, headers: { cookie: ana.cookie } })).json().room.id;
    const content = 'Run **now** `npm install` and read [the guide](https://docs.example.com/guide)';
    const sent = await server.app.inject({ method: 'POST', url: `/api/chats/${roomId}/messages`, payload: { content, clientId: 'ana-speech-md-1' }, headers: { cookie: ana.cookie } });
    const from = fake.requests.length;
    const res = await server.app.inject({ url: `/api/speech?messageId=${sent.json().message.id}&part=original`, headers: { cookie: bruno.cookie } });
    expect(res.statusCode).toBe(200);
    expect(fake.requests.slice(from).map((r) => (r.body as { input: string }).input)).toEqual(['Run now npm install and read the guide']);
  });

  it('answers 502 when the engine fails before any audio', async () => {
    const u = await signUpAndIn(server.app);
    // More failures than the HTTP client's retries.
    for (let i = 0; i < 5; i += 1) fake.script.push({ status: 500, body: { error: { message: 'down' } } });
    const res = await server.app.inject({ url: '/api/speech?text=Hello&language=en', headers: { cookie: u.cookie } });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('speech_failed');
  });
});
