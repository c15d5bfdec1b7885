import { Agent, request as undiciRequest, type Dispatcher } from 'undici';
import { abortError, EngineError } from './errors.ts';
import { withRetries, type RetryOptions } from './retry.ts';

/**
 * The one HTTP client for engine providers (OpenAI-compatible chat, vision, transcription and
 * speech; DeepL; LibreTranslate): a time limit per attempt, retries with backoff on 429, 5xx,
 * timeouts and network errors (honouring Retry-After), a cap on the answer's size, and every
 * failure mapped to an EngineError with a stable code.
 */

export interface HttpRequest {
  /** Names the engine in errors ('openai', 'deepl', ...). */
  engine: string;
  url: string;
  method?: 'GET' | 'POST' | undefined;
  headers?: Record<string, string> | undefined;
  /** A FormData goes as multipart; anything else as JSON. */
  body?: unknown;
  /** The caller's signal: giving up ends the call at once with code 'aborted' (or 'timeout' for a TimeoutError). */
  signal?: AbortSignal | undefined;
  /** Limit of each attempt (code 'timeout', retryable). None by default: the caller's signal decides. */
  timeoutMs?: number | undefined;
  /** Default: no retries (the translation router retries itself, across engines). */
  retry?: Omit<RetryOptions, 'signal'> | undefined;
  /** Larger answers fail with 'bad_response' (default 20 MB). */
  maxResponseBytes?: number | undefined;
}

const MAX_RESPONSE_BYTES = 20 * 1024 * 1024;

/** Retry-After as seconds or an HTTP date, in milliseconds. */
export function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value.trim());
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** The provider's own explanation in an error body ({error: "..."}, {error: {message}}, {message}). */
function providerMessage(body: unknown): string {
  if (typeof body === 'string') return body.slice(0, 200);
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    const error = record.error;
    if (typeof error === 'string') return error.slice(0, 200);
    if (error && typeof error === 'object' && typeof (error as Record<string, unknown>).message === 'string') {
      return ((error as Record<string, unknown>).message as string).slice(0, 200);
    }
    if (typeof record.message === 'string') return record.message.slice(0, 200);
  }
  return '';
}

/** Maps an HTTP failure status to an EngineError: 429 and 5xx are retryable, the rest are not. */
export function statusError(engine: string, status: number, body: unknown, retryAfter: string | null): EngineError {
  const detail = providerMessage(body);
  const message = `${engine} answered HTTP ${status}${detail ? `: ${detail}` : ''}`;
  const retryAfterMs = parseRetryAfter(retryAfter);
  if (status === 401 || status === 403) return new EngineError(engine, 'unauthorized', message, { status });
  if (status === 429) return new EngineError(engine, 'rate_limited', message, { status, retryable: true, retryAfterMs });
  if (status === 456) return new EngineError(engine, 'quota_exceeded', message, { status });
  if (status >= 500) return new EngineError(engine, 'server_error', message, { status, retryable: true, retryAfterMs });
  return new EngineError(engine, 'bad_request', message, { status });
}

/** The body, read up to `max` bytes (more: the call fails and the connection is dropped). */
async function readBody(body: Dispatcher.ResponseData['body'], declaredLength: string | undefined, max: number): Promise<Buffer> {
  if (Number(declaredLength ?? 0) > max) {
    body.destroy();
    throw new Error(`more than ${max} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > max) {
      body.destroy();
      throw new Error(`more than ${max} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Engine calls keep their connections open between calls (a group message is several in a row). undici's own
 * request API rather than the global fetch: the same client without the WHATWG streams, about half the CPU per call.
 */
const agent = new Agent({ keepAliveTimeout: 10_000, connections: 64 });

const header = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

function parseJson(data: Buffer): unknown {
  const text = data.toString('utf8');
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text; // kept for the error message
  }
}

/** One attempt: the response body as bytes, or an EngineError. */
async function attempt(request: HttpRequest): Promise<{ data: Buffer; status: number }> {
  const { engine } = request;
  const timeout = request.timeoutMs ? AbortSignal.timeout(request.timeoutMs) : undefined;
  const signals = [request.signal, timeout].filter((s): s is AbortSignal => s !== undefined);
  const signal = signals.length ? AbortSignal.any(signals) : undefined;
  const headers: Record<string, string> = { ...request.headers };
  let body: Buffer | string | undefined;
  if (request.body instanceof FormData) {
    // Encoded as multipart by the platform's own Response (it picks the boundary), then sent as bytes.
    const encoded = new Response(request.body);
    headers['content-type'] = encoded.headers.get('content-type')!;
    body = Buffer.from(await encoded.arrayBuffer());
  } else if (request.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(request.body);
  }
  const failed = (error: unknown, what: string): EngineError => {
    if (request.signal?.aborted) return abortError(engine, request.signal, error);
    if (timeout?.aborted) return new EngineError(engine, 'timeout', `${engine} did not answer in ${request.timeoutMs} ms`, { retryable: true, cause: error });
    const cause = (error as Error).cause ?? (error as Error).message;
    return new EngineError(engine, 'network', `${engine} ${what}: ${String(cause)}`, { retryable: true, cause: error });
  };
  let response: Dispatcher.ResponseData;
  try {
    response = await undiciRequest(request.url, { method: request.method ?? 'POST', headers, body, signal, dispatcher: agent });
  } catch (error) {
    throw failed(error, 'is unreachable');
  }
  let data: Buffer;
  const max = request.maxResponseBytes ?? MAX_RESPONSE_BYTES;
  const status = response.statusCode;
  try {
    data = await readBody(response.body, header(response.headers['content-length']), max);
  } catch (error) {
    if (/^more than/.test((error as Error).message)) {
      throw new EngineError(engine, 'bad_response', `${engine} answered more than ${max} bytes`, { status });
    }
    throw failed(error, 'closed the connection');
  }
  if (status < 200 || status > 299) throw statusError(engine, status, parseJson(data), header(response.headers['retry-after']) ?? null);
  return { data, status };
}

/** The response body as bytes (audio). */
export async function requestBytes(request: HttpRequest): Promise<Buffer> {
  const call = () => attempt(request).then((r) => r.data);
  return request.retry ? withRetries(call, { ...request.retry, signal: request.signal }) : call();
}

/** The response body as a JSON object or array; anything else is 'bad_response'. */
export async function requestJson(request: HttpRequest): Promise<unknown> {
  const call = async () => {
    const { data, status } = await attempt({ ...request, headers: { accept: 'application/json', ...request.headers } });
    const body = parseJson(data);
    if (typeof body !== 'object' || body === null) {
      throw new EngineError(request.engine, 'bad_response', `${request.engine} answered with something other than JSON`, { status });
    }
    return body;
  };
  return request.retry ? withRetries(call, { ...request.retry, signal: request.signal }) : call();
}

/** Without a trailing slash. */
export function trimBase(url: string): string {
  return url.replace(/\/+$/, '');
}

/** `Authorization: Bearer KEY` when there is a key (self-hosted servers often need none). */
export function bearer(apiKey: string | undefined): Record<string, string> {
  return apiKey ? { authorization: `Bearer ${apiKey}` } : {};
}

/** Where an OpenAI-compatible service lives: api.openai.com, a whisper.cpp / vLLM / llama.cpp server, ... */
export interface ServiceEndpoint {
  /** e.g. https://api.openai.com/v1 (no trailing slash needed). */
  baseUrl: string;
  /** Sent as a Bearer token; self-hosted servers may need none. */
  apiKey?: string | undefined;
  /** Limit of each attempt; default 30 s. */
  timeoutMs?: number | undefined;
}

/** A POST to `{baseUrl}{path}` of an OpenAI-compatible service, with retries on 429/5xx. */
export function servicePost(engine: string, endpoint: ServiceEndpoint, path: string, body: unknown, signal: AbortSignal): HttpRequest {
  return {
    engine,
    url: `${trimBase(endpoint.baseUrl)}${path}`,
    headers: bearer(endpoint.apiKey),
    body,
    signal,
    timeoutMs: endpoint.timeoutMs ?? 30_000,
    retry: {},
  };
}
