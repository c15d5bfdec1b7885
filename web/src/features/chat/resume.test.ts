import { describe, expect, it, vi } from 'vitest';
import { LIMITS, type ChatMessage } from '@parley/common';
import { fetchMissed, ResumeMark } from './resume.ts';

const row = (id: number): ChatMessage => ({
  id: String(id), chat_room_id: 'r', sender_id: 'p', client_id: `client-${id}`, content: `m${id}`, original_language: 'en',
  translated_content: null, target_language: 'en', translation_status: 'not_needed', translation_error: null, unknown_spans: null,
  created_at: new Date().toISOString(),
});

describe('ResumeMark', () => {
  it('moves to the newest id received (numeric order), never back', () => {
    const mark = new ResumeMark();
    expect(mark.current).toBeUndefined();
    mark.received([row(9), row(10), row(2)]);
    expect(mark.current).toBe('10');
    mark.received([row(3)]);
    expect(mark.current).toBe('10');
  });

  it('takes an offline copy only up to the mark it was saved with', () => {
    const mark = new ResumeMark();
    mark.receivedHistory({ messages: [row(1), row(2), row(7)], resumeMark: '2' });
    expect(mark.current).toBe('2');
    const empty = new ResumeMark();
    empty.receivedHistory({ messages: [row(7)], resumeMark: null });
    expect(empty.current).toBeUndefined();
  });
});

describe('fetchMissed', () => {
  it('loads the history without a mark, resumes with one, and pages on while pages come full', async () => {
    const full = Array.from({ length: LIMITS.messagesPage }, (_, i) => row(101 + i));
    const api = {
      messages: vi.fn(async (_room: string, after?: string) => (after === undefined ? [row(1)] : [row(Number(after) + 1)])),
      resume: vi.fn(async () => full),
    };
    expect((await fetchMissed('r', undefined, api)).map((m) => m.id)).toEqual(['1']);
    const missed = await fetchMissed('r', '100', api);
    expect(api.resume).toHaveBeenCalledWith('r', '100');
    expect(api.messages).toHaveBeenLastCalledWith('r', String(100 + LIMITS.messagesPage));
    expect(missed).toHaveLength(LIMITS.messagesPage + 1);
  });
});
