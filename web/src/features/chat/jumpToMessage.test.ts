import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@parley/common';
import { ApiError } from '../../lib/api.ts';
import { HIGHLIGHT_MS, loadAround, showMessage } from './jumpToMessage.ts';

const message = (id: number) => ({ id: String(id), content: `m${id}` }) as ChatMessage;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => message(from + i));

describe('loadAround', () => {
  it('takes the page around the message and follows with pages after it while they come full', async () => {
    const api = {
      around: vi.fn().mockResolvedValue(range(75, 124)),
      messages: vi.fn().mockResolvedValueOnce(range(125, 624)).mockResolvedValueOnce(range(625, 700)),
    };
    const held = await loadAround('room', '100', api);
    expect(held?.map((m) => m.id)).toEqual(range(75, 700).map((m) => m.id));
    expect(api.messages.mock.calls.map((c) => c[1])).toEqual(['124', '624']);
  });

  it('stops at the page around the message when it reaches the latest', async () => {
    const api = { around: vi.fn().mockResolvedValue(range(90, 110)), messages: vi.fn() };
    expect((await loadAround('room', '100', api))?.length).toBe(21);
    expect(api.messages).not.toHaveBeenCalled();
  });

  it('answers null for a message the reader cannot see', async () => {
    const api = { around: vi.fn().mockRejectedValue(new ApiError(404, 'message_not_found', 'Message not found')), messages: vi.fn() };
    expect(await loadAround('room', '100', api)).toBeNull();
  });
});

describe('showMessage', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.useRealTimers();
  });

  it('scrolls the message into view and highlights it for a moment', () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<ol data-testid="message-list"><li data-message-id="7">hi</li></ol>';
    const item = document.querySelector<HTMLElement>('[data-message-id="7"]')!;
    item.scrollIntoView = vi.fn();
    expect(showMessage('7')).toBe(true);
    expect(item.scrollIntoView).toHaveBeenCalledWith({ block: 'center' });
    expect(item.dataset.highlighted).toBe('true');
    vi.advanceTimersByTime(HIGHLIGHT_MS);
    expect(item.dataset.highlighted).toBeUndefined();
    expect(showMessage('8')).toBe(false);
  });
});
