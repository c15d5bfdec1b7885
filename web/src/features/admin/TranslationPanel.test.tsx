import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TranslationConsole } from '@parley/common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n.tsx';
import { TranslationPanel } from './TranslationPanel.tsx';

const languages = ['en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'ru', 'zh', 'ja', 'ko', 'ar', 'hi', 'th', 'vi', 'tr', 'pl', 'sv', 'ro', 'uk'];
const row = (i: number, cell: string) => languages.map((_, j) => (i === j ? '=' : cell)).join('');

function view(order: string[], off: string[], budget = { charsPerMinute: 30_000, charsPerDay: 1_000_000 }): TranslationConsole {
  return {
    languages,
    engines: [
      ...order.map((id) => ({
        id, available: true, on: !off.includes(id), live: true, coverage: languages.map((_, i) => row(i, id === 'apertium' ? 'p' : 'h')),
        ...(id === 'deepl' ? { lastError: { code: 'rate_limited', message: 'Too many requests', at: '2026-11-27T10:00:00Z' } } : {}),
      })),
      { id: 'neural', available: false, reason: 'no translation model in MODELS_DIR', on: false, live: null, coverage: [] },
    ],
    served: languages.map((_, i) => row(i, 'd')),
    usage: [{ day: '2026-11-27', engine: 'apertium', chars: 1234, calls: 3 }],
    budget: { ...budget, defaults: { charsPerMinute: 30_000, charsPerDay: 1_000_000 } },
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TranslationPanel', () => {
  it('shows the engines in order with their state, and sends a new order, a switch and a budget', async () => {
    const sent: [string, unknown][] = [];
    let current = view(['apertium', 'deepl'], []);
    vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
      if (init.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { order?: string[]; off?: string[]; charsPerMinute?: number; charsPerDay?: number };
        sent.push([url, body]);
        current = body.order ? view(body.order, body.off ?? []) : view(['apertium', 'deepl'], [], { charsPerMinute: body.charsPerMinute!, charsPerDay: body.charsPerDay! });
      }
      return Response.json(current);
    }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(<QueryClientProvider client={client}><I18nProvider initialLanguage="en"><TranslationPanel /></I18nProvider></QueryClientProvider>);
    const rows = await screen.findAllByTestId('admin-engine');
    expect(rows.map((r) => r.dataset.engine)).toEqual(['apertium', 'deepl', 'neural']);
    expect(within(rows[0]!).getByTestId('admin-engine-status').textContent).toBe('Working');
    expect(within(rows[1]!).getByTestId('admin-engine-status').textContent).toBe('Failing');
    expect(rows[1]!.textContent).toContain('Too many requests');
    expect(within(rows[2]!).getByTestId('admin-engine-status').textContent).toBe('Not set up');
    expect((within(rows[2]!).getByTestId('admin-engine-on') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('admin-coverage').querySelectorAll('td[data-cell="d"]')).toHaveLength(380);
    expect(screen.getByTestId('admin-usage-row').textContent).toContain('1,234');

    fireEvent.click(within(rows[0]!).getByTestId('admin-engine-down'));
    await waitFor(() => expect(sent).toContainEqual(['/api/admin/translation/engines', { order: ['deepl', 'apertium'], off: [] }]));
    await waitFor(() => expect(screen.getAllByTestId('admin-engine')[0]!.dataset.engine).toBe('deepl'));
    fireEvent.click(within(screen.getAllByTestId('admin-engine')[0]!).getByTestId('admin-engine-on'));
    await waitFor(() => expect(sent).toContainEqual(['/api/admin/translation/engines', { order: ['deepl', 'apertium'], off: ['deepl'] }]));

    // The per-engine grid: Apertium's pivots.
    fireEvent.change(screen.getByTestId('admin-coverage-engine'), { target: { value: 'apertium' } });
    expect(screen.getByTestId('admin-coverage').querySelectorAll('td[data-cell="p"]')).toHaveLength(380);

    // A day budget below the minute's cannot be saved; a valid one is sent.
    fireEvent.change(screen.getByTestId('admin-budget-minute'), { target: { value: '500' } });
    fireEvent.change(screen.getByTestId('admin-budget-day'), { target: { value: '100' } });
    expect((screen.getByTestId('admin-budget-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('admin-budget-day'), { target: { value: '9000' } });
    fireEvent.click(screen.getByTestId('admin-budget-save'));
    await waitFor(() => expect(sent).toContainEqual(['/api/admin/translation/budget', { charsPerMinute: 500, charsPerDay: 9000 }]));
    await waitFor(() => expect((screen.getByTestId('admin-budget-minute') as HTMLInputElement).value).toBe('500'));
  });
});
