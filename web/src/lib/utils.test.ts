import { describe, expect, it } from 'vitest';
import { initials } from './utils.ts';

describe('initials', () => {
  it('takes at most two letters from the username', () => {
    expect(initials('ana')).toBe('A');
    expect(initials('ana maria lopez')).toBe('AM');
    expect(initials('bruno_silva')).toBe('BS');
    expect(initials('josé.álvarez-ruiz')).toBe('JÁ');
    expect(initials('  zoë  ')).toBe('Z');
  });

  it('never returns more than two characters or an empty string', () => {
    for (const name of ['a b c d', 'x', '___', '', null, undefined, '名前 テスト']) {
      const result = initials(name);
      expect([...result].length).toBeGreaterThanOrEqual(1);
      expect([...result].length).toBeLessThanOrEqual(2);
    }
    expect(initials('___')).toBe('?');
  });
});
