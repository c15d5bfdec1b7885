import { TOKEN_LIMITS, type ApiTokenView, type CreateTokenBody, type CreatedToken } from '@parley/common';
import { newApiToken, parseScopes } from '../auth/apiTokens.ts';
import type { Db } from '../db/connect.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { IntegrationActor, IntegrationDeps } from './types.ts';

export const tokenNotFound = () => notFound('No such token');

type TokenRow = { id: string; name: string; scopes: string; created_at: Date | string; expires_at: Date | string | null; last_used_at: Date | string | null };

export const presentToken = (r: TokenRow): ApiTokenView => ({
  id: r.id,
  name: r.name,
  scopes: parseScopes(r.scopes),
  createdAt: new Date(r.created_at).toISOString(),
  expiresAt: r.expires_at ? new Date(r.expires_at).toISOString() : null,
  lastUsedAt: r.last_used_at ? new Date(r.last_used_at).toISOString() : null,
});

export const TOKEN_COLUMNS = ['id', 'name', 'scopes', 'created_at', 'expires_at', 'last_used_at'] as const;

/**
 * Make a token acting as `userId` (the maker, or one of the maker's bots), audited as `token.created`. The secret is
 * in the answer only; the row keeps its SHA-256.
 */
export async function createToken(deps: IntegrationDeps, maker: IntegrationActor & { id: string }, userId: string, body: CreateTokenBody): Promise<CreatedToken> {
  const now = deps.now();
  const { token, hash } = newApiToken();
  const scopes = [...new Set(body.scopes)].sort().join(' ');
  const expiresAt = body.expiresInDays ? new Date(now.getTime() + body.expiresInDays * 86_400_000) : null;
  const id = await deps.db.transaction().execute(async (trx) => {
    // Serialises makers of one account's tokens, so the ceiling holds under concurrent requests.
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
    const count = await trx.selectFrom('api_tokens').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
    if (Number(count.n) >= TOKEN_LIMITS.perAccount) throw new AppError(409, 'too_many_tokens', `An account has at most ${TOKEN_LIMITS.perAccount} tokens`);
    const row = await trx.insertInto('api_tokens')
      .values({ user_id: userId, created_by: maker.id, name: body.name, scopes, token_hash: hash, created_at: now, expires_at: expiresAt })
      .returning('id').executeTakeFirstOrThrow();
    await deps.audit(trx, { action: 'token.created', actor: maker, target: { id: userId, email: null }, details: { tokenId: row.id, name: body.name, scopes, bot: userId !== maker.id } });
    return row.id;
  });
  return { id, token };
}

export async function listTokens(db: Db, userId: string): Promise<ApiTokenView[]> {
  const rows = await db.selectFrom('api_tokens').select([...TOKEN_COLUMNS]).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').execute();
  return rows.map(presentToken);
}

/**
 * Revoke a token: one `makerId` made, acting as `userId` (the maker, or one of their bots); an operator: any.
 * Anyone else's, and a made-up id, get the same 404. Audited as `token.revoked`.
 */
export async function revokeToken(deps: IntegrationDeps, actor: IntegrationActor, tokenId: string, scope: { makerId?: string; userId?: string; operator?: boolean }): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    let query = trx.deleteFrom('api_tokens').where('id', '=', tokenId);
    if (scope.makerId) query = query.where('created_by', '=', scope.makerId);
    if (scope.userId) query = query.where('user_id', '=', scope.userId);
    const row = await query.returning(['id', 'user_id', 'name']).executeTakeFirst();
    if (!row) throw tokenNotFound();
    await deps.audit(trx, { action: 'token.revoked', actor, target: { id: row.user_id, email: null }, details: { tokenId: row.id, name: row.name, ...(scope.operator ? { byOperator: true } : {}) } });
  });
}
