import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n.tsx';
import { BlockNotice, useBlockedIds } from './BlockNotice.tsx';

const claire = { id: '33333333-3333-4333-8333-333333333333', username: 'claire' };

function Blocker() {
  const blocked = useBlockedIds();
  return blocked.has(claire.id) ? <BlockNotice partner={claire} kind="blocked" /> : <p data-testid="composer">composer</p>;
}

function withServer(ui: React.ReactNode, language: 'en' | 'es' = 'en') {
  const calls: string[] = [];
  let blocked = [{ ...claire, blockedAt: '2026-01-01T00:00:00Z' }];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
    calls.push(`${init.method ?? 'GET'} ${url}`);
    if (url === '/api/blocks') return Response.json({ users: blocked });
    if (url === `/api/blocks/${claire.id}`) {
      blocked = [];
      return Response.json({ removed: true });
    }
    return new Response(null, { status: 404 });
  }));
  render(<QueryClientProvider client={new QueryClient()}><I18nProvider initialLanguage={language}>{ui}</I18nProvider></QueryClientProvider>);
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('BlockNotice', () => {
  it('tells the blocker "You blocked claire · Unblock" instead of the composer, and Unblock gives the composer back', async () => {
    const calls = withServer(<Blocker />);
    const notice = await screen.findByTestId('blocked-notice');
    expect(notice.textContent).toContain('You blocked claire');
    expect(screen.queryByTestId('composer')).toBeNull();
    fireEvent.click(screen.getByTestId('blocked-unblock'));
    await waitFor(() => expect(calls).toContain(`DELETE /api/blocks/${claire.id}`));
    expect(await screen.findByTestId('composer')).toBeTruthy();
  });

  it('tells the blocked person plainly, in their language, that they can\'t message claire', async () => {
    withServer(<BlockNotice partner={claire} kind="refused" />, 'es');
    expect((await screen.findByTestId('cannot-message-notice')).textContent).toContain('No puedes escribir a claire');
    expect(screen.queryByTestId('blocked-unblock')).toBeNull();
  });
});
