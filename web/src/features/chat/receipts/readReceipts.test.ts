import { describe, expect, it } from 'vitest';
import type { ViewMessage } from '../messages.ts';
import { applyRead, seenMarker } from './readReceipts.ts';

const msg = (id: string, sender: string, extra: Partial<ViewMessage> = {}) => ({ id, sender_id: sender, ...extra }) as ViewMessage;

describe('seenMarker', () => {
  const messages = [msg('8', 'me'), msg('9', 'bo'), msg('10', 'me'), msg('11', 'me'), msg('local:x', 'me', { local: true })];

  it('marks my latest message the partner has read', () => {
    expect(seenMarker(messages, 'me', [{ userId: 'bo', lastReadMessageId: '10' }])).toEqual({ messageId: '10', readerIds: ['bo'] });
    expect(seenMarker(messages, 'me', [{ userId: 'bo', lastReadMessageId: '11' }])).toEqual({ messageId: '11', readerIds: ['bo'] });
    expect(seenMarker(messages, 'me', [{ userId: 'bo', lastReadMessageId: '7' }])).toBeNull();
    expect(seenMarker(messages, 'me', [])).toBeNull();
  });

  it("counts a group's readers of that message (ids compared as numbers)", () => {
    const marks = [{ userId: 'bo', lastReadMessageId: '11' }, { userId: 'cy', lastReadMessageId: '100' }, { userId: 'dee', lastReadMessageId: '10' }];
    expect(seenMarker(messages, 'me', marks)).toEqual({ messageId: '11', readerIds: ['bo', 'cy'] });
  });
});

describe('applyRead', () => {
  it('adds a mark and only moves it forward', () => {
    const one = applyRead([], { userId: 'bo', lastReadMessageId: '9' });
    expect(one).toEqual([{ userId: 'bo', lastReadMessageId: '9' }]);
    expect(applyRead(one, { userId: 'bo', lastReadMessageId: '8' })).toBe(one);
    expect(applyRead(one, { userId: 'bo', lastReadMessageId: '10' })).toEqual([{ userId: 'bo', lastReadMessageId: '10' }]);
  });
});
