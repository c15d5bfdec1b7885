import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrations } from '../src/db/migrations/index.ts';
import { createTestDatabase } from '../test/helpers.ts';

/**
 * Several nodes starting at once on a fresh database: Kysely's migrator takes a PostgreSQL
 * advisory lock (pg_advisory_lock), so one applies the migrations and the others wait, then
 * find nothing left to do.
 */
describe('migrations on several nodes at once', () => {
  it('four nodes starting together leave one complete history, applied once', async () => {
    const testDb = await createTestDatabase('postgres', { fresh: true });
    try {
      const handles = await Promise.all(Array.from({ length: 4 }, () => testDb.open()));
      const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(handles[0]!.db);
      expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
      await Promise.all(handles.map((h) => h.close()));
    } finally {
      await testDb.drop();
    }
  });
});
