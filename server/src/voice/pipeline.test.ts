import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WER_SENTENCES } from './testing/sentences.ts';
import { CHUNK_BYTES, durationSeconds, rms } from './audio.ts';
import { VoiceSession } from './session.ts';
import { POCKETSPHINX_MIN_CONFIDENCE, PocketSphinxStt } from './stt/pocketsphinx.ts';
import { ApertiumCliTranslator } from '../translation/testing/apertiumCli.ts';
import { collectAudio, startVoiceServer, VoiceTestClient, type TestVoiceServer } from './testing/harness.ts';
import { espeakSpeech, fliteSpeech, silence, wordErrorRate } from './testing/speech.ts';
import { EspeakTts } from './tts/espeak.ts';
import { ApertiumEngine } from '../translation/engines/apertium.ts';
import { TranslationRouter } from '../translation/router.ts';
import type { TextTranslator } from '../translation/textTranslator.ts';
import type { LanguageCode } from '@parley/common';

// Real engines end to end: flite speech (24 kHz, as the browser sends it) -> socket -> PocketSphinx
// -> Apertium -> espeak-ng -> 24 kHz PCM16 back over the socket.

let server: TestVoiceServer;
const clients: VoiceTestClient[] = [];

beforeAll(async () => {
  server = await startVoiceServer((ctx) => new VoiceSession(ctx, { stt: new PocketSphinxStt(), tts: new EspeakTts(), translator: new ApertiumCliTranslator() }));
});
afterAll(() => server.close());
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

async function connect(userLanguage: string, partnerLanguage: string): Promise<VoiceTestClient> {
  const client = await VoiceTestClient.connect(server.url);
  clients.push(client);
  client.send({ type: 'update_languages', userLanguage, partnerLanguage });
  await client.next('session.updated');
  return client;
}

function expectPlausibleSpeech(pcm: Buffer): void {
  expect(pcm.length % 2).toBe(0);
  expect(durationSeconds(pcm.length)).toBeGreaterThan(0.3);
  expect(durationSeconds(pcm.length)).toBeLessThan(15);
  expect(rms(pcm)).toBeGreaterThan(300); // not silence
}

describe('voice pipeline with real engines', () => {
  it('"Where is the train station" comes back as Spanish text and 24 kHz speech', async () => {
    const client = await connect('en', 'es');
    client.sendUtterance(Buffer.concat([silence(0.2), await fliteSpeech('Where is the train station'), silence(0.3)]), true, 'en');
    await client.next('response.audio.done');

    const original = client.ofType('conversation.item.input_audio_transcription.completed');
    expect(original).toHaveLength(1);
    expect(original[0]).toMatchObject({ transcript: 'where is the train station', language: 'en' });

    const deltas = client.ofType('response.audio_transcript.delta');
    expect(deltas.every((d) => d.language === 'es')).toBe(true);
    const spanish = deltas.map((d) => d.delta).join('');
    expect(spanish.toLowerCase()).toContain('dónde');
    expect(spanish.toLowerCase()).toContain('tren');
    // How it was made (issue 34 item 4): the engine, and no pivot for a direct pair.
    expect(client.ofType('response.audio_transcript.done')[0]).toMatchObject({ transcript: spanish, language: 'es', engine: 'apertium' });
    expect(client.ofType('response.audio_transcript.done')[0]?.via).toBeUndefined();

    const chunks = client.ofType('response.audio.delta').map((e) => Buffer.from(e.delta, 'base64'));
    expect(chunks.slice(0, -1).every((c) => c.length === CHUNK_BYTES)).toBe(true);
    expectPlausibleSpeech(collectAudio(client.events));
    // Order: original, then the translation's deltas, audio, and the two done events.
    const types = client.events.map((e) => e.type);
    expect(types.indexOf('conversation.item.input_audio_transcription.completed')).toBeLessThan(types.indexOf('response.audio_transcript.delta'));
    expect(types.at(-1)).toBe('response.audio.done');
    expect(client.ofType('error')).toEqual([]);
  });

  it('English from the partner of a Spanish speaker is translated into Spanish; the session serves utterance after utterance', async () => {
    const client = await connect('Español', 'English');
    client.sendUtterance(await fliteSpeech('I would like a cup of coffee'), true, 'en');
    await client.next('response.audio.done');
    const first = client.events.length;
    client.sendUtterance(await fliteSpeech('Thank you very much for your help'), true, 'en');
    await client.next('response.audio.done', first);

    const originals = client.ofType('conversation.item.input_audio_transcription.completed').map((e) => e.transcript);
    expect(originals).toEqual(['i would like a cup of coffee', 'thank you very much for your help']);
    const done = client.ofType('response.audio_transcript.done');
    expect(done.map((d) => d.language)).toEqual(['es', 'es']);
    expect(done[0]?.transcript?.toLowerCase()).toContain('café');
    expect(done[1]?.transcript?.toLowerCase()).toContain('gracias');
    expectPlausibleSpeech(collectAudio(client.events.slice(0, first)));
    expectPlausibleSpeech(collectAudio(client.events.slice(first)));
  });

  it('neither language English, offline: unrecognised_language with a clear message', async () => {
    const client = await VoiceTestClient.connect(server.url);
    clients.push(client);
    const error = client.nextError();
    client.send({ type: 'update_languages', userLanguage: 'fr', partnerLanguage: 'es' });
    expect((await error).error.message).toMatch(/English only/);
    const again = client.nextError();
    client.sendUtterance(await fliteSpeech('Bonjour'));
    expect((await again).error.code).toBe('unrecognised_language');
  });
});

describe('how a spoken translation was made', () => {
  // The app's router (not the CLI): it says which engine translated and through which language a pivot went.
  const router = new TranslationRouter({ engines: [new ApertiumEngine()], timeoutMs: 60_000, maxChars: 5000 });
  const translator: TextTranslator = {
    detect: () => undefined,
    translate: (r) => router.translate({ text: r.text, source: r.source as LanguageCode, target: r.target }),
  };
  let pivotServer: TestVoiceServer;
  beforeAll(async () => {
    pivotServer = await startVoiceServer((ctx) => new VoiceSession(ctx, { stt: new PocketSphinxStt(), tts: new EspeakTts(), translator }));
  });
  afterAll(async () => {
    router.close();
    await pivotServer.close();
  });

  it('English to French names Apertium and the Catalan pivot on the finished translation', { timeout: 60_000 }, async () => {
    const client = await VoiceTestClient.connect(pivotServer.url);
    clients.push(client);
    client.send({ type: 'update_languages', userLanguage: 'en', partnerLanguage: 'fr' });
    await client.next('session.updated');
    client.sendUtterance(await fliteSpeech('I would like a cup of coffee'), true, 'en');
    await client.next('response.audio.done');
    const [done] = client.ofType('response.audio_transcript.done');
    expect(done).toMatchObject({ language: 'fr', engine: 'apertium', via: 'ca' });
    expect(done?.transcript?.toLowerCase()).toContain('café');
  });
});

describe('Spanish speech where only English can be recognised (offline)', () => {
  const transcripts = (client: VoiceTestClient) => client.ofType('conversation.item.input_audio_transcription.completed');

  it('on the Spanish microphone: unrecognised_language at once, nothing transcribed, the English one still works', async () => {
    const client = await connect('es', 'en');
    const error = client.nextError();
    client.sendUtterance(await espeakSpeech('¿Dónde está la estación de tren? Quiero comprar un billete.', 'es'), true, 'es');
    expect((await error).error.code).toBe('unrecognised_language');
    const from = client.events.length;
    client.sendUtterance(await fliteSpeech('I would like a cup of coffee'), true, 'en');
    await client.next('response.audio.done', from);
    expect(transcripts(client).map((e) => [e.transcript, e.language])).toEqual([['i would like a cup of coffee', 'en']]);
  });

  it('spoken into the English microphone: too unsure to be English, speech_unclear and no transcript', { timeout: 60_000 }, async () => {
    const client = await connect('es', 'en');
    // Two of the 7 (of 11) measured Spanish sentences that score below the floor (see POCKETSPHINX_MIN_CONFIDENCE).
    for (const sentence of ['Mi nombre es Ana y soy profesora.', '¿Puedes ayudarme a encontrar mi hotel?']) {
      const error = client.nextError();
      client.sendUtterance(await espeakSpeech(sentence, 'es'), true, 'en');
      expect((await error).error.code).toBe('speech_unclear');
    }
    expect(transcripts(client)).toEqual([]);
    expect(client.ofType('response.audio_transcript.delta')).toEqual([]);
  });

  it('without saying which language is spoken: spoken_language_required, nothing transcribed', async () => {
    const client = await connect('es', 'en');
    const error = client.nextError();
    client.sendUtterance(await espeakSpeech('Buenos días', 'es'));
    expect((await error).error.code).toBe('spoken_language_required');
    expect(transcripts(client)).toEqual([]);
  });
});

describe('PocketSphinx word error rate on flite speech', () => {
  it('recognises 20 everyday sentences with a word error rate under 15%', { timeout: 180_000 }, async () => {
    const stt = new PocketSphinxStt();
    let errors = 0;
    let words = 0;
    const misses: string[] = [];
    const unsure: string[] = [];
    for (const sentence of WER_SENTENCES) {
      const heard = await stt.transcribe(await fliteSpeech(sentence), 'en', new AbortController().signal);
      const result = wordErrorRate(sentence, heard.text);
      errors += result.errors;
      words += result.words;
      if (result.errors > 0) misses.push(`${sentence} -> ${heard.text}`);
      if ((heard.confidence ?? 0) < POCKETSPHINX_MIN_CONFIDENCE) unsure.push(`${sentence} -> ${heard.text} (${heard.confidence?.toFixed(2)})`);
    }
    const wer = errors / words;
    console.info(`PocketSphinx WER on ${WER_SENTENCES.length} flite (slt) sentences: ${(wer * 100).toFixed(1)}% (${errors}/${words} words)\n  ${misses.join('\n  ')}`);
    console.info(`Below the confidence floor (${POCKETSPHINX_MIN_CONFIDENCE}): ${unsure.length}\n  ${unsure.join('\n  ')}`);
    expect(wer).toBeLessThan(0.15);
    // The floor that keeps other languages out must not turn away English said clearly.
    expect(unsure.length).toBeLessThanOrEqual(2);
  });
});
