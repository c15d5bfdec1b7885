import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@parley/common';
import { I18nProvider } from '../../lib/i18n.tsx';
import { ConversationToolsContext, type ConversationTools } from './conversationTools.ts';
import { MessageList } from './MessageList.tsx';

/** A message of bruno's in Spanish, read in English; and one of mine. */
const received: ChatMessage = {
  id: '10', chat_room_id: 'room', sender_id: 'bruno', client_id: 'c-00000010', content: '¿Dónde está la estación?', original_language: 'es',
  translated_content: 'Where is the station?', target_language: 'en', translation_status: 'done', translation_error: null, unknown_spans: null,
  created_at: new Date().toISOString(),
};
const own: ChatMessage = { ...received, id: '11', sender_id: 'me', client_id: 'c-00000011', content: 'At the corner', original_language: 'en', translated_content: 'En la esquina', target_language: 'es' };

function show(tools: Partial<ConversationTools> = {}, language: 'en' | 'ar' = 'en') {
  const value: ConversationTools = {
    roomId: 'room', myId: 'me', partnerName: 'bruno', onCorrect: vi.fn(), onReport: vi.fn(), onReply: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn(), onReact: vi.fn(), ...tools,
  };
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider initialLanguage={language}>
        <ConversationToolsContext.Provider value={value}>
          <MessageList messages={[received, own]} myId="me" loading={false} online />
        </ConversationToolsContext.Provider>
      </I18nProvider>
    </QueryClientProvider>,
  );
  const bubbles = () => {
    const [theirs, mine] = screen.getAllByTestId('message');
    return { value, theirs: theirs!, mine: mine! };
  };
  return language === 'en' ? bubbles() : { value, theirs: undefined as unknown as HTMLElement, mine: undefined as unknown as HTMLElement };
}
const openMenu = (bubble: HTMLElement) => fireEvent.keyDown(within(bubble).getByTestId('message-menu'), { key: 'Enter' });
const texts = (bubble: HTMLElement) => [...within(bubble).getByTestId('message-text').children].map((el) => (el as HTMLElement).dataset.testid).filter((id) => id === 'message-original' || id === 'message-translation');

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} disconnect() {} });
  Element.prototype.scrollTo = () => {};
});
afterEach(() => {
  cleanup();
  Reflect.deleteProperty(Element.prototype, 'scrollTo');
  vi.unstubAllGlobals();
});

describe('a bubble\'s text', () => {
  it('reads original first by default (the spec\'s layout)', () => {
    const { theirs } = show();
    expect(texts(theirs)).toEqual(['message-original', 'message-translation']);
    expect(within(theirs).queryByTestId('show-original')).toBeNull();
  });

  it('reads the translation first with "Show my language first", the original one tap away; my own messages as written', () => {
    const { theirs, mine } = show({ translationFirst: true });
    expect(texts(theirs)).toEqual(['message-translation']);
    expect(within(theirs).getByTestId('message-translation').textContent).toBe('Where is the station?');
    fireEvent.click(within(theirs).getByTestId('show-original'));
    expect(texts(theirs)).toEqual(['message-translation', 'message-original']);
    expect(within(theirs).getByTestId('show-original').textContent).toBe('Hide original');
    expect(texts(mine)).toEqual(['message-original', 'message-translation']);
  });
});

describe('a bubble\'s actions', () => {
  it('on my own message: Edit is the visible action, named; the rest in the menu', async () => {
    const { mine, value } = show();
    const actions = within(mine).getByTestId('message-actions');
    const buttons = within(actions).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['Edit', 'Message actions']);
    fireEvent.click(within(mine).getByTestId('edit-message'));
    expect(value.onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: '11' }));
    openMenu(mine);
    const menu = await screen.findByTestId('message-menu-content');
    for (const id of ['reply-action', 'edit-action', 'delete-action', 'menu-speak-original', 'menu-speak-translation', 'toggle-translation', 'correct-translation']) {
      expect(within(menu).getByTestId(id), id).toBeTruthy();
    }
    expect(within(menu).queryByTestId('report-message')).toBeNull();
  });

  it('on a received message: Listen in the reader\'s language and the menu, each named; Report and Correct in the menu', async () => {
    const { theirs, value } = show();
    const buttons = within(within(theirs).getByTestId('message-actions')).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['Listen', 'Message actions']);
    expect(within(theirs).getByTestId('speak-translation')).toBeTruthy();
    openMenu(theirs);
    const menu = await screen.findByTestId('message-menu-content');
    expect(within(menu).queryByTestId('edit-action')).toBeNull();
    expect(within(menu).getByTestId('menu-speak-original').textContent).toContain('Listen to the original');
    fireEvent.click(within(menu).getByTestId('report-message'));
    expect(value.onReport).toHaveBeenCalledWith(expect.objectContaining({ id: '10' }));
  });

  it('names its actions in the reader\'s language (Arabic)', async () => {
    show({}, 'ar');
    const [, mine] = await screen.findAllByTestId('message');
    const label = within(mine!).getByTestId('edit-message');
    expect(label.getAttribute('aria-label')).not.toBe('Edit');
    expect(label.getAttribute('aria-label')?.length).toBeGreaterThan(0);
  });
});
