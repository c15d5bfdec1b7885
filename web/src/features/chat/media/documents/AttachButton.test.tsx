import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../../../lib/i18n.tsx';
import { AttachButton } from './AttachButton.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The composer's attach button with the server's answer to GET /api/files/limits. */
async function attach(limits: Response) {
  const fetch = vi.fn(async (url: string) => {
    expect(url).toBe('/api/files/limits');
    return limits;
  });
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient();
  const picked: File[] = [];
  render(
    <QueryClientProvider client={client}>
      <I18nProvider initialLanguage="en">
        <AttachButton onPhoto={() => undefined} onFile={(file) => picked.push(file)} />
        <Toaster />
      </I18nProvider>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(client.getQueryState(['file-limits'])?.status).not.toBe('pending'));
  const pick = (file: File) => fireEvent.change(screen.getByTestId('file-input'), { target: { files: [file] } });
  return { picked, pick, fetch };
}

const sized = (bytes: number, name: string) => new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });

describe('AttachButton', () => {
  it('refuses a file above the server\'s FILE_MAX_MB before any upload, naming the limit; a file within it goes on', async () => {
    const { picked, pick, fetch } = await attach(Response.json({ maxBytes: 2.5 * 1024 * 1024 }));
    pick(sized(2.5 * 1024 * 1024 + 1, 'scan.pdf'));
    expect(await screen.findByText('This file is too large to send: files can be at most 2.5 MB.')).toBeTruthy();
    expect(picked).toEqual([]);
    const fits = sized(2.5 * 1024 * 1024, 'fits.pdf');
    pick(fits);
    expect(picked).toEqual([fits]);
    // One question per visit, not one per file.
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('lets the server decide when the limit is unknown (offline at start)', async () => {
    const { picked, pick } = await attach(new Response('', { status: 503 }));
    const big = sized(50 * 1024 * 1024, 'big.pdf');
    pick(big);
    expect(picked).toEqual([big]);
  });
});
