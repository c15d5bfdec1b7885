import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connect.ts';
import type { Mailer } from '../mail/mailer.ts';
import { linkOrigin, queueAccountMail, requestLanguage } from './accountMail.ts';

/**
 * "Your password was changed" (issue 38 item 8): after Profile -> Security changes a password, the account's
 * address is told, in its language, with the way back if it was not them ("Forgot password?"). Nothing when this
 * server sends no mail (SMTP_URL unset). One mail per change: the key holds the time of the change.
 */
export async function mailPasswordChanged(
  deps: { db: Db; mailer: Mailer | undefined; publicUrl: string | undefined; now: () => Date }, request: FastifyRequest, userId: string,
): Promise<void> {
  if (!deps.mailer) return;
  const to = await deps.db.selectFrom('users').innerJoin('profiles', 'profiles.id', 'users.id')
    .select(['users.id', 'users.email', 'profiles.username', 'profiles.language'])
    .where('users.id', '=', userId).executeTakeFirst();
  if (!to) return;
  const link = `${linkOrigin(deps)}/forgot-password`;
  await queueAccountMail(deps.db, deps.mailer, `password-changed:${userId}:${deps.now().getTime()}`, 'password_changed', to, requestLanguage(request), link);
}
