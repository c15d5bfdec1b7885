import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@parley/common';
import { I18nProvider } from '../../lib/i18n.tsx';
import { TranslationFailure } from './TranslationFailure.tsx';

const message: ChatMessage = {
  id: '42', chat_room_id: '11111111-1111-4111-8111-111111111111', sender_id: 'u2', client_id: 'c-00000001',
  content: 'Hello', original_language: 'en', target_language: 'ja', translated_content: null,
  translation_status: 'failed', translation_error: null, unknown_spans: null, created_at: '2026-01-01T10:00:00Z',
};

function serve(served: boolean) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/languages') {
      return Response.json({ languages: [], engines: [], pairs: [{ source: 'en', target: 'ja', support: served ? 'provider' : 'none', engine: null, fallbacks: [] }] });
    }
    return Response.json({ message: { ...message, translation_status: 'pending' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderIt(shown: ChatMessage = message) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider initialLanguage="en">
        <TranslationFailure message={shown} mine={false} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TranslationFailure', () => {
  it('an unsupported pair says so in the reader language, with no Retry (it cannot help)', async () => {
    serve(false);
    renderIt();
    await waitFor(() => expect(screen.getByTestId('message-translation-failed-reason').textContent).toBe('Not translated: this server cannot translate English to Japanese.'));
    expect(screen.queryByTestId('message-translation-retry')).toBeNull();
  });

  it('a text the engine returned unchanged is not called a failure, and offers no Retry (it would answer the same)', async () => {
    serve(true);
    renderIt({ ...message, translation_error: 'unchanged' });
    await act(async () => {});
    expect(screen.getByTestId('message-translation-failed-reason').textContent).toBe('Not translated: the translation engine has no translation for these words.');
    expect(screen.queryByTestId('message-translation-retry')).toBeNull();
  });

  it('an engine failure says so and Retry asks the server to translate again', async () => {
    const fetchMock = serve(true);
    renderIt();
    await act(async () => {});
    expect(screen.getByTestId('message-translation-failed-reason').textContent).toBe('Not translated: the translation service did not respond.');
    fireEvent.click(screen.getByTestId('message-translation-retry'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith(`/api/chats/${message.chat_room_id}/messages/42/retry-translation`, expect.objectContaining({ method: 'POST' })));
  });
});
