import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { TOKEN_PREFIX, TOKEN_SCOPES, type TokenScope } from '@parley/common';
import { retryOnConnectionLoss } from '../db/availability.ts';
import type { Db } from '../db/connect.ts';

/**
 * Personal access tokens and bot tokens (issue 35 items 2, 3): `pat_` + 32 random bytes (base64url). The table holds
 * only the SHA-256; a lookup goes by that hash (unique index) and the stored hash is compared again in constant time.
 * Made and listed by integrations/; resolved here, by requireUser, the one place a request becomes a user.
 */
export const hashApiToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function newApiToken(): { token: string; hash: string } {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashApiToken(token) };
}

export const parseScopes = (stored: string): TokenScope[] =>
  stored.split(' ').filter((s): s is TokenScope => (TOKEN_SCOPES as readonly string[]).includes(s));

/** The account a live token acts as. */
export interface BearerInfo {
  tokenId: string;
  userId: string;
  email: string;
  admin: boolean;
  bot: boolean;
  scopes: TokenScope[];
}

/** last_used_at is written at most this often per token (a read stays a read). */
const TOUCH_EVERY_MS = 60_000;
const WELL_FORMED = new RegExp(`^${TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

export interface BearerTokensOptions {
  now: () => Date;
  /** Integrations switched off server-wide (the console): every bearer call answers 403 integrations_disabled. */
  enabled: () => Promise<boolean>;
  /** A token's first use of a (UTC) day: the audit log notes it. */
  onFirstUseToday?: (info: BearerInfo) => Promise<void>;
}

export class BearerTokens {
  constructor(
    private readonly db: Db,
    readonly options: BearerTokensOptions,
  ) {}

  /**
   * The live token for `token`, or null (unknown, malformed, expired, its account or its maker disabled). No cache:
   * one indexed read per call, so a revocation counts at once on every node.
   */
  async resolve(token: string): Promise<BearerInfo | null> {
    if (!WELL_FORMED.test(token)) return null;
    const hash = hashApiToken(token);
    const now = this.options.now();
    const row = await retryOnConnectionLoss(() =>
      this.db
        .selectFrom('api_tokens as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .innerJoin('users as maker', 'maker.id', 't.created_by')
        .select(['t.id', 't.token_hash', 't.scopes', 't.expires_at', 't.last_used_at', 'u.id as user_id', 'u.email', 'u.role', 'u.is_bot'])
        .where('t.token_hash', '=', hash)
        .where('u.disabled_at', 'is', null)
        .where('maker.disabled_at', 'is', null)
        .executeTakeFirst(),
    );
    if (!row || !timingSafeEqual(Buffer.from(row.token_hash), Buffer.from(hash))) return null;
    if (row.expires_at && new Date(row.expires_at).getTime() <= now.getTime()) return null;
    const info: BearerInfo = { tokenId: row.id, userId: row.user_id, email: row.email, admin: row.role === 'admin', bot: row.is_bot, scopes: parseScopes(row.scopes) };
    const last = row.last_used_at ? new Date(row.last_used_at) : null;
    if (!last || now.getTime() - last.getTime() >= TOUCH_EVERY_MS) {
      await this.db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', row.id).execute();
      if (!last || last.toISOString().slice(0, 10) !== now.toISOString().slice(0, 10)) await this.options.onFirstUseToday?.(info);
    }
    return info;
  }
}

/**
 * End every token of an account: those it acts with and those it made for its bots (signing out everywhere, a
 * password change or reset, an operator disabling it). Inside the caller's transaction when given.
 */
export async function endApiTokensOf(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom('api_tokens').where((eb) => eb.or([eb('user_id', '=', userId), eb('created_by', '=', userId)])).executeTakeFirst();
  return Number(result.numDeletedRows);
}
