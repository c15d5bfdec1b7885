import { useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider, useAuth } from './features/auth/AuthProvider.tsx';
import { seedFromBootstrap } from './lib/bootstrap.ts';
import { I18nProvider } from './lib/i18n.tsx';
import { AppToaster } from './lib/toaster.tsx';

/** QueryClient -> I18n (interface language) -> Auth (session) -> Router, plus the toaster. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () => {
      const client = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } } });
      seedFromBootstrap(client);
      return client;
    },
  );
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <AuthProvider>
          <BrowserRouter>{children}</BrowserRouter>
          <Toasts />
        </AuthProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}

function Toasts() {
  const { user } = useAuth();
  return <AppToaster signedIn={user !== null} />;
}
