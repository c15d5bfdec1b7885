import { describe, expect, it } from 'vitest';
import { together } from './payload.ts';

describe('together (one read per message and language for the deliveries of a fan-out)', () => {
  it('concurrent reads of one key share one read; a read after it answered reads again', async () => {
    let reads = 0;
    const read = async () => {
      reads += 1;
      await new Promise((r) => setImmediate(r));
      return { n: reads };
    };
    const [a, b, c] = await Promise.all([together('m:1:es', read), together('m:1:es', read), together('m:1:fr', read)]);
    expect(reads).toBe(2);
    expect(a).toBe(b);
    expect(c).not.toBe(a);
    await together('m:1:es', read);
    expect(reads).toBe(3);
  });

  it('a failed read fails its waiters and is not kept', async () => {
    let reads = 0;
    const failing = async () => {
      reads += 1;
      throw new Error('gone');
    };
    await expect(Promise.all([together('m:2:es', failing), together('m:2:es', failing)])).rejects.toThrow('gone');
    expect(reads).toBe(1);
    await expect(together('m:2:es', async () => 'back')).resolves.toBe('back');
  });
});
