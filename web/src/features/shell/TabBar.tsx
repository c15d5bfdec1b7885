import { useT } from '../../lib/i18n.tsx';
import { cn } from '../../lib/utils.ts';
import { TABS, TAB_META, type Tab } from './tabs.ts';

/** Bottom tab bar: Talk / Chat / Scan. The active tab is highlighted; clicking it does nothing. */
export function TabBar({ active, onChange }: { active: Tab; onChange: (tab: Tab) => void }) {
  const t = useT();
  return (
    <nav
      aria-label={t('nav.label')}
      className="shrink-0 border-t border-border bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur supports-[backdrop-filter]:bg-card/80"
    >
      <ul className="mx-auto grid max-w-md grid-cols-3">
        {TABS.map((tab) => {
          const { label, icon: Icon } = TAB_META[tab];
          const isActive = tab === active;
          return (
            <li key={tab}>
              <button
                type="button"
                onClick={() => {
                  if (!isActive) onChange(tab);
                }}
                aria-current={isActive ? 'page' : undefined}
                data-testid={`tab-${tab}`}
                data-active={isActive}
                className={cn(
                  'group flex h-16 w-full flex-col items-center justify-center gap-1 text-xs font-medium transition-colors',
                  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
                  isActive ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
                )}
              >
                <span
                  className={cn(
                    'flex h-8 w-14 items-center justify-center rounded-full transition-colors',
                    isActive ? 'bg-secondary' : 'group-hover:bg-muted',
                  )}
                >
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                {t(label)}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
