import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { CatalogKey } from '@parley/common';
import { Button } from '../../components/ui/button.tsx';
import { isApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.tsx';
import { FullScreenLoader } from '../auth/guards.tsx';
import { adminApi } from './adminApi.ts';
import { InvitesPanel } from './InvitesPanel.tsx';
import { AuditPanel, RegistrationPanel, StatusPanel } from './OpsPanels.tsx';
import { ReportsPanel } from './ReportsPanel.tsx';
import { UsersPanel } from './UsersPanel.tsx';

const TABS = [
  ['users', 'admin.tabUsers'],
  ['reports', 'admin.tabReports'],
  ['invites', 'admin.tabInvites'],
  ['registration', 'admin.tabRegistration'],
  ['audit', 'admin.tabAudit'],
  ['status', 'admin.tabStatus'],
] as const satisfies readonly (readonly [string, CatalogKey])[];
type Tab = (typeof TABS)[number][0];

/** The operators' console (/admin): a chunk of its own, loaded only when an admin opens it. */
export function AdminPage() {
  const t = useT();
  const [tab, setTab] = useState<Tab>('users');
  // The server decides: anyone but an admin gets 403 admin_required on every call.
  const access = useQuery({ queryKey: ['admin', 'status'], queryFn: () => adminApi.status(), retry: false });
  if (access.isPending) return <FullScreenLoader />;
  const refused = access.error && isApiError(access.error) && access.error.code === 'admin_required';

  return (
    <div className="flex h-dvh flex-col">
      <header className="shrink-0 border-b border-border bg-card pt-[env(safe-area-inset-top)]">
        <div className="mx-auto flex h-16 max-w-5xl items-center gap-2 px-3">
          <Button asChild variant="ghost" size="icon">
            <Link to="/" aria-label={t('general.back')} data-testid="admin-back">
              <ArrowLeft className="size-5 rtl:-scale-x-100" />
            </Link>
          </Button>
          <h1 className="truncate text-base font-semibold">{t('admin.title')}</h1>
        </div>
        {!refused && (
          <nav className="mx-auto flex max-w-5xl gap-1 overflow-x-auto px-3 pb-2" role="tablist">
            {TABS.map(([id, label]) => (
              <Button key={id} role="tab" aria-selected={tab === id} size="sm" variant={tab === id ? 'default' : 'ghost'} onClick={() => setTab(id)} data-testid={`admin-tab-${id}`}>
                {t(label)}
              </Button>
            ))}
          </nav>
        )}
      </header>
      <main className="mx-auto min-h-0 w-full max-w-5xl flex-1 overflow-y-auto px-4 py-4" data-testid="admin-page">
        {refused ? (
          <p className="text-muted-foreground" data-testid="admin-refused">{t('admin.notAllowed')}</p>
        ) : tab === 'users' ? (
          <UsersPanel />
        ) : tab === 'reports' ? (
          <ReportsPanel />
        ) : tab === 'invites' ? (
          <InvitesPanel />
        ) : tab === 'registration' ? (
          <RegistrationPanel />
        ) : tab === 'audit' ? (
          <AuditPanel />
        ) : (
          <StatusPanel />
        )}
      </main>
    </div>
  );
}
