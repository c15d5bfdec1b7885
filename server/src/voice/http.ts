import type { EngineErrorCode } from '../platform/errors.ts';
import { EngineError } from '../platform/errors.ts';

/** Where an OpenAI-compatible service lives: api.openai.com, a whisper.cpp / faster-whisper server, ... */
export interface OpenAiEndpoint {
  /** e.g. https://api.openai.com/v1 (no trailing slash needed). */
  baseUrl: string;
  apiKey?: string | undefined;
  timeoutMs?: number | undefined;
}

const MAX_RESPONSE_BYTES = 20 * 1024 * 1024;

/**
 * POST to `{baseUrl}{path}`; resolves to the response body. Network failures, timeouts and non-2xx
 * answers become a EngineError with `code`; the caller's abort propagates as is.
 */
export async function postToService(
  endpoint: OpenAiEndpoint,
  path: string,
  body: FormData | object,
  signal: AbortSignal,
  code: EngineErrorCode,
  what: string,
): Promise<Buffer> {
  const headers: Record<string, string> = {};
  if (endpoint.apiKey) headers.authorization = `Bearer ${endpoint.apiKey}`;
  let payload: FormData | string;
  if (body instanceof FormData) payload = body;
  else {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const timeout = AbortSignal.timeout(endpoint.timeoutMs ?? 30_000);
  let response: Response;
  try {
    response = await fetch(`${endpoint.baseUrl.replace(/\/$/, '')}${path}`, {
      method: 'POST',
      headers,
      body: payload,
      signal: AbortSignal.any([signal, timeout]),
    });
  } catch (err) {
    if (signal.aborted) throw err;
    throw new EngineError('openai', code, `${what} is unreachable${timeout.aborted ? ' (timed out)' : ''}`);
  }
  if (!response.ok) {
    const detail = (await response.text().catch(() => '')).slice(0, 200);
    throw new EngineError('openai', code, `${what} answered ${response.status}${detail ? `: ${detail}` : ''}`);
  }
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_RESPONSE_BYTES) throw new EngineError('openai', code, `${what} answered too much data`);
  const data = Buffer.from(await response.arrayBuffer());
  if (data.length > MAX_RESPONSE_BYTES) throw new EngineError('openai', code, `${what} answered too much data`);
  return data;
}
