import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { errorMessage } from '../../lib/errorMessages.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { integrationsApi } from '../integrations/index.ts';

/**
 * Every webhook of the server (issue 35): incoming (conversation, creator, name, last use) and outgoing (conversation
 * or server-wide, owner, URL, last delivery, failures in a row, paused); the operator deletes any (audited).
 */
export function WebhooksPanel() {
  const { t, language } = useI18n();
  const client = useQueryClient();
  const all = useQuery({ queryKey: ['admin', 'webhooks'], queryFn: ({ signal }) => integrationsApi.all(signal) });
  const remove = useMutation({
    mutationFn: (w: { kind: 'incoming' | 'outgoing'; id: string }) => (w.kind === 'incoming' ? integrationsApi.adminDeleteIncoming(w.id) : integrationsApi.adminDeleteOutgoing(w.id)),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin', 'webhooks'] }),
    onError: (error) => toast.error(t('integrations.failed'), { description: errorMessage(error, t, 'general.errorServer') }),
  });
  const when = (iso: string | null) => (iso ? t('integrations.lastUsed', { time: new Date(iso).toLocaleString(language) }) : t('integrations.neverUsed'));
  const room = (name: string | null) => (name === null ? t('integrations.consoleServerWide') : name || t('integrations.consolePair'));
  const data = all.data;
  return (
    <section className="flex flex-col gap-4" data-testid="admin-webhooks">
      <div className="flex flex-col gap-2">
        <h2 className="text-sm font-semibold">{t('integrations.incomingTitle')}</h2>
        {data?.incoming.length === 0 && <p className="text-sm text-muted-foreground">{t('integrations.none')}</p>}
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card text-sm">
          {data?.incoming.map((w) => (
            <li key={w.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2" data-testid="admin-incoming-webhook">
              <span className="font-medium" dir="auto">{w.name}</span>
              <span className="text-muted-foreground" dir="auto">{room(w.roomName)} · {w.creatorName ?? ''}</span>
              <span className="flex-1 text-xs text-muted-foreground">{when(w.lastUsedAt)}</span>
              <Button variant="ghost" size="icon" aria-label={t('integrations.remove')} title={t('integrations.remove')} onClick={() => remove.mutate({ kind: 'incoming', id: w.id })}>
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-col gap-2">
        <h2 className="text-sm font-semibold">{t('integrations.outgoingTitle')}</h2>
        {data?.outgoing.length === 0 && <p className="text-sm text-muted-foreground">{t('integrations.none')}</p>}
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card text-sm">
          {data?.outgoing.map((w) => (
            <li key={w.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2" data-testid="admin-outgoing-webhook">
              <span className="break-all font-mono text-xs">{w.url}</span>
              <span className="text-muted-foreground" dir="auto">{room(w.roomName)} · {w.ownerName ?? ''}</span>
              <span className="flex-1 text-xs text-muted-foreground">
                {when(w.lastDeliveryAt)}
                {w.failures > 0 && ` · ${t('integrations.consoleFailures', { n: w.failures })}`}
                {w.pausedAt && ` · ${t('integrations.paused')}`}
              </span>
              <Button variant="ghost" size="icon" aria-label={t('integrations.remove')} title={t('integrations.remove')} onClick={() => remove.mutate({ kind: 'outgoing', id: w.id })}>
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
