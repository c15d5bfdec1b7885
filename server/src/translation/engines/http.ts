import { EngineError } from '../../platform/errors.ts';

/** Retry-After as seconds or an HTTP date, in milliseconds. */
export function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value.trim());
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

export function abortReason(engine: string, signal: AbortSignal, cause?: unknown): EngineError {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === 'TimeoutError') {
    return new EngineError(engine, 'timeout', `${engine} did not answer in time`, { retryable: true, cause });
  }
  return new EngineError(engine, 'aborted', 'Translation aborted', { cause });
}

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

export interface JsonRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
  signal: AbortSignal;
}

/** fetch + JSON, every failure (network, timeout, status, bad JSON) as an EngineError. */
export async function requestJson(engine: string, url: string, request: JsonRequest): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method ?? 'POST',
      headers: { accept: 'application/json', ...(request.body === undefined ? {} : { 'content-type': 'application/json' }), ...request.headers },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
    });
  } catch (error) {
    if (request.signal.aborted) throw abortReason(engine, request.signal, error);
    throw new EngineError(engine, 'network', `${engine} is unreachable: ${(error as Error).cause ?? (error as Error).message}`, {
      retryable: true,
      cause: error,
    });
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (request.signal.aborted) throw abortReason(engine, request.signal, error);
    throw new EngineError(engine, 'network', `${engine} closed the connection`, { retryable: true, cause: error });
  }
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // keep the text, for the error message
  }
  if (!response.ok) throw statusError(engine, response.status, body, response.headers.get('retry-after'));
  if (typeof body !== 'object' || body === null) {
    throw new EngineError(engine, 'bad_response', `${engine} answered with something other than JSON`, { status: response.status });
  }
  return body;
}

/** Without a trailing slash. */
export function trimBase(url: string): string {
  return url.replace(/\/+$/, '');
}
