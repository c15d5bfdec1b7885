import { useState, type FormEvent } from 'react';
import { Copy, LoaderCircle, TriangleAlert } from 'lucide-react';
import { TOKEN_EXPIRY_DAYS, type ApiTokenView, type CreateTokenBody, type TokenScope } from '@parley/common';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { useT } from '../../lib/i18n.tsx';

/** Name, expiry (30 days unless changed, as GitHub suggests) and access of a new token; used for the person's and each bot's. */
export function TokenForm({ idPrefix, onCreate, busy }: { idPrefix: string; onCreate: (body: CreateTokenBody) => void; busy: boolean }) {
  const t = useT();
  const [name, setName] = useState('');
  const [days, setDays] = useState<string>('30');
  const [scopes, setScopes] = useState<TokenScope[]>(['read']);
  const [problem, setProblem] = useState<'name' | 'scope' | null>(null);
  const toggle = (scope: TokenScope, on: boolean) => setScopes((s) => (on ? [...new Set([...s, scope])] : s.filter((x) => x !== scope)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setProblem('name');
    if (scopes.length === 0) return setProblem('scope');
    setProblem(null);
    onCreate({ name: name.trim(), scopes, ...(days === 'never' ? {} : { expiresInDays: Number(days) }) });
    setName('');
  };
  return (
    <form className="flex flex-col gap-3" onSubmit={submit} data-testid={`${idPrefix}-form`}>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${idPrefix}-name`}>{t('integrations.tokenName')}</Label>
        <Input id={`${idPrefix}-name`} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} data-testid={`${idPrefix}-name`} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${idPrefix}-expiry`}>{t('integrations.expiry')}</Label>
        <select
          id={`${idPrefix}-expiry`} value={days} onChange={(e) => setDays(e.target.value)} data-testid={`${idPrefix}-expiry`}
          className="h-9 rounded-md border border-input bg-background px-2 text-sm"
        >
          {TOKEN_EXPIRY_DAYS.map((d) => <option key={d} value={String(d)}>{t('integrations.expiryDays', { days: d })}</option>)}
          <option value="never">{t('integrations.expiryNever')}</option>
        </select>
      </div>
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium">{t('integrations.access')}</legend>
        <div className="flex gap-4">
          {(['read', 'write'] as const).map((scope) => (
            <label key={scope} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={scopes.includes(scope)} onChange={(e) => toggle(scope, e.target.checked)} data-testid={`${idPrefix}-scope-${scope}`} />
              {t(scope === 'read' ? 'integrations.scopeRead' : 'integrations.scopeWrite')}
            </label>
          ))}
        </div>
      </fieldset>
      {problem && (
        <p className="text-sm text-destructive" role="alert">{t(problem === 'name' ? 'integrations.nameRequired' : 'integrations.pickScope')}</p>
      )}
      <Button type="submit" className="self-start" disabled={busy} data-testid={`${idPrefix}-create`}>
        {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
        {t('integrations.createToken')}
      </Button>
    </form>
  );
}

/** The secret of a token just made: shown this once, with a copy button and the warning. */
export function NewTokenDialog({ token, onClose }: { token: string | null; onClose: () => void }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!token) return;
    await navigator.clipboard?.writeText(token).catch(() => undefined);
    setCopied(true);
  };
  return (
    <Dialog open={token !== null} onOpenChange={(open) => { if (!open) { setCopied(false); onClose(); } }}>
      <DialogContent closeLabel={t('general.close')} data-testid="new-token-dialog">
        <DialogHeader>
          <DialogTitle>{t('integrations.newTokenTitle')}</DialogTitle>
          <DialogDescription className="flex items-start gap-2 text-amber-700 dark:text-amber-400">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {t('integrations.newTokenWarning')}
          </DialogDescription>
        </DialogHeader>
        <div className="flex items-center gap-2">
          <code className="min-w-0 flex-1 break-all rounded-md border bg-muted px-2 py-1 text-xs" data-testid="new-token-value">{token}</code>
          <Button variant="outline" size="sm" onClick={() => void copy()} data-testid="new-token-copy">
            <Copy className="size-4" aria-hidden="true" />
            {copied ? t('integrations.copied') : t('integrations.copy')}
          </Button>
        </div>
        <DialogFooter>
          <Button onClick={() => { setCopied(false); onClose(); }} data-testid="new-token-done">{t('integrations.done')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** "Last used ..." and "Expires ..." of one token. */
export function tokenFacts(token: ApiTokenView, t: ReturnType<typeof useT>, now = Date.now()): string {
  const used = token.lastUsedAt ? t('integrations.lastUsed', { time: new Date(token.lastUsedAt).toLocaleString() }) : t('integrations.neverUsed');
  const expiry = !token.expiresAt
    ? t('integrations.noExpiry')
    : new Date(token.expiresAt).getTime() <= now ? t('integrations.expired') : t('integrations.expiresOn', { date: new Date(token.expiresAt).toLocaleDateString() });
  const scopes = token.scopes.map((s) => t(s === 'read' ? 'integrations.scopeRead' : 'integrations.scopeWrite')).join(' + ');
  return `${scopes} · ${expiry} · ${used}`;
}
