import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_TEXT_TOKEN, OpenAiVisionEngine } from './openaiVision.ts';

interface Recorded {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** A local server speaking the chat-completions protocol: records each request, answers what the test queued. */
let server: Server;
let baseUrl: string;
const requests: Recorded[] = [];
let answer: { status: number; body: unknown; delayMs?: number };

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method, url: req.url, headers: req.headers, body: raw ? JSON.parse(raw) : undefined });
      setTimeout(() => {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requests.length = 0;
});

const completion = (content: unknown) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1_763_700_000,
  model: 'gpt-4o-mini',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 300, completion_tokens: 12, total_tokens: 312 },
});

const signal = () => AbortSignal.timeout(10_000);

describe('OpenAiVisionEngine against a local chat-completions server', () => {
  it('sends the documented image request and returns the text of the answer', async () => {
    answer = { status: 200, body: completion('La biblioteca está cerrada.\nGracias por su visita.') };
    const engine = new OpenAiVisionEngine({ baseUrl, apiKey: 'sk-test-123', model: 'gpt-4o-mini' });
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#ffffff' } }).png().toBuffer();

    const result = await engine.recognize(png, ['en', 'es'], signal());

    expect(result).toEqual({ text: 'La biblioteca está cerrada.\nGracias por su visita.' });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer sk-test-123');
    expect(request?.headers['content-type']).toBe('application/json');
    const body = request?.body as {
      model: string;
      messages: Array<{ role: string; content: Array<{ type: string; text?: string; image_url?: { url: string } }> }>;
    };
    expect(body.model).toBe('gpt-4o-mini');
    expect(body.messages).toHaveLength(1);
    const [message] = body.messages;
    expect(message?.role).toBe('user');
    expect(message?.content.map((part) => part.type)).toEqual(['text', 'image_url']);
    expect(message?.content[0]?.text).toMatch(/English or Spanish/);
    expect(message?.content[0]?.text).toContain(NO_TEXT_TOKEN);
    expect(message?.content[1]?.image_url?.url).toBe(`data:image/png;base64,${png.toString('base64')}`);
  });

  it('maps NO_TEXT to no text, strips a code fence, accepts content parts', async () => {
    const engine = new OpenAiVisionEngine({ baseUrl, model: 'llava' });
    answer = { status: 200, body: completion('NO_TEXT') };
    expect((await engine.recognize(Buffer.from('png'), ['en'], signal())).text).toBe('');
    expect(requests[0]?.headers.authorization).toBeUndefined();
    answer = { status: 200, body: completion('```\n出口 は 右\n```') };
    expect((await engine.recognize(Buffer.from('png'), ['ja'], signal())).text).toBe('出口は右');
    answer = { status: 200, body: completion([{ type: 'text', text: 'Ausgang' }]) };
    expect((await engine.recognize(Buffer.from('png'), ['de'], signal())).text).toBe('Ausgang');
  });

  it('fails with the status and message of an error answer', async () => {
    answer = { status: 401, body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } } };
    const engine = new OpenAiVisionEngine({ baseUrl, apiKey: 'wrong', model: 'gpt-4o-mini' });
    await expect(engine.recognize(Buffer.from('png'), ['en'], signal())).rejects.toMatchObject({
      name: 'EngineError',
      code: 'unauthorized',
      message: expect.stringMatching(/401.*Incorrect API key/),
    });
  });

  it('fails on an answer without message content', async () => {
    answer = { status: 200, body: { choices: [] } };
    const engine = new OpenAiVisionEngine({ baseUrl, model: 'm' });
    await expect(engine.recognize(Buffer.from('png'), ['en'], signal())).rejects.toMatchObject({ code: 'bad_response' });
  });

  it('gives up at its time limit, and when the caller aborts', async () => {
    answer = { status: 200, body: completion('late'), delayMs: 2_000 };
    const engine = new OpenAiVisionEngine({ baseUrl, model: 'm', timeoutMs: 50 });
    await expect(engine.recognize(Buffer.from('png'), ['en'], signal())).rejects.toMatchObject({ code: 'timeout' });
    const patient = new OpenAiVisionEngine({ baseUrl, model: 'm', timeoutMs: 10_000 });
    const controller = new AbortController();
    const pending = patient.recognize(Buffer.from('png'), ['en'], controller.signal);
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });
  });

  it('reports an unreachable server as a network error', async () => {
    const engine = new OpenAiVisionEngine({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm' });
    await expect(engine.recognize(Buffer.from('png'), ['en'], signal())).rejects.toMatchObject({ code: 'network' });
  });

  it('is live with a key, or when it points at a self-hosted server', async () => {
    expect((await new OpenAiVisionEngine({ baseUrl: 'https://api.openai.com/v1', model: 'm' }).health()).live).toBe(false);
    expect((await new OpenAiVisionEngine({ baseUrl: 'https://api.openai.com/v1', apiKey: 'k', model: 'm' }).health()).live).toBe(true);
    expect((await new OpenAiVisionEngine({ baseUrl, model: 'llava' }).health()).live).toBe(true);
  });
});
