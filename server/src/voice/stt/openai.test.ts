import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpStub, parseMultipart } from '../../platform/testing/httpStub.ts';
import { OpenAiStt } from './openai.ts';

// Contract of the OpenAI-compatible transcription endpoint (OpenAI, whisper.cpp, faster-whisper):
// POST {base}/audio/transcriptions, multipart with file (WAV), model, language, response_format.

let stub: Awaited<ReturnType<typeof startHttpStub>>;
let answer: { status: number; body: string } = { status: 200, body: '{"text":" Hola, ¿dónde está la estación? "}' };

beforeAll(async () => {
  stub = await startHttpStub((_req, res) => {
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(answer.body);
  });
});
afterAll(() => stub.close());

const pcm = Buffer.alloc(24_000 * 2); // 1 s at 24 kHz
const signal = () => new AbortController().signal;

describe('OpenAiStt', () => {
  it('sends a multipart WAV with model, language and response_format and reads {text}', async () => {
    answer = { status: 200, body: '{"text":" Hola, ¿dónde está la estación? "}' };
    const stt = new OpenAiStt({ baseUrl: stub.baseUrl, apiKey: 'sk-test', model: 'whisper-1' });
    const result = await stt.transcribe(pcm, 'es', signal());
    expect(result).toEqual({ text: 'Hola, ¿dónde está la estación?', language: 'es' });

    const req = stub.requests.at(-1);
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/v1/audio/transcriptions');
    expect(req?.headers.authorization).toBe('Bearer sk-test');
    expect(req?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const form = await parseMultipart(req!);
    expect(form.get('model')).toBe('whisper-1');
    expect(form.get('language')).toBe('es');
    expect(form.get('response_format')).toBe('json');
    const file = form.get('file') as File;
    expect(file.name).toBe('speech.wav');
    expect(file.type).toBe('audio/wav');
    const wav = Buffer.from(await file.arrayBuffer());
    expect(wav.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(wav.subarray(8, 12).toString('ascii')).toBe('WAVE');
    expect(wav.readUInt16LE(22)).toBe(1); // mono
    expect(wav.readUInt32LE(24)).toBe(24_000);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.length).toBe(44 + pcm.length);
  });

  it('without a language lets the service detect it, and uses the language it reports', async () => {
    answer = { status: 200, body: '{"text":"bonjour","language":"french"}' };
    const stt = new OpenAiStt({ baseUrl: stub.baseUrl, model: 'ggml-base' });
    expect(await stt.transcribe(pcm, undefined, signal())).toEqual({ text: 'bonjour', language: 'fr' });
    const req = stub.requests.at(-1);
    expect(req?.headers.authorization).toBeUndefined();
    const form = await parseMultipart(req!);
    expect(form.has('language')).toBe(false);
  });

  it('maps error statuses and malformed answers to engine error codes', async () => {
    const stt = new OpenAiStt({ baseUrl: stub.baseUrl, model: 'whisper-1' });
    answer = { status: 401, body: '{"error":{"message":"bad key"}}' };
    await expect(stt.transcribe(pcm, 'en', signal())).rejects.toMatchObject({ code: 'unauthorized', message: expect.stringMatching(/401: bad key/) });
    answer = { status: 200, body: 'not json' };
    await expect(stt.transcribe(pcm, 'en', signal())).rejects.toMatchObject({ name: 'EngineError', code: 'bad_response' });
    answer = { status: 200, body: '{"words":[]}' };
    await expect(stt.transcribe(pcm, 'en', signal())).rejects.toMatchObject({ code: 'bad_response' });
  });

  it('an unreachable service is a network error; an abort is aborted', async () => {
    const down = new OpenAiStt({ baseUrl: 'http://127.0.0.1:1/v1', model: 'whisper-1' });
    await expect(down.transcribe(pcm, 'en', signal())).rejects.toMatchObject({ code: 'network' });
    const controller = new AbortController();
    controller.abort();
    await expect(new OpenAiStt({ baseUrl: stub.baseUrl, model: 'whisper-1' }).transcribe(pcm, 'en', controller.signal)).rejects.toMatchObject({ code: 'aborted' });
  });
});
