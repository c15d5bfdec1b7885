import type { ReactNode } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TranslationPreview as Preview } from '@parley/common';
import { I18nProvider } from '../../lib/i18n.tsx';
import { TranslationPreview } from './TranslationPreview.tsx';
import { PREVIEW_HIDDEN_KEY } from './useTranslationPreview.ts';

const done = (content: string): Preview => ({
  status: 'done', translation: `ES:${content}`, backTranslation: `EN:${content}`, sourceLanguage: 'en', targetLanguage: 'es',
});

/** fetch answering each preview after `delayFor(content)` ms, recording the drafts asked about. */
function stubFetch(delayFor: (content: string) => number = () => 0) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
    const { content } = JSON.parse(String(init.body)) as { content: string };
    asked.push(content);
    await new Promise((r) => setTimeout(r, delayFor(content)));
    return new Response(JSON.stringify(done(content)), { status: 200, headers: { 'content-type': 'application/json' } });
  }));
  return asked;
}

let client: QueryClient;
function Wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <I18nProvider initialLanguage="en">{children}</I18nProvider>
    </QueryClientProvider>
  );
}
const ui = (draft: string) => <Wrapper><TranslationPreview roomId="r1" draft={draft} /></Wrapper>;

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TranslationPreview', () => {
  it('asks once after a typing pause and shows the translation and the back-translation', async () => {
    const asked = stubFetch();
    const { rerender } = render(ui(''));
    rerender(ui('Hel'));
    rerender(ui('Hello'));
    rerender(ui('Hello there'));
    expect((await screen.findByTestId('preview-translation', {}, { timeout: 3000 })).textContent).toBe('ES:Hello there');
    expect(screen.getByTestId('preview-back').textContent).toBe('EN:Hello there');
    expect(screen.getByText('In Spanish:', { exact: false })).toBeTruthy();
    expect(asked).toEqual(['Hello there']);
  });

  it('never shows an answer for an older draft as the current one', async () => {
    // The first draft's answer arrives after the second's.
    const asked = stubFetch((content) => (content === 'slow draft' ? 900 : 0));
    const { rerender } = render(ui(''));
    rerender(ui('slow draft'));
    await waitFor(() => expect(asked).toEqual(['slow draft']), { timeout: 3000 });
    rerender(ui('fast draft'));
    await waitFor(() => expect(screen.getByTestId('preview-translation').textContent).toBe('ES:fast draft'), { timeout: 3000 });
    await new Promise((r) => setTimeout(r, 1000));
    expect(screen.getByTestId('preview-translation').textContent).toBe('ES:fast draft');
    expect(screen.getByTestId('translation-preview').dataset.current).toBe('true');
  });

  it('answers a draft seen before from the cache, without a request', async () => {
    const asked = stubFetch();
    const { rerender } = render(ui('Good morning'));
    await screen.findByTestId('preview-translation', {}, { timeout: 3000 });
    rerender(ui('Good morning!'));
    await waitFor(() => expect(screen.getByTestId('preview-translation').textContent).toBe('ES:Good morning!'), { timeout: 3000 });
    rerender(ui('Good morning'));
    await waitFor(() => expect(screen.getByTestId('preview-translation').textContent).toBe('ES:Good morning'), { timeout: 3000 });
    expect(asked).toEqual(['Good morning', 'Good morning!']);
  });

  it('hides with one tap, remembers it, and asks nothing while hidden', async () => {
    const asked = stubFetch();
    render(ui('Hello'));
    await screen.findByTestId('preview-translation', {}, { timeout: 3000 });
    fireEvent.click(screen.getByRole('button', { name: 'Hide translation preview' }));
    expect(screen.queryByTestId('translation-preview')).toBeNull();
    expect(localStorage.getItem(PREVIEW_HIDDEN_KEY)).toBe('1');
    cleanup();

    render(ui('Another draft'));
    await new Promise((r) => setTimeout(r, 600));
    expect(screen.queryByTestId('translation-preview')).toBeNull();
    expect(asked).toEqual(['Hello']);
    fireEvent.click(screen.getByTestId('preview-show'));
    expect(localStorage.getItem(PREVIEW_HIDDEN_KEY)).toBeNull();
    expect((await screen.findByTestId('preview-translation', {}, { timeout: 3000 })).textContent).toBe('ES:Another draft');
  });

  it('shows nothing for an empty draft or when no translation is needed', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({
      status: 'not_needed', translation: null, backTranslation: null, sourceLanguage: 'es', targetLanguage: 'es',
    }), { status: 200, headers: { 'content-type': 'application/json' } })));
    const { rerender, container } = render(ui(''));
    expect(container.textContent).toBe('');
    rerender(ui('Hola'));
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled(), { timeout: 3000 });
    await waitFor(() => expect(screen.queryByTestId('translation-preview')).toBeNull());
  });
});
