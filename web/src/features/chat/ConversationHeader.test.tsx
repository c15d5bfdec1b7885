import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n.tsx';
import { ConversationHeader } from './ConversationHeader.tsx';
import { ConversationSlotsProvider } from './slots.tsx';
// The app's slots: the mute menu is push's, filled in by the shell.
import { CONVERSATION_SLOTS } from '../shell/conversationSlots.ts';

const ROOM = '22222222-2222-4222-8222-222222222222';

function setup(props: Partial<Parameters<typeof ConversationHeader>[0]> = {}, mutes: { roomId: string; until: string }[] = []) {
  vi.stubGlobal('fetch', vi.fn(async (url: string) =>
    url.startsWith('/api/push/settings') ? Response.json({ hideText: false, mutes }) : new Response(null, { status: 404 })));
  const handlers = { onBack: vi.fn(), onJoin: vi.fn(), onContext: vi.fn(), onGlossary: vi.fn(), onSearch: vi.fn() };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider initialLanguage="en">
        <ConversationSlotsProvider value={CONVERSATION_SLOTS}>
          <ConversationHeader
            name="claire" partnerLanguageName="French" connection="connected" link="online" contextLabel={null} roomId={ROOM}
            {...handlers} {...props}
          />
        </ConversationSlotsProvider>
      </I18nProvider>
    </QueryClientProvider>,
  );
  return handlers;
}

const open = (testId: string) => fireEvent.keyDown(screen.getByTestId(testId), { key: 'Enter' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ConversationHeader', () => {
  it("puts the partner's name before every action, and the phone's actions in the pair's ⋮ menu", async () => {
    const handlers = setup({ partner: { id: '11111111-1111-4111-8111-111111111111', username: 'claire' } });
    const header = screen.getByTestId('conversation-header');
    const name = screen.getByTestId('conversation-partner');
    expect(name.textContent).toBe('claire');
    // The name comes before every button but Back in the reading order.
    const buttons = within(header).getAllByRole('button');
    expect(buttons.findIndex((b) => b.compareDocumentPosition(name) & Node.DOCUMENT_POSITION_PRECEDING)).toBeGreaterThan(0);
    // Below 640 px the wide-only buttons are hidden by CSS; the same actions are items of the ⋮ menu.
    expect(screen.getByTestId('glossary-button').className).toMatch(/(^| )hidden .*sm:inline-flex/);
    open('conversation-safety-menu');
    const menu = await screen.findByRole('menu');
    for (const id of ['menu-search', 'menu-context', 'menu-glossary', 'menu-mute', 'safety-block', 'safety-report']) {
      expect(within(menu).getByTestId(id), id).toBeTruthy();
    }
    expect(within(menu).getByTestId('menu-search').textContent).toContain('Search in this conversation');
    fireEvent.click(within(menu).getByTestId('menu-glossary'));
    expect(handlers.onGlossary).toHaveBeenCalled();
  });

  it("gives a group's name the room (no ⋮ from 640 px), its info in the menu, and marks a muted conversation", async () => {
    const onInfo = vi.fn();
    setup({ name: 'Trip to Lisbon in May', group: { initials: 'TL', memberCount: 3, onInfo } }, [{ roomId: ROOM, until: '9999-12-31T00:00:00.000Z' }]);
    expect(screen.getByTestId('conversation-partner').textContent).toBe('Trip to Lisbon in May');
    expect(screen.getByTestId('group-member-count').textContent).toBe('3 members');
    expect(screen.getByTestId('header-menu').className).toContain('sm:hidden');
    expect((await screen.findByTestId('header-muted')).getAttribute('aria-label')).toBe('Muted');
    open('header-menu');
    fireEvent.click(await screen.findByTestId('menu-group-info'));
    expect(onInfo).toHaveBeenCalled();
  });

  it('speaks the reader’s language: the menu is labelled in German', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ hideText: false, mutes: [] })));
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <I18nProvider initialLanguage="de">
          <ConversationHeader name="claire" partnerLanguageName="Französisch" connection="connected" link="online" contextLabel={null}
            onBack={vi.fn()} onJoin={vi.fn()} onContext={vi.fn()} group={{ initials: 'T', memberCount: 2, onInfo: vi.fn() }} />
        </I18nProvider>
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('header-menu')).getAttribute('aria-label')).toBe('Weitere Aktionen');
  });

  it('lays its menu out right to left in Arabic', async () => {
    document.documentElement.dir = 'rtl';
    try {
      setup({ group: { initials: 'T', memberCount: 2, onInfo: vi.fn() } });
      open('header-menu');
      expect((await screen.findByRole('menu')).getAttribute('dir')).toBe('rtl');
    } finally {
      document.documentElement.dir = '';
    }
  });
});
