import { describe, expect, it } from 'vitest';
import { mentionAtCaret, mentionTokens } from './mentions.ts';

describe('mentionTokens', () => {
  it('finds @names at the start, after spaces and punctuation, without a sentence\'s last dot', () => {
    expect(mentionTokens('@ana can you ask (@li_wei) and @bruno.silva? Thanks @carl.').map((t) => t.name))
      .toEqual(['ana', 'li_wei', 'bruno.silva', 'carl']);
  });

  it('leaves out addresses, paths, code and a lone @', () => {
    expect(mentionTokens('mail ana@example.org or see https://x.org/@ana, run `@ana` here\n```\n@li\n```\n @ alone')).toEqual([]);
  });

  it('gives where each token starts and ends', () => {
    const text = 'hi @ana!';
    const [t] = mentionTokens(text);
    expect(text.slice(t!.start, t!.end)).toBe('@ana');
  });

  it('reads names in any script', () => {
    expect(mentionTokens('@José y @李伟').map((t) => t.name)).toEqual(['José', '李伟']);
  });
});

describe('mentionAtCaret', () => {
  it('is the partial name right before the caret', () => {
    expect(mentionAtCaret('hello @an', 9)).toEqual({ start: 6, query: 'an' });
    expect(mentionAtCaret('@', 1)).toEqual({ start: 0, query: '' });
  });

  it('is null inside an address or after a space', () => {
    expect(mentionAtCaret('ana@exa', 7)).toBeNull();
    expect(mentionAtCaret('@ana and', 8)).toBeNull();
  });
});
