import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { LoaderCircle } from 'lucide-react';
import { LANGUAGES } from '@parley/common/client';
import type { BotView, LanguageCode } from '@parley/common';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { BotBadge } from '../../components/BotBadge.tsx';
import { errorMessage } from '../../lib/errorMessages.ts';
import { useT } from '../../lib/i18n.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { BOTS_KEY, integrationsApi } from './integrationsApi.ts';
import { NewTokenDialog, TokenForm, tokenFacts } from './TokenForm.tsx';

/** Profile -> Bots: create (username, language), list with their tokens, a new token for one, delete with a confirmation. */
export function BotsSection({ language }: { language: LanguageCode | null }) {
  const t = useT();
  const queryClient = useQueryClient();
  const bots = useQuery({ queryKey: BOTS_KEY, queryFn: ({ signal }) => integrationsApi.bots(signal) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: BOTS_KEY });
  const [username, setUsername] = useState('');
  const [botLanguage, setBotLanguage] = useState<LanguageCode>(language ?? 'en');
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<BotView | null>(null);
  const [tokenFor, setTokenFor] = useState<string | null>(null);
  const fail = (error: unknown) => toast.error(errorMessage(error, t, 'general.errorServer'));
  const create = useMutation({
    mutationFn: integrationsApi.createBot,
    onSuccess: () => {
      setUsername('');
      refresh();
    },
    onError: fail,
  });
  const makeToken = useMutation({
    mutationFn: ({ botId, body }: { botId: string; body: Parameters<typeof integrationsApi.createBotToken>[1] }) => integrationsApi.createBotToken(botId, body),
    onSuccess: (made) => {
      setSecret(made.token);
      setTokenFor(null);
      refresh();
    },
    onError: fail,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (username.trim()) create.mutate({ username: username.trim(), language: botLanguage });
  };
  return (
    <Card className="mx-auto mt-6 w-full max-w-2xl" data-testid="bots-section">
      <CardContent className="flex flex-col gap-4 pt-6">
        <div>
          <h2 className="text-base font-semibold">{t('integrations.botsTitle')}</h2>
          <p className="text-sm text-muted-foreground">{t('integrations.botsHint')}</p>
        </div>
        {bots.data?.length === 0 && <p className="text-sm text-muted-foreground">{t('integrations.noBots')}</p>}
        {!!bots.data?.length && (
          <ul className="flex flex-col divide-y rounded-lg border" data-testid="bot-list">
            {bots.data.map((bot) => (
              <li key={bot.id} className="flex flex-col gap-2 px-3 py-2" data-testid="bot">
                <div className="flex items-center justify-between gap-3">
                  <p className="flex min-w-0 items-center gap-2 truncate text-sm font-medium">
                    {bot.username} <BotBadge />
                    <span className="text-xs font-normal text-muted-foreground">{LANGUAGES.find((l) => l.code === bot.language)?.nativeName}</span>
                  </p>
                  <div className="flex shrink-0 gap-2">
                    <Button variant="outline" size="sm" onClick={() => setTokenFor(tokenFor === bot.id ? null : bot.id)} data-testid="bot-new-token">
                      {t('integrations.createToken')}
                    </Button>
                    <Button variant="outline" size="sm" onClick={() => setDeleting(bot)} data-testid="bot-delete">{t('integrations.deleteBot')}</Button>
                  </div>
                </div>
                {bot.tokens.map((token) => (
                  <div key={token.id} className="flex items-center justify-between gap-3 ps-3 text-xs text-muted-foreground" data-testid="bot-token">
                    <span className="min-w-0 truncate">{token.name} · {tokenFacts(token, t)}</span>
                    <Button variant="ghost" size="sm" onClick={() => void integrationsApi.revokeBotToken(bot.id, token.id).then(refresh, fail)}>
                      {t('integrations.revoke')}
                    </Button>
                  </div>
                ))}
                {tokenFor === bot.id && (
                  <div className="rounded-md border p-3">
                    <p className="mb-2 text-sm font-medium">{t('integrations.newBotToken', { name: bot.username })}</p>
                    <TokenForm idPrefix="bot-token" busy={makeToken.isPending} onCreate={(body) => makeToken.mutate({ botId: bot.id, body })} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        <form className="flex flex-col gap-3" onSubmit={submit} data-testid="bot-form">
          <div className="flex flex-col gap-1">
            <Label htmlFor="bot-username">{t('integrations.botUsername')}</Label>
            <Input id="bot-username" value={username} maxLength={32} onChange={(e) => setUsername(e.target.value)} data-testid="bot-username" />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="bot-language">{t('integrations.botLanguage')}</Label>
            <select
              id="bot-language" value={botLanguage} onChange={(e) => setBotLanguage(e.target.value as LanguageCode)} data-testid="bot-language"
              className="h-9 rounded-md border border-input bg-background px-2 text-sm"
            >
              {LANGUAGES.map((l) => <option key={l.code} value={l.code}>{l.nativeName}</option>)}
            </select>
          </div>
          <Button type="submit" className="self-start" disabled={create.isPending || !username.trim()} data-testid="bot-create">
            {create.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            {t('integrations.createBot')}
          </Button>
        </form>
      </CardContent>
      <NewTokenDialog token={secret} onClose={() => setSecret(null)} />
      <ConfirmDialog
        open={deleting !== null} testId="delete-bot-dialog"
        title={t('integrations.deleteBot')} description={t('integrations.deleteBotConfirm', { name: deleting?.username ?? '' })} action={t('integrations.deleteBot')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await integrationsApi.deleteBot(deleting.id);
          } catch (error) {
            fail(error);
            throw error;
          } finally {
            refresh();
          }
        }}
      />
    </Card>
  );
}
