import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Play, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { LANGUAGE_CODES, WEBHOOK_EVENTS, type WebhookEvent } from '@parley/common/client';
import type { CatalogKey } from '@parley/common';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { errorMessage } from '../../lib/errorMessages.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { displayLanguageName } from '../../lib/names.ts';
import { integrationsApi } from './integrationsApi.ts';
import { SecretOnce } from './SecretOnce.tsx';

const EVENT_LABELS: Record<WebhookEvent, CatalogKey> = {
  'message.created': 'integrations.eventCreated',
  'message.edited': 'integrations.eventEdited',
  'message.deleted': 'integrations.eventDeleted',
  'member.joined': 'integrations.eventJoined',
  'member.left': 'integrations.eventLeft',
};

/**
 * A conversation's Integrations (issue 35), for those who manage them (a pair's people, a group's admins): incoming
 * webhooks (name -> the URL, shown once) and outgoing ones (URL, events, an optional translation language -> the
 * signing secret, shown once; paused ones resume). Lists and deletes both.
 */
export function IntegrationsSection({ roomId, heading = true }: { roomId: string; heading?: boolean }) {
  const { t, language } = useI18n();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['message.created']);
  const [target, setTarget] = useState('');
  const [shown, setShown] = useState<{ kind: 'url' | 'secret'; value: string } | null>(null);
  const incoming = useQuery({ queryKey: ['webhooks', roomId, 'incoming'], queryFn: ({ signal }) => integrationsApi.incoming(roomId, signal) });
  const outgoing = useQuery({ queryKey: ['webhooks', roomId, 'outgoing'], queryFn: ({ signal }) => integrationsApi.outgoing(roomId, signal) });
  const action = <A,>(fn: (arg: A) => Promise<unknown>, after?: (result: unknown) => void) => ({
    mutationFn: fn,
    onSuccess: (result: unknown) => {
      after?.(result);
      void client.invalidateQueries({ queryKey: ['webhooks', roomId] });
    },
    onError: (error: unknown) => toast.error(t('integrations.failed'), { description: errorMessage(error, t, 'general.errorServer') }),
  });
  const createIncoming = useMutation(action((n: string) => integrationsApi.createIncoming(roomId, n), (r) => {
    setName('');
    setShown({ kind: 'url', value: (r as { url: string }).url });
  }));
  const createOutgoing = useMutation(action(() => integrationsApi.createOutgoing(roomId, { url: url.trim(), events, language: target || null }), (r) => {
    setUrl('');
    setShown({ kind: 'secret', value: (r as { secret: string }).secret });
  }));
  const removeIncoming = useMutation(action((id: string) => integrationsApi.deleteIncoming(roomId, id)));
  const removeOutgoing = useMutation(action((id: string) => integrationsApi.deleteOutgoing(roomId, id)));
  const resume = useMutation(action((id: string) => integrationsApi.resumeOutgoing(roomId, id)));
  // Answers other than the lists (a server that predates them) show as none.
  const inList = Array.isArray(incoming.data?.webhooks) ? incoming.data.webhooks : [];
  const outList = Array.isArray(outgoing.data?.webhooks) ? outgoing.data.webhooks : [];
  const when = (iso: string | null) => (iso ? t('integrations.lastUsed', { time: new Date(iso).toLocaleString(language) }) : t('integrations.neverUsed'));

  return (
    <section className="flex min-w-0 flex-col gap-3" data-testid="integrations">
      {heading && <h3 className="text-sm font-semibold">{t('integrations.section')}</h3>}

      <div className="flex flex-col gap-1.5">
        <h4 className="text-xs font-semibold uppercase text-muted-foreground">{t('integrations.incomingTitle')}</h4>
        <p className="text-xs text-muted-foreground">{t('integrations.incomingHelp')}</p>
        {shown?.kind === 'url' && <SecretOnce value={shown.value} note={t('integrations.urlOnce')} testId="incoming-webhook-url" />}
        <ul className="flex flex-col" data-testid="incoming-webhooks">
          {incoming.isSuccess && inList.length === 0 && <li className="text-xs text-muted-foreground">{t('integrations.none')}</li>}
          {inList.map((w) => (
            <li key={w.id} className="flex items-center gap-2 py-1 text-sm" data-testid="incoming-webhook">
              <span className="min-w-0 flex-1 truncate" dir="auto">{w.name}</span>
              <span className="shrink-0 text-xs text-muted-foreground">{when(w.lastUsedAt)}</span>
              <Button variant="ghost" size="icon" aria-label={t('integrations.remove')} title={t('integrations.remove')} onClick={() => removeIncoming.mutate(w.id)}>
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
        <form className="flex items-end gap-2" onSubmit={(e) => { e.preventDefault(); if (name.trim()) createIncoming.mutate(name.trim()); }}>
          <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs font-medium">
            {t('integrations.name')}
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={80} autoComplete="off" data-testid="incoming-webhook-name" />
          </label>
          <Button type="submit" size="sm" variant="outline" disabled={!name.trim() || createIncoming.isPending} data-testid="incoming-webhook-create">
            {createIncoming.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            {t('integrations.createIncoming')}
          </Button>
        </form>
      </div>

      <div className="flex flex-col gap-1.5">
        <h4 className="text-xs font-semibold uppercase text-muted-foreground">{t('integrations.outgoingTitle')}</h4>
        <p className="text-xs text-muted-foreground">{t('integrations.outgoingHelp')}</p>
        {shown?.kind === 'secret' && <SecretOnce value={shown.value} note={t('integrations.secretOnce')} testId="outgoing-webhook-secret" />}
        <ul className="flex flex-col" data-testid="outgoing-webhooks">
          {outgoing.isSuccess && outList.length === 0 && <li className="text-xs text-muted-foreground">{t('integrations.none')}</li>}
          {outList.map((w) => (
            <li key={w.id} className="flex flex-wrap items-center gap-2 py-1 text-sm" data-testid="outgoing-webhook" data-paused={Boolean(w.pausedAt)}>
              <span className="min-w-0 flex-1 break-all font-mono text-xs">{w.url}</span>
              {w.pausedAt ? (
                <>
                  <span className="text-xs font-medium text-destructive">{t('integrations.paused')}</span>
                  <Button variant="outline" size="sm" onClick={() => resume.mutate(w.id)}><Play aria-hidden="true" />{t('integrations.resume')}</Button>
                </>
              ) : (
                <span className="shrink-0 text-xs text-muted-foreground">{when(w.lastDeliveryAt)}</span>
              )}
              <Button variant="ghost" size="icon" aria-label={t('integrations.remove')} title={t('integrations.remove')} onClick={() => removeOutgoing.mutate(w.id)}>
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
        <form className="flex flex-col gap-2" onSubmit={(e) => { e.preventDefault(); if (url.trim() && events.length) createOutgoing.mutate(undefined); }}>
          <label className="flex flex-col gap-1 text-xs font-medium">
            {t('integrations.url')}
            <Input type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://" autoComplete="off" data-testid="outgoing-webhook-url" />
          </label>
          <fieldset className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
            <legend className="mb-1 font-medium">{t('integrations.events')}</legend>
            {WEBHOOK_EVENTS.map((e) => (
              <label key={e} className="inline-flex items-center gap-1.5">
                <input type="checkbox" checked={events.includes(e)} onChange={(ev) => setEvents((now) => (ev.target.checked ? [...now, e] : now.filter((x) => x !== e)))} />
                {t(EVENT_LABELS[e])}
              </label>
            ))}
          </fieldset>
          <label className="flex flex-col gap-1 text-xs font-medium">
            {t('integrations.language')}
            <select className="h-9 rounded-md border border-input bg-background px-2 text-sm" value={target} onChange={(e) => setTarget(e.target.value)}>
              <option value="">{t('integrations.noTranslation')}</option>
              {LANGUAGE_CODES.map((code) => <option key={code} value={code}>{displayLanguageName(code, language, true)}</option>)}
            </select>
          </label>
          <Button type="submit" size="sm" variant="outline" className="self-start" disabled={!url.trim() || events.length === 0 || createOutgoing.isPending} data-testid="outgoing-webhook-create">
            {createOutgoing.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            {t('integrations.createOutgoing')}
          </Button>
        </form>
      </div>
    </section>
  );
}
