import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../../lib/i18n.tsx';
import { Composer } from '../Composer.tsx';
import { MessageMarkdown } from '../MessageMarkdown.tsx';
import { MentionNamesContext } from './MentionText.tsx';
import { MessageSearch } from '../messageSearch/MessageSearch.tsx';

vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), info: vi.fn() }) }));
afterEach(cleanup);

const people = [{ id: 'u-bruno', username: 'bruno' }, { id: 'u-bea', username: 'Beatriz' }, { id: 'u-carl', username: 'carl' }, { id: 'all', username: 'all' }];

function composer() {
  const onSend = vi.fn(async (_content: string) => undefined);
  render(
    <I18nProvider initialLanguage="en">
      <Composer targetLanguageName="Spanish" onSend={onSend} mentionables={people} />
    </I18nProvider>,
  );
  const input = screen.getByTestId('message-input') as HTMLTextAreaElement;
  const type = (value: string) => {
    input.setSelectionRange(0, 0);
    fireEvent.change(input, { target: { value, selectionStart: value.length, selectionEnd: value.length } });
  };
  return { onSend, input, type };
}

describe('the composer\'s @ suggestions', () => {
  it('lists the members whose name starts with what follows @, and Enter puts the name in (not the message out)', async () => {
    const { onSend, input, type } = composer();
    type('hi @b');
    const options = screen.getAllByTestId('mention-option');
    expect(options.map((o) => o.textContent)).toEqual(['Bbruno', 'BBeatriz']);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getAllByTestId('mention-option')[1]!.getAttribute('aria-selected')).toBe('true');
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect(input.value).toBe('hi @Beatriz ');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.queryByTestId('mention-suggestions')).toBeNull();
  });

  it('offers @all by its meaning, picks on touch, and Escape closes the list', async () => {
    const { input, type } = composer();
    type('@al');
    // "@all" is isolated left-to-right, so Arabic reads "(@all)", not "(all@)".
    expect(screen.getByTestId('mention-option').textContent).toContain('Everyone in the group (\u2066@all\u2069)');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByTestId('mention-suggestions')).toBeNull();
    type('ping @c');
    await act(async () => {
      fireEvent.pointerDown(screen.getByTestId('mention-option'));
    });
    expect(input.value).toBe('ping @carl ');
  });

  it('shows nothing for an address', () => {
    const { type } = composer();
    type('ana@b');
    expect(screen.queryByTestId('mention-suggestions')).toBeNull();
  });
});

describe('mentions in a message', () => {
  it('marks the resolved @names with the current name, the reader\'s own standing out; other @text stays text', () => {
    render(
      <MentionNamesContext.Provider value={{ myId: 'u-me', nameOf: (id) => ({ 'u-bruno': 'bruno_renamed', 'u-me': 'me' })[id] }}>
        <MessageMarkdown text="@bruno and @me, not @nobody" mine={false} mentions={[{ id: 'u-bruno', name: 'bruno' }, { id: 'u-me', name: 'me' }]} />
      </MentionNamesContext.Provider>,
    );
    const marks = screen.getAllByTestId('mention');
    expect(marks.map((m) => m.textContent)).toEqual(['@bruno_renamed', '@me']);
    expect(marks.map((m) => m.getAttribute('data-me'))).toEqual([null, 'true']);
    expect(document.body.textContent).toContain('not @nobody');
  });

  it('marks them inside markdown too', () => {
    render(<MessageMarkdown text="**urgent** @bruno" mine mentions={[{ id: 'u-bruno', name: 'bruno' }]} />);
    expect(screen.getByTestId('mention').textContent).toBe('@bruno');
  });

  it('reads a deleted account\'s mention as "@Deleted user", never the old name or an id', () => {
    render(
      <I18nProvider initialLanguage="en">
        <MessageMarkdown text="ask @bruno or @carl" mine={false} mentions={[{ id: 'deleted', name: 'bruno' }, { id: 'u-carl', name: 'carl' }]} />
      </I18nProvider>,
    );
    const marks = screen.getAllByTestId('mention');
    expect(marks.map((m) => [m.textContent, m.getAttribute('data-deleted')])).toEqual([['@Deleted user', 'true'], ['@carl', null]]);
    expect(document.body.textContent).toBe('ask @Deleted user or @carl');
  });
});

describe('mentions in search results', () => {
  it('draws a hit\'s @names as mentions beside the search marks', async () => {
    const hit = {
      id: '5', roomId: 'r1', roomKind: 'group' as const, roomName: 'Trip', senderId: 'u-ana', senderName: 'ana', mine: false,
      text: '@bruno the train leaves at nine', highlights: [{ start: 11, end: 16 }], textIs: 'original' as const, other: null,
      created_at: '2026-01-01T10:00:00Z', mentions: [{ id: 'u-bruno', name: 'bruno' }],
    };
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ results: [hit], nextCursor: null })));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <I18nProvider initialLanguage="en">
          <MessageSearch onPick={() => undefined} onClose={() => undefined} />
        </I18nProvider>
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'train' } });
    const text = await screen.findByTestId('message-search-text');
    expect(text.textContent).toBe('@bruno the train leaves at nine');
    expect(within(text).getByTestId('mention').textContent).toBe('@bruno');
    expect(text.querySelector('mark')?.textContent).toBe('train');
    vi.unstubAllGlobals();
  });
});
