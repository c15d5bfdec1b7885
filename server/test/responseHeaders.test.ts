import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestServer, signUpAndIn, type TestServer } from './helpers.ts';

/** Personal answers are not cached; the CSP upgrades requests only on an https install. */
let s: TestServer;
beforeAll(async () => {
  s = await getTestServer();
});
afterAll(async () => s.close());

describe('response headers', () => {
  it('marks personal API answers Cache-Control: no-store', async () => {
    const me = await signUpAndIn(s.app);
    const other = await signUpAndIn(s.app);
    const room = (await s.app.inject({ method: 'POST', url: '/api/chats', headers: { cookie: me.cookie }, payload: { userId: other.id } })).json().room.id as string;
    const urls = ['/api/auth/session', '/api/profile', '/api/chats', `/api/chats/${room}/messages`, `/api/users/search?q=${other.username}`];
    for (const url of urls) {
      const res = await s.app.inject({ url, headers: { cookie: me.cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const signIn = await s.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: me.email, password: me.password } });
    expect(signIn.headers['cache-control']).toBe('no-store');
    // Errors too (a 401 must not be cached in place of the answer).
    expect((await s.app.inject({ url: '/api/profile' })).headers['cache-control']).toBe('no-store');
  });

  it('has no upgrade-insecure-requests in the CSP of a plain-http install', async () => {
    const csp = (await s.app.inject({ url: '/api/health' })).headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    const lan = await getTestServer({ env: { PUBLIC_URL: 'http://192.168.1.20:3000' } });
    try {
      expect((await lan.app.inject({ url: '/api/health' })).headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    } finally {
      await lan.close();
    }
  });

  it('keeps upgrade-insecure-requests when PUBLIC_URL is https', async () => {
    const secure = await getTestServer({ env: { PUBLIC_URL: 'https://chat.example.org' } });
    try {
      const headers = (await secure.app.inject({ url: '/api/health' })).headers;
      expect(headers['content-security-policy']).toContain('upgrade-insecure-requests');
      expect(headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    } finally {
      await secure.close();
    }
  });

  it('sends the same security headers on every answer: pages, API, errors and unknown paths', async () => {
    for (const url of ['/', '/api/health', '/api/profile', '/no/such/path']) {
      const headers = (await s.app.inject({ url })).headers;
      const csp = headers['content-security-policy'] as string;
      expect(csp, url).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(csp, url).toContain("frame-ancestors 'self'");
      expect(csp, url).toContain("object-src 'none'");
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(headers['referrer-policy'], url).toBe('no-referrer');
      expect(headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(headers['x-powered-by'], url).toBeUndefined();
      // Plain http: no HSTS (it would pin a LAN install to an https that does not exist).
      expect(headers['strict-transport-security'], url).toBeUndefined();
    }
  });
});
