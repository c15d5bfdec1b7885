import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { wrongPostgres, wrongRedis } from './dependencies.ts';
import { Startup, StartupError } from './startup.ts';

const quick = { firstDelayMs: 1, maxDelayMs: 2 };
const silent = () => {
  const lines: string[] = [];
  return { lines, log: { info: (m: string) => void lines.push(m), warn: (m: string) => void lines.push(m) } };
};
const fail = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('start-up steps', () => {
  it('retries a slow step until it succeeds, logging each wait, and is ready once every step is done', async () => {
    const { lines, log } = silent();
    const startup = new Startup(['database', 'jobQueue'], log, quick);
    let calls = 0;
    const value = await startup.run('database', async () => {
      calls += 1;
      if (calls < 3) throw fail('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432');
      return 'connected';
    });
    expect(value).toBe('connected');
    expect(lines.filter((l) => l.includes('database not ready yet (connect ECONNREFUSED'))).toHaveLength(2);
    expect(startup.status()).toMatchObject({ ready: false, starting: ['jobQueue'], steps: { database: { state: 'done', attempts: 3 } } });
    await startup.run('jobQueue', async () => undefined);
    expect(startup.ready).toBe(true);
  });

  it('stops at once on an error waiting cannot cure, with the message that names the variable', async () => {
    const startup = new Startup(['database'], silent().log, quick);
    let calls = 0;
    const run = startup.run('database', async () => {
      calls += 1;
      throw fail('28P01', 'password authentication failed for user "parley"');
    }, wrongPostgres);
    await expect(run).rejects.toThrow(StartupError);
    await expect(run).rejects.toThrow(/^DATABASE_URL: PostgreSQL refused the password/);
    expect(calls).toBe(1);
  });

  it('tells wrong dependencies from slow ones', () => {
    expect(wrongPostgres(fail('ECONNREFUSED'))).toBeUndefined();
    expect(wrongPostgres(fail('57P03', 'the database system is starting up'))).toBeUndefined();
    expect(wrongPostgres(new Error('timeout expired'))).toBeUndefined();
    expect(wrongPostgres(fail('3D000', 'database "parly" does not exist'))).toMatch(/^DATABASE_URL: the database does not exist/);
    expect(wrongPostgres(fail('ENOTFOUND', 'getaddrinfo ENOTFOUND db.example'))).toMatch(/^DATABASE_URL: unknown host/);
    expect(wrongRedis(fail('ECONNREFUSED'))).toBeUndefined();
    expect(wrongRedis(new Error('WRONGPASS invalid username-password pair or user is disabled.'))).toMatch(/^REDIS_URL: Redis refused the credentials/);
  });

  it('answers while starting: health 200, ready 503 with what is starting, everything else 503 service_starting with Retry-After', async () => {
    const startup = new Startup(['database', 'migrations'], silent().log, quick);
    const server = http.createServer(startup.handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
      const ready = await fetch(`${base}/api/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ ready: false, starting: ['database', 'migrations'] });
      const api = await fetch(`${base}/api/chats`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
      expect(api.status).toBe(503);
      expect(api.headers.get('retry-after')).toBe('2');
      expect(await api.json()).toEqual({ error: { code: 'service_starting', message: expect.any(String) } });
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
