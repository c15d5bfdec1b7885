import type { ReactNode } from 'react';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@parley/common';
import { RealtimeClient, RealtimeProvider } from '../../lib/realtime.ts';
import { TYPING_SHOWN_MS, useTyping } from './useTyping.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function setup() {
  const client = new RealtimeClient({ url: 'ws://test/api/realtime' });
  const sent = vi.spyOn(client, 'send').mockImplementation(() => {});
  const wrapper = ({ children }: { children: ReactNode }) => <RealtimeProvider client={client}>{children}</RealtimeProvider>;
  const hook = renderHook(() => useTyping('r1', 'me'), { wrapper });
  const typing = (userId: string, roomId = 'r1') => act(() => client.emit({ v: 1, type: 'typing', roomId, userId }));
  return { client, sent, hook, typing };
}

describe('useTyping', () => {
  it("lists who else is typing in this room, in the order they started, and not us or other rooms", () => {
    const { hook, typing } = setup();
    typing('ana');
    typing('li');
    typing('me');
    typing('marc', 'r2');
    typing('ana');
    expect(hook.result.current.typingIds).toEqual(['ana', 'li']);
  });

  it('drops a writer when their message arrives, and after a silence', () => {
    vi.useFakeTimers();
    const { client, hook, typing } = setup();
    typing('ana');
    typing('li');
    act(() => client.emit({ v: 1, type: 'message.created', message: { chat_room_id: 'r1', sender_id: 'ana' } as ChatMessage }));
    expect(hook.result.current.typingIds).toEqual(['li']);
    act(() => vi.advanceTimersByTime(TYPING_SHOWN_MS + 100));
    expect(hook.result.current.typingIds).toEqual([]);
  });

  it('says we are typing at most once every few seconds', () => {
    vi.useFakeTimers();
    const { sent, hook } = setup();
    act(() => {
      hook.result.current.typed();
      hook.result.current.typed();
    });
    expect(sent).toHaveBeenCalledTimes(1);
    expect(sent).toHaveBeenCalledWith({ type: 'typing', roomId: 'r1' });
    act(() => vi.advanceTimersByTime(3_100));
    act(() => hook.result.current.typed());
    expect(sent).toHaveBeenCalledTimes(2);
  });
});
