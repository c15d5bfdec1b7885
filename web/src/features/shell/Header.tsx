import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n.tsx';
import { BrandMark } from './BrandMark.tsx';
import { UserMenu } from './UserMenu.tsx';

/** App header: user menu on the left, app name and tagline in the centre, a slot (user search) on the right. */
export function Header({ onLanguageSettings, right }: { onLanguageSettings: () => void; right: ReactNode }) {
  const t = useT();
  return (
    <header className="shrink-0 border-b border-border bg-card/95 pt-[env(safe-area-inset-top)] backdrop-blur supports-[backdrop-filter]:bg-card/80">
      <div className="mx-auto grid h-16 max-w-3xl grid-cols-[3rem_1fr_3rem] items-center gap-2 px-3">
        <div className="flex justify-start">
          <UserMenu onLanguageSettings={onLanguageSettings} />
        </div>
        <div className="flex min-w-0 items-center justify-center gap-2">
          <BrandMark className="size-8" />
          <div className="min-w-0 leading-tight">
            <h1 className="truncate text-base font-semibold tracking-tight" data-testid="app-name">{t('header.appName')}</h1>
            <p className="truncate text-xs text-muted-foreground" data-testid="app-tagline">{t('header.tagline')}</p>
          </div>
        </div>
        <div className="flex justify-end">{right}</div>
      </div>
    </header>
  );
}
