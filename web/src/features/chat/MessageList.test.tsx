import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@parley/common';
import { I18nProvider } from '../../lib/i18n.tsx';
import { MessageList } from './MessageList.tsx';

const at = (daysAgo: number, hour: number) => {
  const d = new Date();
  d.setDate(d.getDate() - daysAgo);
  d.setHours(hour, 0, 0, 0);
  return d.toISOString();
};
const message = (i: number, created_at: string): ChatMessage => ({
  id: String(i), chat_room_id: '11111111-1111-4111-8111-111111111111', sender_id: i % 2 ? 'me' : 'you', client_id: `c-0000000${i}`,
  content: `Message ${i}`, original_language: 'en', target_language: 'en', translated_content: null,
  translation_status: 'not_needed', translation_error: null, unknown_spans: null, created_at,
});
// Three messages the day before yesterday, three yesterday: 'Yesterday' and a separator before it.
const messages = [0, 1, 2].map((i) => message(i, at(2, 9 + i))).concat([3, 4, 5].map((i) => message(i, at(1, 9 + i))));

/** jsdom lays nothing out: each message is 100 px tall, the scroller's top edge at 0, moved by `scrolled`. */
let scrolled = 0;
beforeEach(() => {
  scrolled = 0;
  vi.stubGlobal('ResizeObserver', class { observe() {} disconnect() {} });
  Element.prototype.scrollTo = () => {}; // jsdom has none
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function rect(this: Element) {
    const items = Array.from(document.querySelectorAll('[data-testid="message"]'));
    const index = items.indexOf(this);
    const top = index >= 0 ? index * 100 - scrolled : 0;
    return DOMRect.fromRect({ x: 0, y: top, width: 300, height: index >= 0 ? 90 : 400 });
  });
});
afterEach(() => {
  cleanup();
  Reflect.deleteProperty(Element.prototype, 'scrollTo');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('MessageList days', () => {
  it('says the day of the messages at the top in a strip of its own, and marks each later change of day in the list', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nProvider initialLanguage="en">
          <MessageList messages={messages} myId="me" loading={false} online />
        </I18nProvider>
      </QueryClientProvider>,
    );
    const strip = screen.getByTestId('current-day');
    // The strip is outside the scroller: nothing scrolls under it.
    expect(screen.getByTestId('message-scroller').contains(strip)).toBe(false);
    expect(strip.textContent).not.toBe('Yesterday');
    const before = strip.textContent;
    expect(screen.getAllByTestId('day-separator').map((s) => s.textContent)).toEqual(['Yesterday']);

    // Scrolled so that message 3 (yesterday) is the first one showing: the strip follows.
    scrolled = 350;
    await act(async () => {
      screen.getByTestId('message-scroller').dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(strip.textContent).toBe('Yesterday');
    scrolled = 150;
    await act(async () => {
      screen.getByTestId('message-scroller').dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(strip.textContent).toBe(before);
  });
});
