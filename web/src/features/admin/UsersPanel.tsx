import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { USER_FILTERS, type AdminUser, type CatalogKey, type ResetLink, type UserAction, type UserFilter } from '@parley/common';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { KeyRound, Trash2 } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { PersonActions } from '../../components/people.tsx';
import { errorMessage } from '../../lib/errorMessages.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { loadToast } from '../../lib/toaster.tsx';
import { adminApi } from './adminApi.ts';

const FILTER_LABELS: Record<UserFilter, CatalogKey> = {
  all: 'admin.filterAll', disabled: 'admin.filterDisabled', unconfirmed: 'admin.filterUnconfirmed', admins: 'admin.filterAdmins',
};

/** Users: search, filters, and the actions of the command line. */
export function UsersPanel({ initialQuery = '' }: { initialQuery?: string }) {
  const { t, language } = useI18n();
  const [q, setQ] = useState(initialQuery);
  // Deleting is rare and final: from the row's menu, after a confirmation that names the account (issue 38).
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [filter, setFilter] = useState<UserFilter>('all');
  const users = useQuery({ queryKey: ['admin', 'users', q, filter], queryFn: () => adminApi.users(q.trim(), filter) });
  const queryClient = useQueryClient();
  const act = useMutation({
    mutationFn: async ({ user, action }: { user: AdminUser; action: UserAction | 'delete' }) => {
      if (action === 'delete') await adminApi.remove(user.id);
      else await adminApi.act(user.id, action);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
    onError: (error) => void loadToast().then((toast) => toast.error(errorMessage(error, t, 'general.errorServer'))),
  });

  /** A password-reset link for a server without e-mail: shown once, the admin passes it on. */
  const [resetLink, setResetLink] = useState<ResetLink | null>(null);
  const makeResetLink = useMutation({
    mutationFn: (user: AdminUser) => adminApi.resetLink(user.id),
    onSuccess: (link) => setResetLink(link),
    onError: (error) => void loadToast().then((toast) => toast.error(errorMessage(error, t, 'general.errorServer'))),
  });

  const run = (user: AdminUser, action: UserAction | 'delete') => act.mutate({ user, action });

  return (
    <section className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Input className="max-w-xs" value={q} onChange={(e) => setQ(e.target.value)} placeholder={t('admin.searchUsers')} aria-label={t('admin.searchUsers')} data-testid="admin-user-search" />
        {USER_FILTERS.map((f) => (
          <Button key={f} size="sm" variant={filter === f ? 'secondary' : 'ghost'} aria-pressed={filter === f} onClick={() => setFilter(f)} data-testid={`admin-filter-${f}`}>
            {t(FILTER_LABELS[f])}
          </Button>
        ))}
      </div>
      {resetLink && (
        <div className="rounded-lg border border-border bg-card p-3" data-testid="admin-reset-link">
          <p className="text-sm">{t('admin.resetLinkCreated', { email: resetLink.email })}</p>
          <Input readOnly className="mt-2 font-mono text-xs" value={new URL(resetLink.url, window.location.origin).toString()} onFocus={(e) => e.target.select()} />
        </div>
      )}
      {users.data && <p className="text-xs text-muted-foreground">{t('admin.usersTotal', { count: users.data.total })}</p>}
      <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card">
        {users.data?.users.map((user) => (
          <li key={user.id} className="flex flex-wrap items-center gap-2 px-3 py-2" data-testid="admin-user" data-email={user.email}>
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">{user.username ?? '-'} <span className="text-muted-foreground">{user.email}</span></p>
              <p className="text-xs text-muted-foreground">
                {t('admin.lastSignIn', { date: user.lastSignInAt ? new Date(user.lastSignInAt).toLocaleString(language) : '-' })}
              </p>
            </div>
            {user.role === 'admin' && <Badge>{t('admin.badgeAdmin')}</Badge>}
            {user.disabled && <Badge variant="destructive">{t('admin.badgeDisabled')}</Badge>}
            {!user.emailConfirmed && <Badge variant="outline">{t('admin.badgeUnconfirmed')}</Badge>}
            <div className="flex flex-wrap gap-1">
              {!user.emailConfirmed && <Button size="sm" variant="outline" onClick={() => run(user, 'confirm-email')}>{t('admin.actionConfirmEmail')}</Button>}
              <Button size="sm" variant="outline" onClick={() => run(user, user.role === 'admin' ? 'unmake-admin' : 'make-admin')} data-testid="admin-toggle-admin">
                {t(user.role === 'admin' ? 'admin.actionUnmakeAdmin' : 'admin.actionMakeAdmin')}
              </Button>
              <Button size="sm" variant="outline" onClick={() => run(user, user.disabled ? 'enable' : 'disable')} data-testid="admin-toggle-disabled">
                {t(user.disabled ? 'admin.actionEnable' : 'admin.actionDisable')}
              </Button>
              <PersonActions
                label={t('safety.moreActions')}
                testId="admin-user-menu"
                actions={[
                  { label: t('admin.actionResetLink'), icon: <KeyRound aria-hidden="true" />, onSelect: () => makeResetLink.mutate(user), disabled: makeResetLink.isPending, testId: 'admin-reset-link-button' },
                  { label: t('moderation.deleteAccount'), icon: <Trash2 aria-hidden="true" />, onSelect: () => setDeleting(user), testId: 'admin-delete', destructive: true },
                ]}
              />
            </div>
          </li>
        ))}
      </ul>
      <Dialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <DialogContent closeLabel={t('general.close')} data-testid="admin-delete-dialog">
          <DialogHeader>
            <DialogTitle className="break-words">{deleting ? t('admin.confirmDelete', { email: deleting.username ? `${deleting.username} (${deleting.email})` : deleting.email }) : ''}</DialogTitle>
            <DialogDescription>{t('moderation.deleteAccountDescription')}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setDeleting(null)}>{t('chat.cancel')}</Button>
            <Button
              variant="destructive"
              onClick={() => {
                if (deleting) run(deleting, 'delete');
                setDeleting(null);
              }}
              data-testid="admin-delete-confirm"
            >
              {t('moderation.deleteAccount')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
