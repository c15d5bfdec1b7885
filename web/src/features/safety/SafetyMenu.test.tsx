import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n.tsx';
import { BlockedPeopleSection } from './BlockedPeopleSection.tsx';
import { ReportDialog } from './ReportDialog.tsx';
import { SafetyMenu } from './SafetyMenu.tsx';

const bo = { id: '11111111-1111-4111-8111-111111111111', username: 'bo' };

/** A fetch that records calls and answers like the server's /api/blocks and /api/reports. */
function withServer(ui: ReactNode) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  let blocked = [{ ...bo, blockedAt: '2026-01-01T00:00:00Z' }];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
    if (url === '/api/blocks' && method === 'GET') return Response.json({ users: blocked });
    if (url === '/api/blocks' && method === 'POST') return Response.json({ blocked: true, created: true });
    if (url === `/api/blocks/${bo.id}` && method === 'DELETE') {
      blocked = [];
      return Response.json({ removed: true });
    }
    if (url === '/api/reports') return Response.json({ report: { id: '1', createdAt: '2026-01-01T00:00:00Z' } }, { status: 201 });
    return new Response(null, { status: 404 });
  }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}><I18nProvider initialLanguage="en">{ui}</I18nProvider></QueryClientProvider>);
  return calls;
}

const openMenu = (place: string) => fireEvent.keyDown(screen.getByTestId(`${place}-safety-menu`), { key: 'Enter' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SafetyMenu', () => {
  it('blocks only after the confirmation', async () => {
    const calls = withServer(<SafetyMenu user={bo} place="conversation" />);
    openMenu('conversation');
    fireEvent.click(await screen.findByTestId('safety-block'));
    expect(await screen.findByText('Block bo?')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.click(screen.getByTestId('block-confirm'));
    await waitFor(() => expect(calls).toContainEqual({ method: 'POST', url: '/api/blocks', body: { userId: bo.id } }));
  });

  it('sends a report with its reason, and not without one', async () => {
    const calls = withServer(<SafetyMenu user={bo} place="search" />);
    openMenu('search');
    fireEvent.click(await screen.findByTestId('safety-report'));
    const send = await screen.findByTestId('report-send');
    expect((send as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('report-reason'), { target: { value: '  Spam links  ' } });
    fireEvent.click(send);
    await waitFor(() => expect(calls).toContainEqual({ method: 'POST', url: '/api/reports', body: { userId: bo.id, reason: 'Spam links' } }));
  });
});

describe('ReportDialog', () => {
  it('reports one message with the message id', async () => {
    const calls = withServer(<ReportDialog target={{ user: bo, messageId: '42' }} onClose={() => {}} />);
    expect(await screen.findByText('Report this message from bo')).toBeTruthy();
    fireEvent.change(screen.getByTestId('report-reason'), { target: { value: 'Threats' } });
    fireEvent.click(screen.getByTestId('report-send'));
    await waitFor(() => expect(calls).toContainEqual({ method: 'POST', url: '/api/reports', body: { userId: bo.id, reason: 'Threats', messageId: '42' } }));
  });
});

describe('BlockedPeopleSection', () => {
  it('lists the blocked people and unblocks one', async () => {
    const calls = withServer(<BlockedPeopleSection />);
    expect(await screen.findByText('bo')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Unblock' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'DELETE', url: `/api/blocks/${bo.id}`, body: undefined }));
    expect(await screen.findByText('You have not blocked anyone.')).toBeTruthy();
  });
});
