import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppRoutes } from '../App.tsx';
import { AuthProvider } from '../features/auth/AuthProvider.tsx';
import { I18nProvider } from '../lib/i18n.tsx';

/**
 * The sign-in screen as static HTML, in English, for web/scripts/prerender.mjs: the server sends it
 * for /auth, so the screen paints as soon as the page arrives instead of after the JavaScript has
 * loaded and run. The app then renders the same screen over it.
 */
export function renderAuthPage(): string {
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider initialLanguage="en">
        <AuthProvider>
          <MemoryRouter initialEntries={['/auth']}>
            <AppRoutes />
          </MemoryRouter>
        </AuthProvider>
      </I18nProvider>
    </QueryClientProvider>,
  );
}
