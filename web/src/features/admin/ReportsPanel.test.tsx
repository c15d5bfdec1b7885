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
  messageId: '3', messageContent: 'buy now', file: null,
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

  it('shows a reported file (name, type, size) and links the kept copy as a download; a photo without a name is named by its kind', async () => {
    const withFile: AdminReport = { ...report, id: '8', file: { kind: 'file', name: 'Rechnung März.pdf', contentType: 'application/pdf', size: 2_400_000 } };
    const withPhoto: AdminReport = { ...report, id: '9', messageContent: '', file: { kind: 'photo', name: null, contentType: 'image/jpeg', size: 812 } };
    vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/admin/reports') return Response.json({ reports: [withFile, withPhoto] });
      const { text } = JSON.parse(String(init.body ?? '{}')) as { text?: string };
      return Response.json({ translatedText: text ?? '', engine: null, ok: true, kind: 'same_language' });
    }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(<QueryClientProvider client={client}><I18nProvider initialLanguage="en"><ReportsPanel /></I18nProvider></QueryClientProvider>);
    const files = await screen.findAllByTestId('admin-report-file');
    expect(files).toHaveLength(2);
    expect(screen.getAllByTestId('admin-report-file-name').map((e) => e.textContent)).toEqual(['Rechnung März.pdf', 'Photo']);
    expect(screen.getAllByTestId('admin-report-file-details').map((e) => e.textContent)).toEqual(['application/pdf · 2.4 MB', 'image/jpeg · 812B']);
    const links = screen.getAllByTestId('admin-report-file-download') as HTMLAnchorElement[];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/api/admin/reports/8/file', '/api/admin/reports/9/file']);
    expect(links[0]!.getAttribute('download')).toBe('Rechnung März.pdf');
    expect(links[0]!.getAttribute('aria-label')).toBe('Download Rechnung März.pdf');
    expect(files[0]!.textContent).toContain('Attachment kept with the report');
  });
});
