import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { liveProcessCount } from '../platform/process.ts';
import { VoiceSession } from './session.ts';
import { PocketSphinxStt } from './stt/pocketsphinx.ts';
import { ApertiumCliTranslator } from '../translation/testing/apertiumCli.ts';
import { startVoiceServer, VoiceTestClient, type TestVoiceServer } from './testing/harness.ts';
import { commandsOf, descendantPids } from '../platform/testing/processes.ts';
import { fliteSpeech } from './testing/speech.ts';
import { EspeakTts } from './tts/espeak.ts';

// A client that goes away mid-utterance must leave nothing behind: no child processes (sox,
// pocketsphinx, apertium, espeak-ng, flite, their shells) and no open session.

let server: TestVoiceServer;
let speech: Buffer;
let baseline: Set<number>;

beforeAll(async () => {
  server = await startVoiceServer((ctx) => new VoiceSession(ctx, { stt: new PocketSphinxStt(), tts: new EspeakTts(), translator: new ApertiumCliTranslator() }));
  speech = await fliteSpeech('Good morning. I would like two tickets to the museum. How much does it cost, and what time does it open tomorrow?');
  baseline = new Set(descendantPids());
});
afterAll(() => server.close());

const ours = () => descendantPids().filter((pid) => !baseline.has(pid));

async function expectNothingLeft(): Promise<void> {
  await vi.waitFor(
    () => {
      const left = ours();
      expect(commandsOf(left)).toEqual([]);
      expect(liveProcessCount()).toBe(0);
      expect(server.voice.connections).toBe(0);
    },
    { timeout: 15_000, interval: 50 },
  );
}

async function connect(): Promise<VoiceTestClient> {
  const client = await VoiceTestClient.connect(server.url);
  client.send({ type: 'update_languages', userLanguage: 'en', partnerLanguage: 'es' });
  await client.next('session.updated');
  return client;
}

describe('disconnecting mid-utterance', () => {
  it('while still speaking: the streaming recogniser is killed', async () => {
    const client = await connect();
    client.sendUtterance(speech.subarray(0, speech.length / 2), false, 'en');
    await vi.waitFor(() => expect(commandsOf(ours())).toContain('pocketsphinx_co'), { timeout: 15_000, interval: 20 });
    client.ws.terminate(); // no close handshake, as when a phone loses its network
    await expectNothingLeft();
  });

  it('right after release, while recognising and translating', async () => {
    const client = await connect();
    client.sendUtterance(speech, true, 'en');
    await client.next('input_audio_buffer.committed');
    await client.close();
    await expectNothingLeft();
  });

  it('while the reply is being spoken', async () => {
    const client = await connect();
    client.sendUtterance(speech, true, 'en');
    await client.next('response.audio_transcript.delta');
    client.ws.terminate();
    await expectNothingLeft();
  });

  it('with several utterances queued', async () => {
    const client = await connect();
    for (let i = 0; i < 2; i++) client.sendUtterance(speech, true, 'en');
    await client.next('conversation.item.input_audio_transcription.completed');
    client.ws.terminate();
    await expectNothingLeft();
  });
});
