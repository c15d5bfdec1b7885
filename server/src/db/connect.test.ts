import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connectDb } from './connect.ts';

/** The embedded database's memory settings (figures and why in docs/PERFORMANCE.md). */
describe('PGlite', () => {
  it('runs with a 16 MB buffer pool and comes back migrated after the reopen that follows creating it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'parley-pglite-'));
    try {
      const handle = await connectDb({ pgliteDir: path.join(dir, 'pgdata'), reopenAfterCreate: true });
      try {
        const { rows } = await sql<{ shared_buffers: string }>`SHOW shared_buffers`.execute(handle.db);
        expect(rows[0]?.shared_buffers).toBe('16MB');
        const tables = await handle.db.introspection.getTables();
        expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['users', 'messages', 'sessions']));
      } finally {
        await handle.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
