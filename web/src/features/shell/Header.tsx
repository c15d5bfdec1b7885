import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n.tsx';
import type { LinkStatus } from '../../lib/network.ts';
import { cn } from '../../lib/utils.ts';
import { BrandMark } from '../../components/BrandMark.tsx';
import { UserMenu } from './UserMenu.tsx';

const LINK = {
  online: { key: 'chat.linkOnline', dot: 'bg-emerald-500' },
  connecting: { key: 'chat.linkConnecting', dot: 'bg-amber-400 animate-pulse' },
  offline: { key: 'chat.linkOffline', dot: 'bg-slate-400' },
} as const;

/**
 * App header: user menu on the left, app name and tagline in the centre, a slot (user search) on
 * the right. A dot on the mark tells the connection; when it is not Online, the word shows by the name.
 */
export function Header({ onLanguageSettings, right, link }: { onLanguageSettings: () => void; right: ReactNode; link: LinkStatus }) {
  const t = useT();
  const status = LINK[link];
  return (
    <header className="shrink-0 border-b border-border bg-card/95 pt-[env(safe-area-inset-top)] backdrop-blur supports-[backdrop-filter]:bg-card/80">
      <div className="mx-auto grid h-16 max-w-3xl grid-cols-[3rem_1fr_3rem] items-center gap-2 px-3">
        <div className="flex justify-start">
          <UserMenu onLanguageSettings={onLanguageSettings} />
        </div>
        <div className="flex min-w-0 items-center justify-center gap-2">
          <span className="relative shrink-0">
            <BrandMark className="size-8" />
            <span className={cn('absolute -bottom-0.5 -right-0.5 size-3 rounded-full border-2 border-card', status.dot)} aria-hidden="true" />
          </span>
          <div className="min-w-0 leading-tight">
            <div className="flex min-w-0 items-center gap-1.5">
              <h1 className="truncate text-base font-semibold tracking-tight" data-testid="app-name">{t('header.appName')}</h1>
              <span
                className={cn('shrink-0 rounded-full text-[11px] font-medium', link === 'online' ? 'sr-only' : 'bg-muted px-1.5 py-px text-foreground')}
                role="status"
                data-testid="app-link"
                data-link={link}
              >
                {t(status.key)}
              </span>
            </div>
            <p className="truncate text-xs text-muted-foreground" data-testid="app-tagline">{t('header.tagline')}</p>
          </div>
        </div>
        <div className="flex justify-end">{right}</div>
      </div>
    </header>
  );
}
