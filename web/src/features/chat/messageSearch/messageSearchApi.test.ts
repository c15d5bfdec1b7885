import { describe, expect, it } from 'vitest';
import { excerpt, highlightParts, hitLines } from './messageSearchApi.ts';

describe('highlightParts', () => {
  it('cuts the text at the highlights', () => {
    expect(highlightParts('¿Dónde está la estación?', [{ start: 1, end: 6 }, { start: 15, end: 23 }])).toEqual([
      { text: '¿', marked: false }, { text: 'Dónde', marked: true }, { text: ' está la ', marked: false },
      { text: 'estación', marked: true }, { text: '?', marked: false },
    ]);
    expect(highlightParts('plain', [])).toEqual([{ text: 'plain', marked: false }]);
    // Spans out of range or overlapping are ignored, never thrown on.
    expect(highlightParts('abc', [{ start: 2, end: 9 }, { start: 0, end: 1 }])).toEqual([{ text: 'a', marked: true }, { text: 'bc', marked: false }]);
  });
});

describe('excerpt', () => {
  it('starts a long text shortly before its first match', () => {
    const text = `${'x'.repeat(200)} match ${'y'.repeat(100)}`;
    const cut = excerpt(text, [{ start: 201, end: 206 }]);
    expect(cut.text.startsWith('…')).toBe(true);
    expect(cut.text.slice(cut.spans[0]!.start, cut.spans[0]!.end)).toBe('match');
    expect(excerpt('short match', [{ start: 6, end: 11 }]).text).toBe('short match');
  });
});

describe('hitLines', () => {
  const hit = {
    id: '1', roomId: 'r', roomKind: 'direct' as const, roomName: 'ana', senderId: 'a', senderName: 'ana', mine: false,
    text: 'Where is the station?', highlights: [{ start: 13, end: 20 }], textIs: 'original' as const, other: '¿Dónde está la estación?', created_at: '2026-01-01T00:00:00Z',
  };
  it('shows the matched text as it is by default', () => {
    expect(hitLines(hit, false)).toEqual({ main: { text: 'Where is the station?', spans: [{ start: 13, end: 20 }] }, below: null });
  });
  it('shows the translation first, the matched original below, for a reader who reads their language first', () => {
    expect(hitLines(hit, true)).toEqual({ main: { text: '¿Dónde está la estación?', spans: [] }, below: { text: 'Where is the station?', spans: [{ start: 13, end: 20 }] } });
    // A hit already in the translation, one's own message, or one with no translation: as it is.
    expect(hitLines({ ...hit, textIs: 'translation' }, true).below).toBeNull();
    expect(hitLines({ ...hit, mine: true }, true).below).toBeNull();
    expect(hitLines({ ...hit, other: null }, true).below).toBeNull();
  });
});
