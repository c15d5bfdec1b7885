import { Link } from 'react-router-dom';
import { Home } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { useT } from '../../lib/i18n.tsx';

/** Any unknown path (spec section 2). */
export function NotFoundPage() {
  const t = useT();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-gradient-to-br from-secondary via-background to-teal-50 px-6 text-center" data-testid="not-found">
      <p className="bg-gradient-to-br from-primary to-accent bg-clip-text text-7xl font-bold text-transparent">{t('general.notFoundCode')}</p>
      <h1 className="text-xl font-semibold">{t('general.notFound')}</h1>
      <Button asChild size="lg">
        <Link to="/">
          <Home aria-hidden="true" />
          {t('general.returnHome')}
        </Link>
      </Button>
    </main>
  );
}
