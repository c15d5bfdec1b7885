import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedInvite } from '@parley/common';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { errorMessage } from '../../lib/errorMessages.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { loadToast } from '../../lib/toaster.tsx';
import { adminApi } from './adminApi.ts';
import { InviteLink } from '../invites/index.ts';

/** The link just created: kept in the query cache, so it is still there after a tab change (the server keeps only its hash). */
const CREATED_KEY = ['admin', 'createdInvite'] as const;

/** Invite links: create (the link is shown once), list with their use, revoke. */
export function InvitesPanel() {
  const { t, language } = useI18n();
  const [uses, setUses] = useState('1');
  const [hours, setHours] = useState('168');
  const queryClient = useQueryClient();
  const created = useQuery<CreatedInvite | null>({ queryKey: CREATED_KEY, queryFn: () => null, enabled: false, staleTime: Infinity, gcTime: Infinity }).data ?? null;
  const setCreated = (invite: CreatedInvite) => queryClient.setQueryData(CREATED_KEY, invite);
  const invites = useQuery({ queryKey: ['admin', 'invites'], queryFn: () => adminApi.invites() });
  const onError = (error: unknown) => void loadToast().then((toast) => toast.error(errorMessage(error, t, 'general.errorServer')));
  const create = useMutation({
    mutationFn: () => adminApi.createInvite(Math.max(1, Number(uses) || 1), hours.trim() === '' ? null : Math.max(1, Number(hours) || 1)),
    onSuccess: (invite) => {
      setCreated(invite);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'invites'] });
    },
    onError,
  });
  const revoke = useMutation({
    mutationFn: (id: string) => adminApi.revokeInvite(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'invites'] }),
    onError,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const date = (iso: string) => new Date(iso).toLocaleString(language);

  return (
    <section className="flex flex-col gap-4">
      <form className="flex flex-wrap items-end gap-3" onSubmit={submit}>
        <div className="flex flex-col gap-1">
          <Label htmlFor="invite-uses">{t('admin.inviteUses')}</Label>
          <Input id="invite-uses" className="w-24" type="number" min={1} value={uses} onChange={(e) => setUses(e.target.value)} />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="invite-hours">{t('admin.inviteExpiresHours')}</Label>
          <Input id="invite-hours" className="w-32" type="number" min={1} value={hours} onChange={(e) => setHours(e.target.value)} />
        </div>
        <Button type="submit" disabled={create.isPending} data-testid="admin-create-invite">{t('admin.createInvite')}</Button>
      </form>
      {created && (
        <div className="rounded-lg border border-border bg-card p-3">
          <p className="text-sm">{t('admin.inviteCreated')}</p>
          <div className="mt-2">
            <InviteLink url={new URL(created.url, window.location.origin).toString()} testId="admin-invite-link" />
          </div>
        </div>
      )}
      <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card">
        {invites.data?.invites.map((invite) => (
          <li key={invite.id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm" data-testid="admin-invite">
            <span className="flex-1">
              {t('admin.inviteUsage', { uses: invite.uses, max: invite.maxUses })}
              {' · '}
              {invite.expiresAt ? t('admin.inviteExpires', { date: date(invite.expiresAt) }) : t('admin.inviteNeverExpires')}
              {invite.createdBy ? ` · ${invite.createdBy}` : ''}
            </span>
            {invite.revoked ? (
              <Badge variant="outline">{t('admin.inviteRevoked')}</Badge>
            ) : (
              <Button size="sm" variant="outline" onClick={() => revoke.mutate(invite.id)}>{t('admin.inviteRevoke')}</Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
