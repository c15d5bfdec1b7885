import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { LoaderCircle } from 'lucide-react';
import { useT } from '../../lib/i18n.tsx';
import { useAuth } from './AuthProvider.tsx';

export function FullScreenLoader() {
  const t = useT();
  return (
    <div className="flex h-dvh items-center justify-center" role="status" aria-live="polite">
      <LoaderCircle className="size-8 animate-spin text-primary" aria-hidden="true" />
      <span className="sr-only">{t('general.loading')}</span>
    </div>
  );
}

/** Only signed-in users pass; others go to /auth. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  if (loading) return <FullScreenLoader />;
  if (!user) return <Navigate to="/auth" replace />;
  return children;
}

/** /auth with a session redirects to /. The form shows while the session is checked (most visitors have none). */
export function RedirectIfAuthenticated({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (user) return <Navigate to="/" replace />;
  return children;
}
