import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocumentTextResponse } from '@parley/common';
import { I18nProvider } from '../../../../lib/i18n.tsx';
import type { ViewMessage } from '../../messages.ts';
import { MessageAttachment } from '../MessageAttachment.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ROOM = '0b6c2a4e-1d3f-4a5b-8c7d-9e0f1a2b3c4d';
const FILE = '7d1c2a4e-1d3f-4a5b-8c7d-9e0f1a2b3c4d';
const message = (patch: Partial<ViewMessage> = {}): ViewMessage => ({
  id: '9', chat_room_id: ROOM, sender_id: 'ana', client_id: 'c9', content: '', original_language: 'en',
  translated_content: null, target_language: 'es', translation_status: 'not_needed', translation_error: null, unknown_spans: null,
  created_at: new Date().toISOString(),
  attachment: { id: FILE, kind: 'file', mime: 'application/pdf', name: 'Itinerary.pdf', size: 245_000, document: 'pdf', pages: 3, note: null },
  ...patch,
});

/** The server's answers to GET .../files/:id/text, one per request, the last repeated. */
function serve(answers: DocumentTextResponse[]) {
  const fetch = vi.fn(async (url: string) => {
    expect(url).toBe(`/api/chats/${ROOM}/files/${FILE}/text`);
    const body = answers.length > 1 ? answers.shift()! : answers[0]!;
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function show(m: ViewMessage, mine = false) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider initialLanguage="en">
        <MessageAttachment message={m} mine={mine} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

const ready = (patch: Partial<DocumentTextResponse> = {}): DocumentTextResponse => ({
  status: 'ready', problem: null, sourceLanguage: 'en', pages: 3, truncated: false,
  original: ['The train leaves at nine.', 'Bring your passport.'],
  translation: { language: 'es', status: 'done', done: 2, total: 2, paragraphs: ['El tren sale a las nueve.', 'Trae tu pasaporte.'] },
  ...patch,
});

describe('FileCard', () => {
  it('shows the name, type, size and pages, a download of the original and "Read in" the reader\'s language', () => {
    show(message());
    expect(screen.getByTestId('file-name').textContent).toBe('Itinerary.pdf');
    expect(screen.getByTestId('file-details').textContent).toBe('PDF · 245 kB · Pages: 3');
    expect(screen.getByTestId('file-download').getAttribute('href')).toBe(`/api/chats/${ROOM}/media/${FILE}`);
    expect(screen.getByTestId('file-download').getAttribute('download')).toBe('Itinerary.pdf');
    expect(screen.getByTestId('file-read').textContent).toBe('Read in English');
  });

  it('has no reader for a plain download, for the sender, or while the file waits to be sent', () => {
    show(message({ attachment: { id: FILE, kind: 'file', mime: 'application/zip', name: 'photos.zip', size: 12, document: null, pages: null } }));
    expect(screen.queryByTestId('file-read')).toBeNull();
    expect(screen.getByTestId('file-details').textContent).toBe('ZIP · 12B');
    cleanup();
    show(message(), true);
    expect(screen.queryByTestId('file-read')).toBeNull();
    expect(screen.getByTestId('file-download')).toBeTruthy();
    cleanup();
    show(message({ local: true, attachment: { id: '', kind: 'file', mime: 'application/pdf', name: 'Itinerary.pdf', size: 10, document: null, pages: null } }), true);
    expect(screen.queryByTestId('file-download')).toBeNull();
  });

  it('opens the reader: progress while it translates, then each paragraph beside its original', async () => {
    const fetch = serve([
      ready({ translation: { language: 'es', status: 'pending', done: 1, total: 2, paragraphs: ['El tren sale a las nueve.'] } }),
      ready(),
    ]);
    show(message());
    fireEvent.click(screen.getByTestId('file-read'));
    const reader = await screen.findByTestId('document-reader');
    await waitFor(() => expect(within(reader).getByTestId('reader-status').textContent).toBe('Translating… 1/2'));
    await waitFor(() => expect(within(reader).queryByTestId('reader-status')).toBeNull(), { timeout: 5000 });
    expect(within(reader).getAllByTestId('reader-translation').map((p) => p.textContent)).toEqual(['El tren sale a las nueve.', 'Trae tu pasaporte.']);
    expect(within(reader).getAllByTestId('reader-original').map((p) => p.textContent)).toEqual(['The train leaves at nine.', 'Bring your passport.']);
    expect(within(reader).getByText('Original (English)')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('says why a file cannot be read, and that only the beginning was translated', async () => {
    serve([{ status: 'unreadable', problem: 'encrypted', sourceLanguage: null, pages: null, truncated: false, original: [], translation: null }]);
    show(message());
    fireEvent.click(screen.getByTestId('file-read'));
    const status = await screen.findByTestId('reader-status');
    await waitFor(() => expect(status.textContent).toBe('This PDF is protected by a password, so its text cannot be read here. Download it to open it.'));
    expect(screen.getByTestId('reader-download').getAttribute('href')).toBe(`/api/chats/${ROOM}/media/${FILE}`);
    cleanup();
    serve([ready({ truncated: true })]);
    show(message());
    fireEvent.click(screen.getByTestId('file-read'));
    expect((await screen.findByTestId('reader-truncated')).textContent).toBe('Only the beginning of this document was read and translated.');
  });
});
