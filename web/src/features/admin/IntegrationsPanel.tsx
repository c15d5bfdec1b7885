import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { INTEGRATIONS_API, LINK_PREVIEW_API, type AdminBotView, type AdminTokenView, type IntegrationSettings, type LinkPreviewSettings } from '@parley/common';
import { Button } from '../../components/ui/button.tsx';
import { BotBadge } from '../../components/BotBadge.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { api, apiFetch } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errorMessages.ts';
import { useT } from '../../lib/i18n.tsx';

const KEY = ['admin', 'integrations'] as const;

const integrationsAdmin = {
  settings: () => api.get<IntegrationSettings>(INTEGRATIONS_API.adminSettings),
  setEnabled: (enabled: boolean) => apiFetch<IntegrationSettings>(INTEGRATIONS_API.adminSettings, { method: 'PUT', body: { enabled } }),
  tokens: () => api.get<{ tokens: AdminTokenView[] }>(INTEGRATIONS_API.adminTokens).then((r) => r.tokens),
  bots: () => api.get<{ bots: AdminBotView[] }>(INTEGRATIONS_API.adminBots).then((r) => r.bots),
  revokeToken: (id: string) => api.delete<void>(`${INTEGRATIONS_API.adminTokens}/${id}`),
  deleteBot: (id: string) => api.delete<void>(`${INTEGRATIONS_API.adminBots}/${id}`),
  linkPreviews: () => api.get<LinkPreviewSettings>(LINK_PREVIEW_API.adminSettings),
  setLinkPreviews: (enabled: boolean) => apiFetch<LinkPreviewSettings>(LINK_PREVIEW_API.adminSettings, { method: 'PUT', body: { enabled } }),
};

/** The console's Integrations tab (issue 35 item 6): the server-wide switch, every token and every bot. */
export function IntegrationsPanel() {
  const t = useT();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: [...KEY, 'settings'], queryFn: integrationsAdmin.settings });
  const tokens = useQuery({ queryKey: [...KEY, 'tokens'], queryFn: integrationsAdmin.tokens });
  const bots = useQuery({ queryKey: [...KEY, 'bots'], queryFn: integrationsAdmin.bots });
  const linkPreviews = useQuery({ queryKey: [...KEY, 'link-previews'], queryFn: integrationsAdmin.linkPreviews });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: KEY });
  const fail = (error: unknown) => toast.error(errorMessage(error, t, 'general.errorServer'));
  const act = useMutation({ mutationFn: (run: () => Promise<unknown>) => run(), onSuccess: refresh, onError: fail });
  // Revoking a token or deleting a bot is confirmed first (the profile asks the same).
  const [pending, setPending] = useState<{ kind: 'token' | 'bot'; id: string; name: string } | null>(null);

  return (
    <div className="flex flex-col gap-6" data-testid="admin-integrations">
      <section className="flex flex-col gap-2">
        <h2 className="text-base font-semibold">{t('integrations.adminTitle')}</h2>
        {settings.data && (
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox" checked={settings.data.enabled} disabled={act.isPending} data-testid="admin-integrations-enabled"
              onChange={(e) => { const on = e.target.checked; act.mutate(() => integrationsAdmin.setEnabled(on)); }}
            />
            {t('integrations.adminEnabled')}
          </label>
        )}
      </section>
      {/* Link previews (issue 36 item 3): the server fetches pages on its members' behalf; operators may not want it. */}
      <section className="flex flex-col gap-2" data-testid="admin-link-previews">
        <h2 className="text-base font-semibold">{t('linkPreviews.consoleTitle')}</h2>
        <p className="text-sm text-muted-foreground">{t('linkPreviews.consoleHint')}</p>
        {linkPreviews.data && (
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox" checked={linkPreviews.data.enabled} disabled={act.isPending} data-testid="admin-link-previews-enabled"
              onChange={(e) => { const on = e.target.checked; act.mutate(() => integrationsAdmin.setLinkPreviews(on)); }}
            />
            {t('linkPreviews.consoleToggle')}
          </label>
        )}
      </section>
      <section className="flex flex-col gap-2">
        <h3 className="text-sm font-medium">{t('integrations.adminTokens')}</h3>
        {tokens.data?.length === 0 && <p className="text-sm text-muted-foreground">{t('integrations.noTokens')}</p>}
        <ul className="flex flex-col divide-y rounded-lg border empty:hidden">
          {tokens.data?.map((token) => (
            <li key={token.id} className="flex items-center justify-between gap-3 px-3 py-2" data-testid="admin-token">
              <div className="min-w-0">
                <p className="flex items-center gap-2 truncate text-sm font-medium">
                  {t('integrations.adminTokenOf', { name: token.name, user: token.username ?? '?' })}
                  {token.bot && <BotBadge />}
                </p>
                <p className="text-xs text-muted-foreground">
                  {token.scopes.join(' + ')} · {token.lastUsedAt ? t('integrations.lastUsed', { time: new Date(token.lastUsedAt).toLocaleString() }) : t('integrations.neverUsed')}
                  {token.createdByEmail ? ` · ${t('integrations.adminOwner', { email: token.createdByEmail })}` : ''}
                </p>
              </div>
              <Button variant="outline" size="sm" disabled={act.isPending} onClick={() => setPending({ kind: 'token', id: token.id, name: token.name })}>
                {t('integrations.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      </section>
      <section className="flex flex-col gap-2">
        <h3 className="text-sm font-medium">{t('integrations.adminBots')}</h3>
        {bots.data?.length === 0 && <p className="text-sm text-muted-foreground">{t('integrations.noBots')}</p>}
        <ul className="flex flex-col divide-y rounded-lg border empty:hidden">
          {bots.data?.map((bot) => (
            <li key={bot.id} className="flex items-center justify-between gap-3 px-3 py-2" data-testid="admin-bot">
              <div className="min-w-0">
                <p className="flex items-center gap-2 truncate text-sm font-medium">{bot.username} <BotBadge /></p>
                <p className="text-xs text-muted-foreground">
                  {t('integrations.adminTokenCount', { count: bot.tokenCount })}
                  {bot.ownerEmail ? ` · ${t('integrations.adminOwner', { email: bot.ownerEmail })}` : ''}
                </p>
              </div>
              <Button variant="outline" size="sm" disabled={act.isPending} onClick={() => setPending({ kind: 'bot', id: bot.id, name: bot.username })}>
                {t('integrations.deleteBot')}
              </Button>
            </li>
          ))}
        </ul>
      </section>
      <ConfirmDialog
        open={pending !== null} testId="admin-integrations-confirm"
        title={t(pending?.kind === 'bot' ? 'integrations.deleteBot' : 'integrations.revoke')}
        description={pending?.kind === 'bot' ? t('integrations.deleteBotConfirm', { name: pending.name }) : t('integrations.revokeConfirm', { name: pending?.name ?? '' })}
        action={t(pending?.kind === 'bot' ? 'integrations.deleteBot' : 'integrations.revoke')}
        onClose={() => setPending(null)}
        onConfirm={async () => {
          if (!pending) return;
          await act.mutateAsync(() => (pending.kind === 'bot' ? integrationsAdmin.deleteBot(pending.id) : integrationsAdmin.revokeToken(pending.id)));
        }}
      />
    </div>
  );
}
