import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { ApiTokenView } from '@parley/common';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { errorMessage } from '../../lib/errorMessages.ts';
import { useT } from '../../lib/i18n.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { integrationsApi, TOKENS_KEY } from './integrationsApi.ts';
import { NewTokenDialog, TokenForm, tokenFacts } from './TokenForm.tsx';

/** Profile -> API tokens: list, create (the secret shown once), revoke with a confirmation. */
export function TokensSection() {
  const t = useT();
  const queryClient = useQueryClient();
  const tokens = useQuery({ queryKey: TOKENS_KEY, queryFn: ({ signal }) => integrationsApi.tokens(signal) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: TOKENS_KEY });
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenView | null>(null);
  const create = useMutation({
    mutationFn: integrationsApi.createToken,
    onSuccess: (made) => {
      setSecret(made.token);
      refresh();
    },
    onError: (error) => toast.error(errorMessage(error, t, 'general.errorServer')),
  });
  return (
    <Card className="mx-auto mt-6 w-full max-w-2xl" data-testid="tokens-section">
      <CardContent className="flex flex-col gap-4 pt-6">
        <div>
          <h2 className="text-base font-semibold">{t('integrations.tokensTitle')}</h2>
          <p className="text-sm text-muted-foreground">{t('integrations.tokensHint')}</p>
        </div>
        {tokens.data?.length === 0 && <p className="text-sm text-muted-foreground">{t('integrations.noTokens')}</p>}
        {!!tokens.data?.length && (
          <ul className="flex flex-col divide-y rounded-lg border" data-testid="token-list">
            {tokens.data.map((token) => (
              <li key={token.id} className="flex items-center justify-between gap-3 px-3 py-2" data-testid="token">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">{token.name}</p>
                  <p className="text-xs text-muted-foreground">{tokenFacts(token, t)}</p>
                </div>
                <Button variant="outline" size="sm" onClick={() => setRevoking(token)} data-testid="token-revoke">{t('integrations.revoke')}</Button>
              </li>
            ))}
          </ul>
        )}
        <TokenForm idPrefix="token" busy={create.isPending} onCreate={(body) => create.mutate(body)} />
      </CardContent>
      <NewTokenDialog token={secret} onClose={() => setSecret(null)} />
      <ConfirmDialog
        open={revoking !== null} testId="revoke-token-dialog"
        title={t('integrations.revoke')} description={t('integrations.revokeConfirm', { name: revoking?.name ?? '' })} action={t('integrations.revoke')}
        onClose={() => setRevoking(null)}
        onConfirm={async () => {
          if (!revoking) return;
          try {
            await integrationsApi.revokeToken(revoking.id);
          } catch (error) {
            toast.error(errorMessage(error, t, 'general.errorServer'));
            throw error;
          } finally {
            refresh();
          }
        }}
      />
    </Card>
  );
}
