import { describe, expect, it } from 'vitest';
import { StatementBatch } from './batch.ts';

describe('StatementBatch', () => {
  it('runs the items added in one turn together, and each caller gets its own result', async () => {
    const runs: number[][] = [];
    const batch = new StatementBatch(async (items: number[]) => {
      runs.push(items);
      return items.map((n) => n * 10);
    });
    const results = await Promise.all([1, 2, 3].map((n) => batch.add(n)));
    expect(results).toEqual([10, 20, 30]);
    expect(runs).toEqual([[1, 2, 3]]);
    expect(batch.stats).toEqual({ statements: 1, items: 3 });
  });

  it('items that arrive while a statement is on its way go next, together; at most maxItems a statement', async () => {
    const runs: number[][] = [];
    let release!: () => void;
    const first = new Promise<void>((r) => (release = r));
    const batch = new StatementBatch(async (items: number[]) => {
      runs.push(items);
      if (runs.length === 1) await first;
      return items;
    }, 2);
    const a = batch.add(1);
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    const rest = [2, 3, 4].map((n) => batch.add(n));
    release();
    expect(await Promise.all([a, ...rest])).toEqual([1, 2, 3, 4]);
    expect(runs).toEqual([[1], [2, 3], [4]]);
  });

  it('a batch refused as a whole is run again item by item: only the bad item fails', async () => {
    const batch = new StatementBatch(async (items: number[]) => {
      if (items.includes(13)) throw new Error('bad row 13');
      return items;
    });
    const results = await Promise.allSettled([12, 13, 14].map((n) => batch.add(n)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('bad row 13'));
  });
});
