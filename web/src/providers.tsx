import { useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { AuthProvider } from './features/auth/AuthProvider.tsx';
import { I18nProvider } from './lib/i18n.tsx';

/** QueryClient -> I18n (interface language) -> Auth (session) -> Router, plus the toaster. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <AuthProvider>
          <BrowserRouter>{children}</BrowserRouter>
        </AuthProvider>
      </I18nProvider>
      {/* Toasts let clicks through (index.css), so they never block the controls beneath them. */}
      <Toaster position="top-center" richColors toastOptions={{ duration: 4000 }} />
    </QueryClientProvider>
  );
}
