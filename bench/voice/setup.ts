import { ApertiumEngine } from '../../server/src/translation/engines/apertium.ts';
import type { UtteranceTimings } from '../../server/src/voice/pipeline.ts';
import { VoiceSession } from '../../server/src/voice/session.ts';
import { PocketSphinxStt } from '../../server/src/voice/stt/pocketsphinx.ts';
import type { SpeechToText } from '../../server/src/voice/stt/types.ts';
import { ApertiumCliTranslator } from '../../server/src/translation/testing/apertiumCli.ts';
import { startVoiceServer, VoiceTestClient, type TestVoiceServer } from '../../server/src/voice/testing/harness.ts';
import { EspeakTts } from '../../server/src/voice/tts/espeak.ts';
import type { TextTranslator } from '../../server/src/translation/textTranslator.ts';

/** The server's warm Apertium engine (one long-lived pipeline per direction) as the voice translator. */
export function warmApertium(): { translator: TextTranslator; close(): Promise<void> } {
  const engine = new ApertiumEngine();
  return {
    translator: {
      async translate({ text, source, target }) {
        const from = source === 'auto-detect' ? 'en' : source;
        const out = await engine.translate({ text, source: from, target, signal: AbortSignal.timeout(15_000) });
        return { text: out.text, ok: true, engine: 'apertium' };
      },
      detect: () => undefined,
    },
    close: () => engine.close(),
  };
}

/** PocketSphinx without its streaming mode: recognition starts only on release. */
export function batchOnly(stt: SpeechToText): SpeechToText {
  return { id: stt.id, supports: (l) => stt.supports(l), transcribe: (...args) => stt.transcribe(...args) };
}

export interface Variant {
  name: string;
  stt: SpeechToText;
  translator: TextTranslator;
}

export interface Run {
  firstDeltaMs: number;
  firstAudioMs: number;
  doneMs: number;
  server: UtteranceTimings;
}

/** A voice server for one variant; `utter` streams speech in real time, releases, and times the answer. */
export async function voiceBench(variant: Variant): Promise<{ utter(pcm: Buffer): Promise<Run>; close(): Promise<void> }> {
  const timings: UtteranceTimings[] = [];
  const server: TestVoiceServer = await startVoiceServer(
    (ctx) => new VoiceSession(ctx, { stt: variant.stt, tts: new EspeakTts(), translator: variant.translator, onTimings: (t) => timings.push(t) }),
  );
  const client = await VoiceTestClient.connect(server.url);
  client.send({ type: 'update_languages', userLanguage: 'en', partnerLanguage: 'es' });
  await client.next('session.updated');
  return {
    async utter(pcm) {
      const from = client.events.length;
      const frameMs = (4096 / 24_000) * 1000;
      const start = performance.now();
      for (let offset = 0, i = 0; offset < pcm.length; offset += 8192, i++) {
        const due = start + i * frameMs;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
        client.send({ type: 'input_audio_buffer.append', audio: pcm.subarray(offset, offset + 8192).toString('base64'), language: 'en' }); // the speaker's microphone: English
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + (pcm.length / 48_000) * 1000 - performance.now())));
      const released = performance.now();
      client.send({ type: 'input_audio_buffer.commit' });
      const delta = client.next('response.audio_transcript.delta', from).then(() => performance.now());
      const audio = client.next('response.audio.delta', from).then(() => performance.now());
      const done = client.next('response.audio.done', from).then(() => performance.now());
      const error = client.next('error', from).then((e) => {
        throw new Error(`${e.error.code}: ${e.error.message}`);
      });
      const [d, a, end] = await Promise.race([Promise.all([delta, audio, done]), error]);
      await new Promise((resolve) => setTimeout(resolve, 20)); // onTimings runs right after audio.done
      const server = timings.at(-1);
      if (!server) throw new Error('no server timings');
      return { firstDeltaMs: d - released, firstAudioMs: a - released, doneMs: end - released, server };
    },
    async close() {
      await client.close();
      await server.close();
    },
  };
}

export function variants(warm: TextTranslator): Variant[] {
  const stt = new PocketSphinxStt();
  return [
    { name: 'streaming STT, warm Apertium (server engine)', stt, translator: warm },
    { name: 'streaming STT, per-call `apertium` (test translator)', stt, translator: new ApertiumCliTranslator() },
    { name: 'STT after release (no streaming), warm Apertium', stt: batchOnly(stt), translator: warm },
  ];
}
