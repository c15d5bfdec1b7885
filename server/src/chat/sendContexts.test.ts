import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/connect.ts';

/** The database's answer, released by the test: a read that is still in flight when a change happens. */
const pending: { resolve: (members: string[]) => void }[] = [];
vi.mock('./messageSender.ts', () => ({
  sendContext: () => new Promise((resolve) => pending.push({ resolve: (members) => resolve({ readers: members.map((id) => ({ id, language: 'en' })) }) })),
}));

const { SendContexts } = await import('./sendContexts.ts');

describe('SendContexts', () => {
  it('does not keep a context read before a change (it could still name a member removed meanwhile)', async () => {
    const contexts = new SendContexts({} as Db);
    const before = contexts.get('room', 'ana');
    contexts.changed(); // Bo is removed while the read is in flight
    pending.shift()!.resolve(['ana', 'bo']);
    expect((await before).readers.map((r) => r.id)).toEqual(['ana', 'bo']);

    const next = contexts.get('room', 'ana');
    expect(pending).toHaveLength(1); // asked the database again, not served the old answer
    pending.shift()!.resolve(['ana']);
    expect((await next).readers.map((r) => r.id)).toEqual(['ana']);
    // A read with no change during it is kept.
    expect((await contexts.get('room', 'ana')).readers.map((r) => r.id)).toEqual(['ana']);
    expect(pending).toHaveLength(0);
  });
});
