import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeviceSession } from '@parley/common';
import { I18nProvider } from '../../lib/i18n.tsx';
import { SecuritySection } from './SecuritySection.tsx';

const devices: DeviceSession[] = [
  { id: 'a'.repeat(24), browser: 'Chrome', os: 'Linux', createdAt: '2026-01-01T00:00:00Z', lastSeenAt: '2026-01-02T00:00:00Z', current: true },
  { id: 'b'.repeat(24), browser: 'Safari', os: 'iOS', createdAt: '2026-01-01T00:00:00Z', lastSeenAt: '2026-01-01T12:00:00Z', current: false },
];

function renderWithServer() {
  const calls: { method: string; url: string }[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
    calls.push({ method: init.method ?? 'GET', url });
    if (url === '/api/account/sessions' && (init.method ?? 'GET') === 'GET') return new Response(JSON.stringify(devices), { status: 200 });
    return new Response(null, { status: 204 });
  }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider initialLanguage="en"><SecuritySection /></I18nProvider>
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SecuritySection', () => {
  it('lists the devices with this one marked, and signs out another one by its id', async () => {
    const calls = renderWithServer();
    expect(await screen.findByText('Chrome on Linux')).toBeTruthy();
    expect(screen.getByText('This device')).toBeTruthy();
    expect(screen.getByText('Safari on iOS')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'DELETE', url: `/api/account/sessions/${'b'.repeat(24)}` }));
    fireEvent.click(screen.getByTestId('sign-out-others'));
    await waitFor(() => expect(calls).toContainEqual({ method: 'POST', url: '/api/account/sessions/sign-out-others' }));
  });
});
