import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiTokenView } from '@parley/common';
import { I18nProvider } from '../../lib/i18n.tsx';
import { TokensSection } from './TokensSection.tsx';

const SECRET = `pat_${'x'.repeat(43)}`;

function renderWithServer(initial: ApiTokenView[]) {
  let tokens = [...initial];
  const calls: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/account/tokens' && method === 'GET') return new Response(JSON.stringify({ tokens }), { status: 200 });
    if (url === '/api/account/tokens' && method === 'POST') {
      const body = JSON.parse(String(init.body)) as { name: string; scopes: ApiTokenView['scopes'] };
      tokens = [{ id: 'new-id', name: body.name, scopes: body.scopes, createdAt: '2026-01-03T00:00:00Z', expiresAt: null, lastUsedAt: null }, ...tokens];
      return new Response(JSON.stringify({ id: 'new-id', token: SECRET }), { status: 201 });
    }
    if (method === 'DELETE') {
      tokens = tokens.filter((t) => !url.endsWith(t.id));
      return new Response(null, { status: 204 });
    }
    return new Response(null, { status: 404 });
  }));
  const writeText = vi.fn(async () => undefined);
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider initialLanguage="en"><TokensSection /></I18nProvider>
    </QueryClientProvider>,
  );
  return { calls, writeText };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const existing: ApiTokenView = { id: 'old-id', name: 'nightly build', scopes: ['read'], createdAt: '2026-01-01T00:00:00Z', expiresAt: null, lastUsedAt: null };

describe('TokensSection', () => {
  it('lists tokens without secrets, creates one with its name, expiry and access, and shows the secret once with a copy button', async () => {
    const { calls, writeText } = renderWithServer([existing]);
    expect(await screen.findByText('nightly build')).toBeTruthy();
    expect(screen.getByText(/Does not expire/)).toBeTruthy();
    expect(screen.getByText(/Never used/)).toBeTruthy();

    // Nothing is sent without a name.
    fireEvent.click(screen.getByTestId('token-create'));
    expect(await screen.findByText('Give the token a name.')).toBeTruthy();

    fireEvent.change(screen.getByTestId('token-name'), { target: { value: 'deploy' } });
    fireEvent.change(screen.getByTestId('token-expiry'), { target: { value: '90' } });
    fireEvent.click(screen.getByTestId('token-scope-write'));
    fireEvent.click(screen.getByTestId('token-create'));
    await waitFor(() => expect(calls).toContainEqual({ method: 'POST', url: '/api/account/tokens', body: { name: 'deploy', scopes: ['read', 'write'], expiresInDays: 90 } }));

    const dialog = await screen.findByTestId('new-token-dialog');
    expect(within(dialog).getByTestId('new-token-value').textContent).toBe(SECRET);
    expect(within(dialog).getByText('Copy it now. It will not be shown again.')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('new-token-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    expect(await within(dialog).findByText('Copied')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('new-token-done'));
    await waitFor(() => expect(screen.queryByTestId('new-token-dialog')).toBeNull());
    // Gone for good: the list never shows it.
    expect(await screen.findByText('deploy')).toBeTruthy();
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('revokes only after the confirmation', async () => {
    const { calls } = renderWithServer([existing]);
    await screen.findByText('nightly build');
    fireEvent.click(screen.getByTestId('token-revoke'));
    const dialog = await screen.findByTestId('revoke-token-dialog');
    expect(within(dialog).getByText('Revoke "nightly build"? Anything that uses it will stop working.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByTestId('revoke-token-dialog-confirm'));
    await waitFor(() => expect(calls).toContainEqual({ method: 'DELETE', url: '/api/account/tokens/old-id', body: undefined }));
    await waitFor(() => expect(screen.queryByText('nightly build')).toBeNull());
    expect(await screen.findByText('No tokens yet.')).toBeTruthy();
  });
});
