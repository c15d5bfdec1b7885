import { describe, expect, it } from 'vitest';
import { createTestDatabase, getTestServer, signIn, uniqueUser } from './helpers.ts';

describe('persistence', () => {
  it('keeps accounts across a restart (same database, new process state)', async () => {
    const testDb = await createTestDatabase();
    try {
      const u = uniqueUser();
      const first = await getTestServer({ testDb });
      expect((await first.app.inject({ method: 'POST', url: '/api/auth/signup', payload: u })).statusCode).toBe(201);
      await first.close();

      const second = await getTestServer({ testDb });
      try {
        const cookie = await signIn(second.app, u.email, u.password);
        const profile = await second.app.inject({ url: '/api/profile', headers: { cookie } });
        expect(profile.json()).toMatchObject({ username: u.username, email: u.email });
      } finally {
        await second.close();
      }
    } finally {
      await testDb.drop();
    }
  });
});
