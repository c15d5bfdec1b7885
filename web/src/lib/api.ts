import type { ApiErrorBody } from '@parley/common';

/** An HTTP API failure: status (0 when the network failed), the server's stable code and message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Seconds from a Retry-After header (429). */
  readonly retryAfter: number | undefined;
  /** The request field a validation error names ('username', 'email'...), when the server says. */
  readonly field: string | undefined;

  constructor(status: number, code: string, message: string, retryAfter?: number, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
    this.field = field;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type Listener = () => void;
const unauthenticatedListeners = new Set<Listener>();

/** Called whenever any request answers 401 unauthenticated (the session expired or ended). */
export function onUnauthenticated(listener: Listener): () => void {
  unauthenticatedListeners.add(listener);
  return () => unauthenticatedListeners.delete(listener);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Plain objects are sent as JSON; FormData as multipart. */
  body?: unknown;
  signal?: AbortSignal;
}

/** fetch for the Parley API: same-origin cookies, JSON in and out, ApiError on failure. */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: payload, credentials: 'same-origin', signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : 'Network error');
  }

  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The first field named by error details: {field} or a schema-validation list [{instancePath: '/username'}]. */
function errorField(details: unknown): string | undefined {
  const first: unknown = Array.isArray(details) ? details[0] : details;
  if (!first || typeof first !== 'object') return undefined;
  const { field, instancePath } = first as { field?: unknown; instancePath?: unknown };
  if (typeof field === 'string' && field) return field;
  if (typeof instancePath === 'string') return instancePath.split('/').filter(Boolean)[0];
  return undefined;
}

async function toApiError(response: Response): Promise<ApiError> {
  let code = `http_${response.status}`;
  let message = response.statusText || `Request failed (${response.status})`;
  let field: string | undefined;
  try {
    const body = (await response.json()) as Partial<ApiErrorBody>;
    if (body.error?.code) code = body.error.code;
    if (body.error?.message) message = body.error.message;
    field = errorField(body.error?.details);
  } catch {
    // Not a JSON error body: keep the status line.
  }
  const retry = Number(response.headers.get('Retry-After'));
  const error = new ApiError(response.status, code, message, Number.isFinite(retry) && retry > 0 ? retry : undefined, field);
  if (response.status === 401 && code === 'unauthenticated') for (const listener of unauthenticatedListeners) listener();
  return error;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiFetch<T>(path, { method: 'GET', signal }),
  post: <T>(path: string, body?: unknown) => apiFetch<T>(path, { method: 'POST', body }),
  patch: <T>(path: string, body: unknown) => apiFetch<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string) => apiFetch<T>(path, { method: 'DELETE' }),
};
