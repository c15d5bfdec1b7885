import type { AdminTokenView } from '@parley/common';
import type { Db } from '../db/connect.ts';
import { setIntegrationsEnabled } from './settings.ts';
import { presentToken } from './tokens.ts';
import type { IntegrationActor, IntegrationDeps } from './types.ts';

/** The console: every token (newest first), whose it is and who made it; never a secret. */
export async function listAllTokens(db: Db): Promise<AdminTokenView[]> {
  const rows = await db.selectFrom('api_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('profiles as p', 'p.id', 't.user_id')
    .leftJoin('users as maker', 'maker.id', 't.created_by')
    .select(['t.id', 't.name', 't.scopes', 't.created_at', 't.expires_at', 't.last_used_at', 't.user_id', 'p.username', 'u.is_bot', 'maker.email as maker_email'])
    .orderBy('t.created_at', 'desc').orderBy('t.id').limit(500).execute();
  return rows.map((r) => ({ ...presentToken(r), userId: r.user_id, username: r.username, bot: r.is_bot, createdByEmail: r.maker_email }));
}

/** An operator turns integrations on or off server-wide, audited as `integrations.changed` in the same transaction. */
export async function changeIntegrations(deps: IntegrationDeps, actor: IntegrationActor, enabled: boolean): Promise<void> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await setIntegrationsEnabled(trx, enabled, now);
    await deps.audit(trx, { action: 'integrations.changed', actor, details: { enabled } });
  });
}
