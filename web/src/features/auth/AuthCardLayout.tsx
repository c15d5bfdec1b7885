import type { ReactNode } from 'react';
import { BrandMark } from '../../components/BrandMark.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { useT } from '../../lib/i18n.tsx';

/** The auth screens' frame (brand, one card): sign-in and the pages a mailed link opens. `testIds` names its title and subtitle. */
export function AuthCardLayout({ title, subtitle, children, testIds = 'account' }: { title: string; subtitle?: string; children: ReactNode; testIds?: 'auth' | 'account' }) {
  const t = useT();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-br from-secondary via-background to-teal-50 px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex flex-col items-center gap-2 text-center">
          <BrandMark className="size-12" />
          <p className="text-lg font-semibold tracking-tight">{t('header.appName')}</p>
        </div>
        <Card>
          <CardHeader className="text-center" aria-live="polite">
            <CardTitle data-testid={`${testIds}-title`}>{title}</CardTitle>
            {subtitle && <CardDescription data-testid={`${testIds}-subtitle`}>{subtitle}</CardDescription>}
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </div>
    </main>
  );
}
