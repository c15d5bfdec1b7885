import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestServer, signUpAndIn, uniqueUser, type TestServer } from './helpers.ts';

/** Health, readiness, metrics, roles and the client address behind a proxy. */
const TOKEN = 'metrics-token-0123456789abcdef';
let s: TestServer;
beforeAll(async () => {
  s = await getTestServer({
    env: { METRICS_TOKEN: TOKEN },
    chatTranslator: { translate: async (i) => ({ text: `[${i.target}] ${i.text}`, ok: true }) },
  });
});
afterAll(async () => s.close());

describe('operations endpoints', () => {
  it('answers health and readiness', async () => {
    expect((await s.app.inject({ url: '/api/health' })).json()).toMatchObject({ ok: true });
    const ready = await s.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    // The self-check is off here: its detail lists each engine with nothing being checked.
    expect(ready.json()).toEqual({
      ready: true, database: true, redis: true, draining: false,
      translation: { selfCheck: expect.arrayContaining([{ engine: 'apertium', checking: [], failed: [], passed: 0 }]) },
    });
  });

  it('serves Prometheus metrics only with the bearer token', async () => {
    expect((await s.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await s.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    const a = await signUpAndIn(s.app);
    const b = await signUpAndIn(s.app);
    await s.app.inject({ method: 'PATCH', url: '/api/profile', payload: { language: 'en' }, headers: { cookie: a.cookie } });
    await s.app.inject({ method: 'PATCH', url: '/api/profile', payload: { language: 'es' }, headers: { cookie: b.cookie } });
    const roomId = (await s.app.inject({ method: 'POST', url: '/api/chats', payload: { userId: b.id }, headers: { cookie: a.cookie } })).json().room.id;
    await s.app.inject({ method: 'POST', url: `/api/chats/${roomId}/messages`, payload: { content: 'hello there', clientId: 'metrics-0001' }, headers: { cookie: a.cookie } });
    for (let i = 0; i < 100; i++) {
      const text = (await s.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
      if (text.includes('parley_translation_jobs_total{outcome="done"} 1')) {
        expect(text).toContain('parley_messages_total 1');
        expect(text).toMatch(/parley_open_sockets 0/);
        expect(text).toMatch(/parley_translation_queue_depth 0/);
        expect(text).toMatch(/parley_translation_engine_seconds_count\{ok="true"\} 1/);
        expect(text).toContain('parley_translation_self_check{engine="apertium",state="checking"} 0');
        return;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the translation job never showed in /metrics');
  });
});

describe('roles and proxies', () => {
  it('a worker-only node serves health and readiness, no user routes', async () => {
    const worker = await getTestServer({ env: { PARLEY_ROLE: 'worker' } });
    try {
      expect((await worker.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
      expect((await worker.app.inject({ url: '/api/chats' })).statusCode).toBe(404);
      expect((await worker.app.inject({ method: 'POST', url: '/api/auth/signup', payload: uniqueUser() })).statusCode).toBe(404);
    } finally {
      await worker.close();
    }
  });

  it('with TRUST_PROXY the per-address sign-in limit counts the forwarded client address', async () => {
    const limits = { signInPerAccount: 100, signInPerAddress: 2, signUpPerAccount: 100, signUpPerAddress: 100, windowSeconds: 60 };
    const proxied = await getTestServer({ env: { TRUST_PROXY: '1' }, authLimits: limits });
    try {
      const attempt = (ip: string) => proxied.app.inject({
        method: 'POST', url: '/api/auth/signin', payload: { email: 'nobody@example.com', password: 'wrong password' },
        headers: { 'x-forwarded-for': ip },
      });
      expect((await attempt('203.0.113.1')).statusCode).toBe(401);
      expect((await attempt('203.0.113.1')).statusCode).toBe(401);
      expect((await attempt('203.0.113.1')).statusCode).toBe(429);
      // Another client behind the same proxy has its own budget.
      expect((await attempt('203.0.113.2')).statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});
