import { createHash, randomBytes } from 'node:crypto';
import { AUTH_MESSAGES } from '@parley/common';
import type { Db } from '../db/connect.ts';
import { AppError } from '../http/errors.ts';

export type MailTokenKind = 'password_reset' | 'email_confirmation';

/** How long a mailed link works. */
export const TOKEN_LIFETIME_MS: Record<MailTokenKind, number> = {
  password_reset: 3_600_000,
  email_confirmation: 24 * 3_600_000,
};

export const hashMailToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new link for `userId` inside the caller's transaction: 32 random bytes in the link, only their
 * SHA-256 in the table. A new link voids the user's older unused ones of the same kind.
 */
export async function issueMailToken(tx: Db, userId: string, kind: MailTokenKind, now: Date): Promise<{ token: string; hash: string }> {
  const token = randomBytes(32).toString('base64url');
  const hash = hashMailToken(token);
  await tx.updateTable('account_tokens').set({ used_at: now }).where('user_id', '=', userId).where('kind', '=', kind).where('used_at', 'is', null).execute();
  await tx
    .insertInto('account_tokens')
    .values({ id: hash, user_id: userId, kind, created_at: now, expires_at: new Date(now.getTime() + TOKEN_LIFETIME_MS[kind]) })
    .execute();
  return { token, hash };
}

/**
 * Use a link once (inside the caller's transaction): the user it belongs to, or a 4xx that says
 * what is wrong with it (unknown, truncated or tampered: token_invalid; too old: token_expired;
 * used or replaced by a newer one: token_used). One conditional UPDATE, so two uses at once
 * cannot both succeed.
 */
export async function useMailToken(tx: Db, token: string, kind: MailTokenKind, now: Date): Promise<string> {
  const hash = hashMailToken(token);
  const used = await tx
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('id', '=', hash)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  if (used) return used.user_id;
  const row = await tx.selectFrom('account_tokens').select(['used_at', 'expires_at']).where('id', '=', hash).where('kind', '=', kind).executeTakeFirst();
  if (!row) throw new AppError(400, 'token_invalid', AUTH_MESSAGES.tokenInvalid);
  if (row.used_at) throw new AppError(410, 'token_used', AUTH_MESSAGES.tokenUsed);
  throw new AppError(410, 'token_expired', AUTH_MESSAGES.tokenExpired);
}
