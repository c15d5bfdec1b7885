import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '../../lib/i18n.tsx';
import { ScanTab } from './ScanTab.tsx';

// jsdom cannot decode images: the browser-side preparation is tested in image.test.ts.
vi.mock('../../lib/image.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/image.ts')>()),
  prepareImage: vi.fn(async (file: Blob) => ({ base64: 'AAAA', mimeType: file.type, bytes: 3, previewUrl: 'data:image/png;base64,AAAA' })),
}));

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

let fetchMock: Mock;
function serve(handler: (url: string, body: unknown) => Response) {
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => handler(url, init?.body ? JSON.parse(String(init.body)) : undefined));
  vi.stubGlobal('fetch', fetchMock);
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const spanishSign = {
  success: true,
  error: null,
  extractedText: 'SALIDA DE EMERGENCIA',
  translatedText: 'EMERGENCY EXIT',
  detectedLanguage: 'es',
  translationDirection: 'Spanish → English',
  sourceLanguage: 'es',
  targetLanguage: 'en',
};

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(toast, 'error');
  vi.spyOn(toast, 'success');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderTab() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider initialLanguage="en">
        <ScanTab />
      </I18nProvider>
    </QueryClientProvider>,
  );
}
const primary = () => screen.getByTestId('scan-primary-language') as HTMLInputElement;
const secondary = () => screen.getByTestId('scan-secondary-language') as HTMLInputElement;

function pick(testId: string, file: File) {
  const input = screen.getByTestId(testId) as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'sign.png', { type: 'image/png' });

describe('ScanTab languages', () => {
  it("starts with the user's language and Spanish", () => {
    renderTab();
    expect(primary().value).toBe('English');
    expect(secondary().value).toBe('Spanish');
  });

  it('pairs a Spanish speaker with English', () => {
    localStorage.setItem('userLanguage', 'es');
    renderTab();
    expect(primary().value).toBe('Spanish');
    expect(secondary().value).toBe('English');
  });

  it('swaps the two languages, and the swapped pair is what a scan sends', async () => {
    serve(() => json(spanishSign));
    renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'Swap languages' }));
    expect(primary().value).toBe('Spanish');
    expect(secondary().value).toBe('English');
    pick('scan-upload-input', png());
    await screen.findByTestId('scan-result');
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body))).toEqual({ imageBase64: 'AAAA', primaryLanguage: 'es', secondaryLanguage: 'en' });
  });
});

describe('ScanTab images', () => {
  it('refuses a file that is not an image with the invalid-file toast, sending nothing', () => {
    serve(() => json(spanishSign));
    renderTab();
    pick('scan-upload-input', new File(['just text'], 'notes.txt', { type: 'text/plain' }));
    expect(toast.error).toHaveBeenCalledWith('Invalid file', { description: 'Please select an image file' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByTestId('scan-tab').getAttribute('data-state')).toBe('idle');
  });

  it('shows the spinner, then the extracted text, detected language, direction and preview', async () => {
    let answer: (r: Response) => void = () => {};
    fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    renderTab();
    pick('scan-upload-input', png());
    expect(await screen.findByText('Processing...')).toBeTruthy();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/scan', expect.objectContaining({ method: 'POST' })));
    answer(json(spanishSign));
    expect((await screen.findByTestId('scan-extracted-text')).textContent).toBe('SALIDA DE EMERGENCIA');
    expect(screen.getByTestId('scan-translated-text').textContent).toBe('EMERGENCY EXIT');
    expect(screen.getByText('Detected: Spanish')).toBeTruthy();
    expect(screen.getByText('Spanish → English')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Scanned image' })).toBeTruthy();
  });

  it("shows an unsuccessful answer with the could-not-extract toast, in catalog words (not the server's English)", async () => {
    const error = 'No text found in the image. Please ensure the image contains clear, readable text.';
    serve(() => json({ ...spanishSign, success: false, error, extractedText: '', translatedText: '' }));
    renderTab();
    pick('scan-upload-input', png());
    expect((await screen.findByTestId('scan-error')).textContent).toBe('Failed to analyze image. Please ensure the image contains clear, readable text.');
    expect(toast.error).toHaveBeenCalledWith('Could not extract text', { description: 'Failed to analyze image' });
  });

  it('says why a read text is untranslated: the server cannot translate that pair', async () => {
    serve((url) => url === '/api/languages'
      ? json({ languages: [], engines: [], pairs: [{ source: 'es', target: 'ja', support: 'none', engine: null, fallbacks: [] }] })
      : json({ ...spanishSign, targetLanguage: 'ja', translatedText: 'SALIDA DE EMERGENCIA', translationError: 'No translation available for Spanish -> Japanese with the configured engines' }));
    renderTab();
    pick('scan-upload-input', png());
    await screen.findByTestId('scan-result');
    expect(await screen.findByText('This server cannot translate Spanish to Japanese.')).toBeTruthy();
    expect(screen.queryByText(/No translation available/)).toBeNull();
  });

  it("falls back to 'Failed to analyze image' when an unsuccessful answer has no error", async () => {
    serve(() => json({ ...spanishSign, success: false, error: null }));
    renderTab();
    pick('scan-upload-input', png());
    expect((await screen.findByTestId('scan-error')).textContent).toBe(
      'Failed to analyze image. Please ensure the image contains clear, readable text.',
    );
    expect(toast.error).toHaveBeenCalledWith('Could not extract text', { description: 'Failed to analyze image' });
  });

  it("shows the server's refusal (too large, rate limited) in the processing-failed toast", async () => {
    serve(() => json({ error: { code: 'rate_limited', message: 'Too many scans. Try again in a minute.' } }, 429));
    renderTab();
    pick('scan-upload-input', png());
    await screen.findByTestId('scan-error');
    expect(toast.error).toHaveBeenCalledWith('Processing failed', { description: 'Too many attempts. Please wait 60 seconds and try again.' });
  });

  it('uses the spec message when the server fails without explanation', async () => {
    serve(() => new Response('oops', { status: 502 }));
    renderTab();
    pick('scan-upload-input', png());
    const message = 'Failed to analyze image. Please ensure the image contains clear, readable text.';
    expect((await screen.findByTestId('scan-error')).textContent).toBe(message);
    expect(toast.error).toHaveBeenCalledWith('Processing failed', { description: message });
  });

  it("opens the device's camera picker when there is no getUserMedia", () => {
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: undefined });
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {});
    renderTab();
    fireEvent.click(screen.getByTestId('scan-action-camera'));
    expect(click).toHaveBeenCalledTimes(1);
    expect(click.mock.instances[0]).toBe(screen.getByTestId('scan-capture-input'));
    expect(screen.getByTestId('scan-capture-input').getAttribute('capture')).toBe('environment');
  });
});

describe('ScanTab typed text', () => {
  const open = () => {
    fireEvent.click(screen.getByTestId('scan-action-text'));
    return screen.getByTestId('scan-text-input') as HTMLTextAreaElement;
  };

  it('offers a 4-row textarea whose Translate button is disabled while blank', () => {
    renderTab();
    const area = open();
    expect(area.rows).toBe(4);
    const button = screen.getByTestId('scan-translate') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(area, { target: { value: '   ' } });
    expect(button.disabled).toBe(true);
    fireEvent.change(area, { target: { value: 'Hola' } });
    expect(button.disabled).toBe(false);
  });

  it('translates with smart-translate and shows both cards', async () => {
    serve(() => json({ translatedText: 'Good morning', detectedLanguage: 'es', translationDirection: 'es → en', engine: 'apertium', ok: true }));
    renderTab();
    fireEvent.change(open(), { target: { value: ' Buenos días ' } });
    fireEvent.click(screen.getByTestId('scan-translate'));
    expect((await screen.findByTestId('scan-translated-text')).textContent).toBe('Good morning');
    expect(screen.getByTestId('scan-extracted-text').textContent).toBe('Buenos días');
    expect(screen.getByText('Spanish → English')).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/smart-translate');
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body))).toEqual({ text: 'Buenos días', primaryLanguage: 'en', secondaryLanguage: 'es' });
  });

  it('shows the translation-failed message and toast', async () => {
    serve(() => new Response('down', { status: 500 }));
    renderTab();
    fireEvent.change(open(), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByTestId('scan-translate'));
    expect((await screen.findByTestId('scan-error')).textContent).toBe('Translation failed. Please try again.');
    expect(toast.error).toHaveBeenCalledWith('Translation failed', { description: 'Translation failed. Please try again.' });
  });

  it('copies a result with a confirmation, and says so when copying fails', async () => {
    serve(() => json({ translatedText: 'Hola', detectedLanguage: 'en', translationDirection: 'en → es', engine: 'apertium', ok: true }));
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderTab();
    fireEvent.change(open(), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByTestId('scan-translate'));
    fireEvent.click(await screen.findByRole('button', { name: 'Copy translation' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Copied to clipboard'));
    expect(writeText).toHaveBeenCalledWith('Hola');
    fireEvent.click(screen.getByRole('button', { name: 'Copy extracted text' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Could not copy. Select the text and copy it manually.'));
  });
});
