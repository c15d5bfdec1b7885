import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminReport } from '@parley/common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n.tsx';
import { ReportsPanel } from './ReportsPanel.tsx';

const report: AdminReport = {
  id: '7', createdAt: '2026-01-01T00:00:00Z', reason: 'Spam de enlaces',
  reporter: { id: 'a', username: 'ana', email: 'ana@example.com' },
  reported: { id: 'b', username: 'bo', email: 'bo@example.com', disabled: false },
  messageId: '3', messageContent: 'buy now',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ReportsPanel', () => {
  it('shows an open report with its message, and dismisses or disables through the report\'s action', async () => {
    const calls: string[] = [];
    let open = [report];
    vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push(`${init.method ?? 'GET'} ${url}`);
      if (url === '/api/admin/reports') return Response.json({ reports: open });
      // The reason reads in the operator's language; the message was already in it.
      if (url === '/api/translate') {
        const { text } = JSON.parse(String(init.body)) as { text: string };
        return Response.json(text === 'Spam de enlaces'
          ? { translatedText: 'Link spam', engine: 'test', ok: true, kind: 'translated' }
          : { translatedText: text, engine: null, ok: true, kind: 'same_language' });
      }
      open = [];
      return Response.json({ resolved: true });
    }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const opened: string[] = [];
    render(<QueryClientProvider client={client}><I18nProvider initialLanguage="en"><ReportsPanel onOpenUser={(email) => opened.push(email)} /></I18nProvider></QueryClientProvider>);
    expect(await screen.findByText('ana (ana@example.com) reported bo (bo@example.com)')).toBeTruthy();
    expect(await screen.findByText('Link spam')).toBeTruthy();
    fireEvent.click(screen.getByText('Show the original'));
    expect(screen.getByTestId('admin-report-reason-original').textContent).toBe('OriginalSpam de enlaces');
    expect(screen.getByTestId('admin-report-message').textContent).toBe('buy now');
    fireEvent.click(screen.getByTestId('admin-report-open-user'));
    expect(opened).toEqual(['bo@example.com']);
    fireEvent.click(screen.getByTestId('admin-report-disable'));
    await waitFor(() => expect(calls).toContain('POST /api/admin/reports/7/disable'));
    expect(await screen.findByText('No open reports.')).toBeTruthy();
  });
});
