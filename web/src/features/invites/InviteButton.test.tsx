import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n.tsx';
import { InviteButton } from './InviteButton.tsx';

const URL_ = 'https://parley.example/auth?mode=signup&invite=abc123abc123abc123abc123abc123abc123';

function serve(ability: { allowed: boolean; mail: boolean }) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
    calls.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : null });
    if (url === '/api/invites/ability') return Response.json(ability);
    return Response.json({ url: URL_, expiresAt: '2026-12-04T00:00:00Z', mailed: Boolean((JSON.parse(String(init.body)) as { email?: string }).email) }, { status: 201 });
  }));
  return calls;
}

const show = () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}><I18nProvider initialLanguage="en"><InviteButton /></I18nProvider></QueryClientProvider>);
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('InviteButton', () => {
  it('is absent for people who may not invite', async () => {
    const calls = serve({ allowed: false, mail: false });
    show();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/invites/ability')).toBe(true));
    expect(screen.queryByTestId('invite-open')).toBeNull();
  });

  it('makes a link shown whole, copied with one tap and shared through the system sheet', async () => {
    serve({ allowed: true, mail: false });
    const writeText = vi.fn(async () => undefined);
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    show();
    fireEvent.click(await screen.findByTestId('invite-open'));
    expect(screen.getByText('Invite someone who is not on Parley yet')).toBeTruthy();
    expect(screen.queryByTestId('invite-mail-form')).toBeNull(); // no mail on this server
    fireEvent.click(screen.getByTestId('invite-create'));
    expect((await screen.findByTestId('invite-link')).textContent).toBe(URL_);
    fireEvent.click(screen.getByTestId('invite-link-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(URL_));
    expect(await screen.findAllByText('Link copied')).toBeTruthy();
    fireEvent.click(screen.getByTestId('invite-link-share'));
    await waitFor(() => expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: URL_ })));
  });

  it("mails it in the invitee's language when the server has mail; no Share button without the Web Share API", async () => {
    const calls = serve({ allowed: true, mail: true });
    show();
    fireEvent.click(await screen.findByTestId('invite-open'));
    fireEvent.change(await screen.findByLabelText('Or send it by e-mail'), { target: { value: 'li@example.org' } });
    fireEvent.click(screen.getByTestId('invite-send'));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'li@example.org', language: 'en' }));
    expect((await screen.findByTestId('invite-link')).textContent).toBe(URL_);
    expect(screen.queryByTestId('invite-link-share')).toBeNull();
  });
});
