import { AUTH_MESSAGES, LIMITS, type PasswordResetConfirmBody } from '@parley/common';
import { AppError } from '../http/errors.ts';
import { mailedRecently, queueAccountMail, recipientByEmail, requireMailer, type AccountMailDeps } from './accountMail.ts';
import { issueMailToken, useMailToken } from './mailTokens.ts';
import { hashPassword } from './passwords.ts';
import type { SessionStore } from './sessions.ts';

/**
 * "Forgot password?": mail a link (1 h, single use) to the account of `email`, if there is one and it is
 * not disabled, at most once a minute per account. The route answers before this runs (auth/afterReply.ts),
 * the same way for every address, so neither the answer nor its timing tells who has an account.
 */
export async function requestPasswordReset(deps: AccountMailDeps, email: string, origin: string, fallbackLanguage: string | null): Promise<void> {
  const mailer = requireMailer(deps.mailer);
  const user = await recipientByEmail(deps.db, email);
  if (!user) return;
  const now = deps.now();
  const queued = await deps.db.transaction().execute(async (tx) => {
    if (await mailedRecently(tx, user.id, 'password_reset', now, deps.mailEveryMs)) return false;
    const { token, hash } = await issueMailToken(tx, user.id, 'password_reset', now);
    // The token travels in the fragment: never sent to a server, never in a Referer or an access log.
    await queueAccountMail(tx, mailer, `password_reset:${hash}`, 'password_reset', user, fallbackLanguage, `${origin}/reset-password#token=${token}`);
    return true;
  });
  if (queued) mailer.queued();
}

/**
 * The reset link's page: a new password (sign-up rules) for the link's account. The link is used
 * up, and every session of the account ends (their sockets close on every node). Finishing a
 * reset proves the mailbox, so an unconfirmed address counts as confirmed.
 */
export async function resetPassword(deps: AccountMailDeps & { sessions: SessionStore }, body: PasswordResetConfirmBody): Promise<void> {
  if (body.password.length < LIMITS.passwordMin) throw new AppError(400, 'weak_password', AUTH_MESSAGES.weakPassword);
  const passwordHash = await hashPassword(body.password);
  const now = deps.now();
  const announce = await deps.db.transaction().execute(async (tx) => {
    const userId = await useMailToken(tx, body.token, 'password_reset', now);
    await tx
      .updateTable('users')
      .set((eb) => ({
        password_hash: passwordHash,
        email_confirmed_at: eb.fn.coalesce('email_confirmed_at', eb.val(now)),
        email_proven_at: eb.fn.coalesce('email_proven_at', eb.val(now)),
      }))
      .where('id', '=', userId)
      .execute();
    // Any other reset link still out there stops working too.
    await tx.updateTable('account_tokens').set({ used_at: now }).where('user_id', '=', userId).where('kind', '=', 'password_reset').where('used_at', 'is', null).execute();
    return deps.sessions.endAllOf(userId, { tx });
  });
  announce();
}
