import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionResponse } from '@parley/common';
import { AppRoutes } from './App.tsx';
import { AuthProvider, useAuth } from './features/auth/AuthProvider.tsx';
import { I18nProvider } from './lib/i18n.tsx';

const session: SessionResponse = {
  user: { id: 'u1', email: 'ana@example.com' },
  profile: { id: 'u1', username: 'ana', email: 'ana@example.com', language: null, bio: null, avatar_url: null },
};

function serve(signedIn: boolean) {
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    if (url === '/api/auth/session' && !signedIn) {
      return new Response('{"error":{"code":"unauthenticated","message":"Not signed in"}}', { status: 401 });
    }
    if (url === '/api/auth/session') return new Response(JSON.stringify(session), { status: 200 });
    return new Response('{}', { status: 404 });
  }));
}

function Wrapper({ children, path = '/' }: { children: ReactNode; path?: string }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <I18nProvider initialLanguage="en">
        <AuthProvider>
          <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
        </AuthProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}

// The lazily loaded screens are compiled on first import, which on a busy machine takes longer than a test's
// 5 s: load them once up front, so the tests time the app, not the compiler. The call overlay too: the shell
// loads it lazily, and a load still running when the file's environment is torn down fails the run.
beforeAll(async () => {
  await Promise.all([
    import('./features/shell/MainPage.tsx'), import('./features/talk/TalkTab.tsx'), import('./features/shell/NotFoundPage.tsx'),
    import('./features/calls/CallOverlay.tsx'),
  ]);
}, 120_000);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('routes', () => {
  it('sends visitors without a session from / to the auth screen', async () => {
    serve(false);
    render(<Wrapper><AppRoutes /></Wrapper>);
    expect(await screen.findByTestId('auth-form')).toBeTruthy();
    expect(screen.getByTestId('auth-title').textContent).toBe('Welcome back');
    fireEvent.click(screen.getByTestId('auth-toggle'));
    expect(screen.getByTestId('auth-title').textContent).toBe('Create your account');
    expect(screen.getByLabelText('Username')).toBeTruthy();
  });

  it('shows the first-time language step, then the shell with chat as the default tab', async () => {
    serve(true);
    render(<Wrapper><AppRoutes /></Wrapper>);
    expect(await screen.findByText('Welcome, ana!', {}, { timeout: 5000 })).toBeTruthy(); // a lazy chunk
    localStorage.setItem('userLanguage', 'en');
    cleanup();
    render(<Wrapper><AppRoutes /></Wrapper>);
    expect(await screen.findByTestId('app-shell')).toBeTruthy();
    expect(screen.getByText('Real-time translator')).toBeTruthy();
    expect(screen.getByTestId('tab-chat').getAttribute('aria-current')).toBe('page');
    expect(await screen.findByText('No conversations yet')).toBeTruthy(); // after the list loads (skeletons first)
    fireEvent.click(screen.getByTestId('tab-chat'));
    expect(screen.getByTestId('app-shell').dataset.tab).toBe('chat');
    await act(async () => fireEvent.click(screen.getByTestId('tab-talk')));
    expect(await screen.findByText('Real-time voice translation powered by ChatGPT')).toBeTruthy(); // a lazy chunk
    expect(screen.getByTestId('tab-talk').getAttribute('aria-current')).toBe('page');
  });

  it('redirects /auth to / when a session exists', async () => {
    serve(true);
    localStorage.setItem('userLanguage', 'es');
    localStorage.setItem('parley.uiStrings.es', JSON.stringify({ 'nav.chat': ['Chat', 'Charla'] }));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<Wrapper path="/auth"><AppRoutes /></Wrapper>);
    expect(await screen.findByTestId('app-shell')).toBeTruthy();
  });

  it('shows the 404 page for unknown paths', async () => {
    serve(false);
    render(<Wrapper path="/nowhere"><AppRoutes /></Wrapper>);
    expect(await screen.findByText('Oops! Page not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Return to Home/ }).getAttribute('href')).toBe('/');
  });

  it('useAuth throws outside its provider', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useAuth())).toThrow(/AuthProvider/);
    error.mockRestore();
  });
});
