import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { CatalogKey } from '@parley/common';
import { Button } from '../../components/ui/button.tsx';
import { isApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.tsx';
import { FullScreenLoader } from '../auth/index.ts';
import { adminApi } from './adminApi.ts';
import { InvitesPanel } from './InvitesPanel.tsx';
import { IntegrationsPanel } from './IntegrationsPanel.tsx';
import { AuditPanel, RegistrationPanel, StatusPanel } from './OpsPanels.tsx';
import { ReportsPanel } from './ReportsPanel.tsx';
import { TranslationPanel } from './TranslationPanel.tsx';
import { UsersPanel } from './UsersPanel.tsx';
import { WebhooksPanel } from './WebhooksPanel.tsx';

const TABS = [
  ['users', 'admin.tabUsers'],
  ['reports', 'admin.tabReports'],
  ['invites', 'admin.tabInvites'],
  ['registration', 'admin.tabRegistration'],
  ['audit', 'admin.tabAudit'],
  ['webhooks', 'admin.tabWebhooks'],
  ['translation', 'admin.tabTranslation'],
  ['integrations', 'integrations.adminTitle'],
  ['status', 'admin.tabStatus'],
] as const satisfies readonly (readonly [string, CatalogKey])[];
type Tab = (typeof TABS)[number][0];

/** The operators' console (/admin): a chunk of its own, loaded only when an admin opens it. */
export function AdminPage() {
  const t = useT();
  const [tab, setTab] = useState<Tab>('users');
  // A report's "Open in Users": the Users tab, searching for that account.
  const [userQuery, setUserQuery] = useState('');
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
          // On a phone the tabs scroll sideways: a visible scrollbar and a faded edge say there is more (issue 38),
          // and the chosen tab scrolls into view.
          <nav
            className="mx-auto flex max-w-5xl gap-1 overflow-x-auto px-3 pb-2 [mask-image:linear-gradient(to_right,black_85%,transparent)] [scrollbar-color:var(--color-border)_transparent] [scrollbar-width:thin] sm:[mask-image:none] rtl:[mask-image:linear-gradient(to_left,black_85%,transparent)] sm:rtl:[mask-image:none]"
            role="tablist"
            data-testid="admin-tabs"
          >
            {TABS.map(([id, label]) => (
              <Button
                key={id} role="tab" aria-selected={tab === id} size="sm" variant={tab === id ? 'default' : 'ghost'} className="shrink-0"
                onClick={(e) => {
                  setTab(id);
                  e.currentTarget.scrollIntoView({ block: 'nearest', inline: 'center', behavior: 'smooth' });
                }}
                data-testid={`admin-tab-${id}`}
              >
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
          <UsersPanel key={userQuery} initialQuery={userQuery} />
        ) : tab === 'reports' ? (
          <ReportsPanel
            onOpenUser={(email) => {
              setUserQuery(email);
              setTab('users');
            }}
          />
        ) : tab === 'invites' ? (
          <InvitesPanel />
        ) : tab === 'registration' ? (
          <RegistrationPanel />
        ) : tab === 'audit' ? (
          <AuditPanel />
        ) : tab === 'webhooks' ? (
          <WebhooksPanel />
        ) : tab === 'translation' ? (
          <TranslationPanel />
        ) : tab === 'integrations' ? (
          <IntegrationsPanel />
        ) : (
          <StatusPanel />
        )}
      </main>
    </div>
  );
}
