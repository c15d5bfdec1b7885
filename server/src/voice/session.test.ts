import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { VoiceSession } from './session.ts';
import { FakeStt, FakeTranslator, FakeTts } from './testing/fakes.ts';
import { collectAudio, startVoiceServer, VoiceTestClient, type TestVoiceServer } from './testing/harness.ts';
import { OpenAiStt } from './stt/openai.ts';
import type { SpeechToText } from './stt/types.ts';
import { startHttpStub } from '../platform/testing/httpStub.ts';

// The session's input handling, over a real socket, with instant fake engines. Every bad frame
// must produce its error event and leave the socket usable: each case ends with a good utterance.

const tone = Buffer.alloc(24_000 * 2, 1); // 1 s of (near-silent) PCM16

let server: TestVoiceServer;
let translator: FakeTranslator;
let stt: SpeechToText;
const tts = new FakeTts();

beforeAll(async () => {
  server = await startVoiceServer(
    (ctx) =>
      new VoiceSession(ctx, {
        stt,
        tts,
        translator,
        limits: { maxUtteranceBytes: 24_000 * 2 * 3, maxFrameBytes: 64 * 1024, maxFramesPerSecond: 20, frameBurst: 40 },
      }),
  );
});
afterAll(() => server.close());
const clients: VoiceTestClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

async function connect(engine: SpeechToText = new FakeStt({ text: 'where is the station', language: 'en' })): Promise<VoiceTestClient> {
  stt = engine;
  translator = new FakeTranslator();
  const client = await VoiceTestClient.connect(server.url);
  clients.push(client);
  await client.next('session.created');
  return client;
}

async function expectError(client: VoiceTestClient, frame: unknown, code: string): Promise<void> {
  const error = client.nextError();
  client.send(frame);
  const event = await error;
  expect(event.error.code).toBe(code);
  expect(event.error.message.length).toBeGreaterThan(5);
}

/** A full utterance still works: the socket survived whatever came before. */
async function expectUsable(client: VoiceTestClient): Promise<void> {
  const from = client.events.length;
  client.send({ type: 'update_languages', userLanguage: 'en', partnerLanguage: 'es' });
  client.sendUtterance(tone, true, 'en');
  await client.next('response.audio.done', from);
  const deltas = client.events.slice(from).filter((e) => e.type === 'response.audio_transcript.delta');
  expect(deltas.map((d) => d.type === 'response.audio_transcript.delta' && d.delta).join('')).toBe('[en>es] where is the station');
  expect(collectAudio(client.events.slice(from)).length).toBe(24_000);
  await client.close();
}

describe('voice session: bad input answers an error event and the socket stays usable', () => {
  it('invalid JSON', async () => {
    const client = await connect();
    await expectError(client, '{"type": "input_audio_buffer.append", ', 'invalid_json');
    await expectUsable(client);
  });

  it('unknown message type', async () => {
    const client = await connect();
    await expectError(client, { type: 'response.create' }, 'unknown_type');
    await expectError(client, { hello: 1 }, 'unknown_type');
    await expectError(client, [1, 2], 'unknown_type');
    await expectUsable(client);
  });

  it('malformed known message', async () => {
    const client = await connect();
    await expectError(client, { type: 'input_audio_buffer.append' }, 'invalid_message');
    await expectError(client, { type: 'update_languages', userLanguage: 'en' }, 'invalid_message');
    await expectUsable(client);
  });

  it('audio that is not base64, has an odd number of bytes, or is empty', async () => {
    const client = await connect();
    client.send({ type: 'update_languages', userLanguage: 'en', partnerLanguage: 'es' });
    await expectError(client, { type: 'input_audio_buffer.append', audio: 'not base64!' }, 'invalid_audio');
    await expectError(client, { type: 'input_audio_buffer.append', audio: Buffer.from([1, 2, 3]).toString('base64') }, 'invalid_audio');
    await expectError(client, { type: 'input_audio_buffer.append', audio: '' }, 'invalid_audio');
    await expectUsable(client);
  });

  it('a frame over the size cap', async () => {
    const client = await connect();
    await expectError(client, { type: 'input_audio_buffer.append', audio: Buffer.alloc(60 * 1024).toString('base64') }, 'frame_too_large');
    await expectUsable(client);
  });

  it('frames faster than the rate cap', async () => {
    const client = await connect();
    const error = client.nextError();
    for (let i = 0; i < 200; i++) client.send({ type: 'update_languages', userLanguage: 'en', partnerLanguage: 'es' });
    expect((await error).error.code).toBe('rate_limited');
    await client.close();
    // A fresh connection has its own bucket; the rate-limited one recovers as tokens refill (not timed here).
    await expectUsable(await connect());
  });

  it('a commit with no audio', async () => {
    const client = await connect();
    client.send({ type: 'update_languages', userLanguage: 'en', partnerLanguage: 'es' });
    await expectError(client, { type: 'input_audio_buffer.commit' }, 'input_audio_buffer_commit_empty');
    await expectUsable(client);
  });

  it('an utterance over the maximum length', async () => {
    const client = await connect();
    client.send({ type: 'update_languages', userLanguage: 'en', partnerLanguage: 'es' });
    const error = client.nextError();
    client.sendUtterance(Buffer.alloc(24_000 * 2 * 4), false, 'en'); // 4 s against a 3 s cap
    expect((await error).error.code).toBe('utterance_too_long');
    client.send({ type: 'input_audio_buffer.commit' }); // the release that ends the too-long recording
    await expectUsable(client);
    expect(client.ofType('error')).toHaveLength(1);
  });

  it('unknown languages', async () => {
    const client = await connect();
    await expectError(client, { type: 'update_languages', userLanguage: 'Klingon', partnerLanguage: 'es' }, 'unknown_language');
    await expectError(client, { type: 'update_languages', userLanguage: 'en', partnerLanguage: 'xx' }, 'unknown_language');
    await expectUsable(client);
  });

  it('a commit before update_languages', async () => {
    const client = await connect();
    const error = client.nextError();
    client.sendUtterance(tone, true, 'en');
    expect((await error).error.code).toBe('languages_not_set');
    await expectUsable(client);
  });

  it('a binary frame', async () => {
    const client = await connect();
    const error = client.nextError();
    client.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect((await error).error.code).toBe('invalid_message');
    await expectUsable(client);
  });

  it('no language English with the offline recogniser: unrecognised_language, on update and at the first audio', async () => {
    const client = await connect();
    await expectError(client, { type: 'update_languages', userLanguage: 'fr', partnerLanguage: 'de' }, 'unrecognised_language');
    const error = client.nextError();
    client.sendUtterance(tone);
    const event = await error;
    expect(event.error.code).toBe('unrecognised_language');
    expect(event.error.message).toMatch(/English/);
    await expectUsable(client);
  });

  it('silence: no_speech', async () => {
    const client = await connect(new FakeStt({ text: '  ', language: 'en' }));
    client.send({ type: 'update_languages', userLanguage: 'en', partnerLanguage: 'es' });
    const error = client.nextError();
    client.sendUtterance(tone, true, 'en');
    expect((await error).error.code).toBe('no_speech');
  });

  it('a failed translation', async () => {
    const client = await connect();
    translator.failWith = 'No engine for this pair';
    client.send({ type: 'update_languages', userLanguage: 'en', partnerLanguage: 'es' });
    const error = client.nextError();
    client.sendUtterance(tone, true, 'en');
    expect((await error).error).toMatchObject({ code: 'translation_failed', message: 'No engine for this pair' });
    translator.failWith = undefined;
    await expectUsable(client);
  });

  it('an engine failure without a voice code of its own (a provider answering 503) reaches the client as stt_failed', async () => {
    const stub = await startHttpStub((_req, res) => void res.writeHead(503).end('{"error":{"message":"overloaded"}}'));
    try {
      const client = await connect(new OpenAiStt({ baseUrl: stub.baseUrl, model: 'whisper-1' }));
      client.send({ type: 'update_languages', userLanguage: 'en', partnerLanguage: 'es' });
      const error = client.nextError();
      client.sendUtterance(tone, true, 'en');
      expect((await error).error).toMatchObject({ code: 'stt_failed', message: 'openai answered HTTP 503: overloaded' });
      expect(stub.requests).toHaveLength(3); // retried twice
    } finally {
      await stub.close();
    }
  });
});

describe('voice session: the speaker says which language they speak', () => {
  it('the English microphone of a Spanish speaker: English is heard and translated into Spanish', async () => {
    const stt = new FakeStt({ text: 'where is the station', language: 'en' });
    const client = await connect(stt);
    client.send({ type: 'update_languages', userLanguage: 'es', partnerLanguage: 'en' });
    client.sendUtterance(tone, true, 'English');
    await client.next('response.audio.done');
    expect(stt.calls.map((c) => c.language)).toEqual(['en']);
    expect(client.ofType('response.audio_transcript.done')[0]).toMatchObject({ language: 'es' });
  });

  it('a language recognition cannot understand is refused at the first audio; nothing reaches the recogniser', async () => {
    const stt = new FakeStt({ text: 'ah yes ah do you do what i want', language: 'en' });
    const client = await connect(stt);
    client.send({ type: 'update_languages', userLanguage: 'es', partnerLanguage: 'en' });
    const error = client.nextError();
    client.sendUtterance(tone, true, 'es');
    expect((await error).error.code).toBe('unrecognised_language');
    // The English microphone still works; the Spanish audio never reached the recogniser.
    client.sendUtterance(tone, true, 'en');
    await client.next('response.audio.done');
    expect(client.ofType('error').map((e) => e.error.code)).toEqual(['unrecognised_language']);
    expect(stt.calls).toEqual([{ bytes: tone.length, language: 'en' }]);
    expect(client.ofType('conversation.item.input_audio_transcription.completed').map((e) => e.language)).toEqual(['en']);
  });

  it('a recogniser that knows only one of the two: without the spoken language, spoken_language_required', async () => {
    const client = await connect();
    client.send({ type: 'update_languages', userLanguage: 'en', partnerLanguage: 'es' });
    const error = client.nextError();
    client.sendUtterance(tone);
    expect((await error).error.code).toBe('spoken_language_required');
    await expectUsable(client);
  });

  it('a language outside the pair, or a switch in the middle of an utterance: invalid_message', async () => {
    const client = await connect();
    client.send({ type: 'update_languages', userLanguage: 'en', partnerLanguage: 'es' });
    const outside = client.nextError();
    client.sendUtterance(tone, true, 'fr');
    expect((await outside).error.code).toBe('invalid_message');
    const switched = client.nextError();
    client.sendUtterance(tone, false, 'en');
    client.sendUtterance(tone, true, 'es');
    expect((await switched).error.code).toBe('invalid_message');
    await expectUsable(client);
  });

  it('a transcription below the engine\'s confidence floor is never shown: speech_unclear', async () => {
    const unsure = Object.assign(new FakeStt({ text: 'ah yes ah do you do what i want', language: 'en', confidence: 0.2 }), { minConfidence: 0.5 });
    const client = await connect(unsure);
    client.send({ type: 'update_languages', userLanguage: 'es', partnerLanguage: 'en' });
    const error = client.nextError();
    client.sendUtterance(tone, true, 'en');
    expect((await error).error.code).toBe('speech_unclear');
    expect(client.ofType('conversation.item.input_audio_transcription.completed')).toEqual([]);
    expect(translator.calls).toEqual([]);
  });
});

describe('voice session: direction and streaming', () => {
  it('the partner speaking English (offline recogniser) is translated into the user language', async () => {
    const client = await connect();
    client.send({ type: 'update_languages', userLanguage: 'Spanish', partnerLanguage: 'English' });
    client.sendUtterance(tone, true, 'en');
    const original = await client.next('conversation.item.input_audio_transcription.completed');
    expect(original).toMatchObject({ transcript: 'where is the station', language: 'en', content_index: 0 });
    const delta = await client.next('response.audio_transcript.delta');
    expect(delta).toMatchObject({ delta: '[en>es] where is the station', language: 'es' });
    await client.next('response.audio.done');
    expect(translator.calls).toEqual([{ text: 'where is the station', source: 'en', target: 'es' }]);
  });

  it('a recogniser for both languages detects which one was spoken', async () => {
    const stt = new FakeStt({ text: 'hola, dónde está la estación', language: undefined }, ['en', 'es'], 'openai');
    const client = await connect(stt);
    client.send({ type: 'update_languages', userLanguage: 'en', partnerLanguage: 'es' });
    client.sendUtterance(tone);
    await client.next('response.audio.done');
    expect(stt.calls[0]?.language).toBeUndefined();
    expect(client.ofType('conversation.item.input_audio_transcription.completed')[0]?.language).toBe('es');
    expect(client.ofType('response.audio_transcript.done')[0]).toMatchObject({ language: 'en', transcript: '[es>en] hola, dónde está la estación' });
  });

  it('several sentences: one delta and one synthesis per sentence, in order, done events last', async () => {
    const client = await connect(new FakeStt({ text: 'Hello there. Where is the station? Thanks!', language: 'en' }, ['en'], 'openai'));
    tts.spoken = [];
    client.send({ type: 'update_languages', userLanguage: 'en', partnerLanguage: 'es' });
    client.sendUtterance(tone, true, 'en');
    await client.next('response.audio.done');
    const deltas = client.ofType('response.audio_transcript.delta').map((d) => d.delta);
    expect(deltas).toEqual(['[en>es] Hello there.', ' [en>es] Where is the station?', ' [en>es] Thanks!']);
    expect(tts.spoken.map((s) => s.language)).toEqual(['es', 'es', 'es']);
    expect(collectAudio(client.events).length).toBe(3 * 24_000);
    const types = client.events.map((e) => e.type);
    expect(types.at(-1)).toBe('response.audio.done');
  });

  it('clear drops the recorded audio', async () => {
    const client = await connect();
    client.send({ type: 'update_languages', userLanguage: 'en', partnerLanguage: 'es' });
    client.sendUtterance(tone, false, 'en');
    client.send({ type: 'input_audio_buffer.clear' });
    await client.next('input_audio_buffer.cleared');
    await expectError(client, { type: 'input_audio_buffer.commit' }, 'input_audio_buffer_commit_empty');
  });
});
