import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, onUnauthenticated } from './api.ts';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

afterEach(() => vi.unstubAllGlobals());

describe('apiFetch', () => {
  it('sends JSON with same-origin credentials and returns the typed body', async () => {
    const fetchMock = vi.fn(async () => json(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await apiFetch<{ ok: boolean }>('/api/x', { method: 'PATCH', body: { a: 1 } })).toEqual({ ok: true });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('PATCH');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('keeps the field a validation error names, for the catalog message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(400, {
      error: { code: 'validation_failed', message: 'username: Username may contain...', details: [{ instancePath: '/username', message: 'x' }] },
    })));
    const error = await apiFetch('/api/profile', { method: 'PATCH', body: {} }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'validation_failed', field: 'username' });
  });

  it('returns undefined for 204', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
    expect(await apiFetch('/api/auth/signout', { method: 'POST' })).toBeUndefined();
  });

  it('throws ApiError with status, code, message and Retry-After', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(429, { error: { code: 'rate_limited', message: 'Too many' } }, { 'Retry-After': '30' })));
    const error = await apiFetch('/api/auth/signin', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', message: 'Too many', retryAfter: 30 });
  });

  it('copes with non-JSON errors and network failures', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>', { status: 502, statusText: 'Bad Gateway' })));
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ status: 502, code: 'http_502', message: 'Bad Gateway' });
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('tells listeners when the session is gone, not on wrong credentials', async () => {
    const listener = vi.fn();
    const stop = onUnauthenticated(listener);
    vi.stubGlobal('fetch', vi.fn(async () => json(401, { error: { code: 'invalid_credentials', message: 'Invalid login credentials' } })));
    await apiFetch('/api/auth/signin', { body: {} }).catch(() => {});
    expect(listener).not.toHaveBeenCalled();
    vi.stubGlobal('fetch', vi.fn(async () => json(401, { error: { code: 'unauthenticated', message: 'Sign in' } })));
    await apiFetch('/api/profile').catch(() => {});
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });
});
