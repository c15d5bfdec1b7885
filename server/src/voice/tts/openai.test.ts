import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pcmToWav } from '../audio.ts';
import { startHttpStub } from '../../platform/testing/httpStub.ts';
import { OpenAiTts } from './openai.ts';

// Contract of the OpenAI-compatible speech endpoint: POST {base}/audio/speech
// {model, voice, input, response_format} answering raw 24 kHz PCM16 ('pcm') or a WAV file.

const tone16k = Buffer.alloc(16_000 * 2); // 1 s at 16 kHz
for (let i = 0; i < 16_000; i++) tone16k.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 16_000)), i * 2);
const pcm24k = Buffer.alloc(24_000); // 0.5 s at 24 kHz

let stub: Awaited<ReturnType<typeof startHttpStub>>;
let status = 200;
beforeAll(async () => {
  stub = await startHttpStub((req, res) => {
    const body = JSON.parse(req.body.toString()) as { response_format: string };
    if (status !== 200) {
      res.writeHead(status).end('{"error":{"message":"overloaded"}}');
      return;
    }
    res.writeHead(200, { 'content-type': body.response_format === 'wav' ? 'audio/wav' : 'audio/pcm' });
    res.end(body.response_format === 'wav' ? pcmToWav(tone16k, 16_000) : pcm24k);
  });
});
afterAll(() => stub.close());

const signal = () => new AbortController().signal;

describe('OpenAiTts', () => {
  it("posts JSON and returns 'pcm' answers as they are", async () => {
    status = 200;
    const tts = new OpenAiTts({ baseUrl: stub.baseUrl, apiKey: 'sk-test', model: 'tts-1', voice: 'alloy' });
    const audio = await tts.synthesize('¿Dónde está la estación?', 'es', signal());
    expect(audio.equals(pcm24k)).toBe(true);
    const req = stub.requests.at(-1)!;
    expect(req.url).toBe('/v1/audio/speech');
    expect(req.headers.authorization).toBe('Bearer sk-test');
    expect(req.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req.body.toString())).toEqual({ model: 'tts-1', voice: 'alloy', input: '¿Dónde está la estación?', response_format: 'pcm' });
  });

  it("resamples 'wav' answers to 24 kHz PCM16 with sox", async () => {
    status = 200;
    const tts = new OpenAiTts({ baseUrl: stub.baseUrl, model: 'piper', voice: 'es_ES-davefx', format: 'wav' });
    const audio = await tts.synthesize('Hola', 'es', signal());
    expect(Math.abs(audio.length - 24_000 * 2)).toBeLessThanOrEqual(8); // 1 s at 24 kHz
    expect(JSON.parse(stub.requests.at(-1)!.body.toString()).response_format).toBe('wav');
  });

  it('retries a 503, then reports it as server_error (the voice stage turns it into tts_failed)', async () => {
    status = 503;
    const before = stub.requests.length;
    const tts = new OpenAiTts({ baseUrl: stub.baseUrl, model: 'tts-1', voice: 'alloy' });
    await expect(tts.synthesize('Hola', 'es', signal())).rejects.toMatchObject({ code: 'server_error', status: 503, message: expect.stringContaining('overloaded') });
    expect(stub.requests.length - before).toBe(3);
  });
});
