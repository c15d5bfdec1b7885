import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LinkPreviewView } from '@parley/common';
import { I18nProvider } from '../../../lib/i18n.tsx';
import { Composer } from '../Composer.tsx';
import { LinkPreviewCard } from './LinkPreviewCard.tsx';

const fetchLinkPreview = vi.hoisted(() => vi.fn());
vi.mock('./linkPreviewApi.ts', () => ({ fetchLinkPreview }));

afterEach(() => {
  cleanup();
  fetchLinkPreview.mockReset();
});

const card: LinkPreviewView = {
  url: 'https://news.example/article', siteName: 'Local News', title: 'El tren sale a las nueve', description: 'Por favor trae tu pasaporte',
  image: '/api/chats/r/messages/1/link-preview/image', imageWidth: 600, imageHeight: 300, translated: true,
  original: { title: 'The train leaves at nine', description: 'Please bring your passport' },
};

const wrap = (node: React.ReactNode) => render(
  <QueryClientProvider client={new QueryClient()}><I18nProvider initialLanguage="en">{node}</I18nProvider></QueryClientProvider>,
);

describe('LinkPreviewCard', () => {
  it('shows the site, the translated title and description, our own image, and opens the link in a new tab without a referrer', () => {
    wrap(<LinkPreviewCard preview={card} />);
    expect(screen.getByTestId('link-preview-site').textContent).toBe('Local News');
    expect(screen.getByTestId('link-preview-title').textContent).toBe('El tren sale a las nueve');
    expect(screen.getByTestId('link-preview-image').getAttribute('src')).toBe('/api/chats/r/messages/1/link-preview/image');
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('https://news.example/article');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByTestId('link-preview-translated').textContent).toBe('Preview translated');
    fireEvent.click(screen.getByTestId('link-preview-original'));
    expect(screen.getByTestId('link-preview-title').textContent).toBe('The train leaves at nine');
    expect(screen.getByTestId('link-preview-description').textContent).toBe('Please bring your passport');
  });
});

describe('the composer\'s card', () => {
  it('shows the card of the first link; × removes it and the send says linkPreview: false; the next link gets a card again', async () => {
    fetchLinkPreview.mockResolvedValue({ enabled: true, preview: { ...card, image: null, translated: false, original: undefined, title: 'The train leaves at nine' } });
    const onSend = vi.fn(async () => undefined);
    wrap(<Composer targetLanguageName="Spanish" onSend={onSend} />);
    const input = screen.getByTestId('message-input');
    fireEvent.change(input, { target: { value: 'look https://news.example/article.' } });
    await waitFor(() => expect(screen.getByTestId('composer-link-preview')).toBeTruthy(), { timeout: 3000 });
    expect(fetchLinkPreview).toHaveBeenCalledWith('https://news.example/article');
    fireEvent.click(screen.getByTestId('link-preview-remove'));
    expect(screen.queryByTestId('composer-link-preview')).toBeNull();
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect(onSend).toHaveBeenCalledWith('look https://news.example/article.', { linkPreview: false });

    fireEvent.change(input, { target: { value: 'and https://news.example/article' } });
    await waitFor(() => expect(screen.getByTestId('composer-link-preview')).toBeTruthy(), { timeout: 3000 });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect(onSend).toHaveBeenLastCalledWith('and https://news.example/article');
  });
});
