import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EngineError } from './errors.ts';
import { parseRetryAfter, requestBytes, requestJson } from './http.ts';
import { retryDelay } from './retry.ts';
import { startHttpStub } from './testing/httpStub.ts';

// The shared provider client against a real local HTTP server: each test queues the answers.

interface Answer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  /** Never answer. */
  hang?: boolean;
}
interface Seen {
  method: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let base: string;
let close: () => Promise<void>;
const queue: Answer[] = [];
const seen: Seen[] = [];

beforeAll(async () => {
  const stub = await startHttpStub((req, res) => {
    seen.push({ method: req.method, headers: req.headers, body: req.body.toString() });
    const answer = queue.shift() ?? { status: 200, body: '{"ok":true}' };
    if (answer.hang) return;
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(answer.body ?? '');
  });
  base = stub.origin;
  close = stub.close;
});
afterAll(() => close());
beforeEach(() => {
  queue.length = 0;
  seen.length = 0;
});

const fast = { retries: 2, baseDelayMs: 1 };

describe('requestJson', () => {
  it('posts JSON and answers the parsed body', async () => {
    queue.push({ status: 200, body: '{"choices":[1]}' });
    const body = await requestJson({ engine: 'openai', url: `${base}/v1/chat`, headers: { authorization: 'Bearer k' }, body: { a: 1 } });
    expect(body).toEqual({ choices: [1] });
    expect(seen[0]).toMatchObject({ method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json', accept: 'application/json', authorization: 'Bearer k' } });
  });

  it('sends FormData as multipart', async () => {
    const form = new FormData();
    form.append('model', 'whisper-1');
    await requestJson({ engine: 'openai', url: `${base}/v1/audio`, body: form });
    expect(seen[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.body).toContain('whisper-1');
  });

  it('retries a 429 after its Retry-After, then succeeds', async () => {
    queue.push({ status: 429, headers: { 'retry-after': '1' }, body: '{"error":{"message":"slow down"}}' });
    const delays: number[] = [];
    const body = await requestJson({ engine: 'deepl', url: base, retry: { ...fast, onRetry: (e, _attempt, delay) => delays.push(delay) } });
    expect(body).toEqual({ ok: true });
    expect(seen).toHaveLength(2);
    expect(delays[0]).toBeGreaterThanOrEqual(1_000); // the wait before the retry honours Retry-After
  });

  it('retries 5xx with backoff, and reports the last failure when the retries are used up', async () => {
    queue.push({ status: 503, body: 'down' }, { status: 502, body: 'down' }, { status: 500, body: '{"message":"still down"}' });
    const error = await requestJson({ engine: 'libretranslate', url: base, retry: fast }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ engine: 'libretranslate', code: 'server_error', status: 500, retryable: true, message: 'libretranslate answered HTTP 500: still down' });
    expect(seen).toHaveLength(3);
  });

  it('gives up at once on a Retry-After longer than allowed', async () => {
    queue.push({ status: 429, headers: { 'retry-after': '3600' } });
    await expect(requestJson({ engine: 'openai', url: base, retry: fast })).rejects.toMatchObject({ code: 'rate_limited', retryAfterMs: 3_600_000 });
    expect(seen).toHaveLength(1);
  });

  it('maps other statuses to stable codes and never retries them', async () => {
    const cases: [number, string][] = [[400, 'bad_request'], [401, 'unauthorized'], [403, 'unauthorized'], [404, 'bad_request'], [456, 'quota_exceeded']];
    for (const [status, code] of cases) {
      queue.push({ status, body: '{"error":"nope"}' });
      await expect(requestJson({ engine: 'deepl', url: base, retry: fast })).rejects.toMatchObject({ code, status, retryable: false, message: `deepl answered HTTP ${status}: nope` });
    }
    expect(seen).toHaveLength(cases.length);
  });

  it('times out each attempt and retries timeouts', async () => {
    queue.push({ status: 200, hang: true }, { status: 200, hang: true });
    await expect(requestJson({ engine: 'openai', url: base, timeoutMs: 100, retry: { retries: 1, baseDelayMs: 1 } })).rejects.toMatchObject({
      code: 'timeout',
      retryable: true,
    });
    expect(seen).toHaveLength(2);
  });

  it("stops at once, without retrying, when the caller gives up", async () => {
    queue.push({ status: 200, hang: true });
    const controller = new AbortController();
    const pending = requestJson({ engine: 'openai', url: base, signal: controller.signal, retry: fast });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ code: 'aborted', retryable: false });
    expect(seen).toHaveLength(1);
  });

  it('reports an unreachable server as a retryable network error', async () => {
    await expect(requestJson({ engine: 'openai', url: 'http://127.0.0.1:1/v1' })).rejects.toMatchObject({ code: 'network', retryable: true });
  });

  it('rejects answers that are not JSON objects', async () => {
    queue.push({ status: 200, body: 'hello' });
    await expect(requestJson({ engine: 'openai', url: base })).rejects.toMatchObject({ code: 'bad_response' });
  });
});

describe('requestBytes', () => {
  it('returns the body as bytes and refuses one over the cap', async () => {
    queue.push({ status: 200, body: 'x'.repeat(500) }, { status: 200, body: 'x'.repeat(5_000) });
    expect((await requestBytes({ engine: 'tts', url: base, maxResponseBytes: 1_000 })).length).toBe(500);
    await expect(requestBytes({ engine: 'tts', url: base, maxResponseBytes: 1_000 })).rejects.toMatchObject({ code: 'bad_response', message: 'tts answered more than 1000 bytes' });
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('2')).toBe(2_000);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter(new Date(Date.now() + 60_000).toUTCString())).toBeGreaterThan(55_000);
    expect(retryDelay(0, 250, 4_000)).toBe(4_000);
    expect(retryDelay(2, 250, undefined)).toBeGreaterThanOrEqual(1_000);
  });
});
