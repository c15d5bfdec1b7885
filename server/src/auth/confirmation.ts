import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES, type SignUpBody } from '@parley/common';
import { AppError } from '../http/errors.ts';
import { mailedRecently, queueAccountMail, recipientByEmail, requireMailer, type AccountMailDeps } from './accountMail.ts';
import { issueMailToken, useMailToken } from './mailTokens.ts';
import { signUp, type SignUpSteps } from './service.ts';

const confirmLink = (origin: string, token: string) => `${origin}/confirm-email#token=${token}`;

/**
 * Sign-up with EMAIL_CONFIRMATION=on and mail configured: the account and its confirmation mail
 * (24 h, single use) commit together. An address that already has an account gets the same
 * answer as a new one (a made-up id), and its owner a mail saying someone tried, so sign-up
 * tells no stranger who has an account (as GoTrue does).
 */
export async function signUpWithConfirmation(
  deps: AccountMailDeps & { emailConfirmation: boolean }, body: SignUpBody, origin: string, fallbackLanguage: string | null,
  steps: SignUpSteps = {},
): Promise<{ id: string; email: string }> {
  const mailer = requireMailer(deps.mailer);
  try {
    const user = await signUp(deps, body, { before: steps.before, after: async (tx, created) => {
      await steps.after?.(tx, created);
      const { token, hash } = await issueMailToken(tx, created.id, 'email_confirmation', deps.now());
      const to = { id: created.id, email: created.email, username: body.username, language: null };
      await queueAccountMail(tx, mailer, `email_confirmation:${hash}`, 'email_confirmation', to, fallbackLanguage, confirmLink(origin, token));
    } });
    mailer.queued();
    return user;
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'email_taken') throw err;
    const owner = await recipientByEmail(deps.db, body.email);
    const confirmed = owner && (await deps.db.selectFrom('users').select('email_confirmed_at').where('id', '=', owner.id).executeTakeFirst())?.email_confirmed_at;
    // Signing up again before confirming is most likely the owner who lost the mail: a new link.
    if (owner && !confirmed) await resendConfirmation(deps, body.email, origin, fallbackLanguage);
    else if (owner) {
      await deps.db.transaction().execute((tx) =>
        queueAccountMail(tx, mailer, `sign_up_attempt:${randomUUID()}`, 'sign_up_attempt', owner, fallbackLanguage, `${origin}/forgot-password`));
      mailer.queued();
    }
    return { id: randomUUID(), email: body.email };
  }
}

/**
 * "Resend the confirmation e-mail": a new link (voiding the older ones) for an unconfirmed
 * account; nothing for an unknown or confirmed address, with the same answer.
 */
export async function resendConfirmation(deps: AccountMailDeps, email: string, origin: string, fallbackLanguage: string | null): Promise<void> {
  const mailer = requireMailer(deps.mailer);
  const user = await recipientByEmail(deps.db, email);
  if (!user) return;
  const now = deps.now();
  const queued = await deps.db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('users').select('email_confirmed_at').where('id', '=', user.id).forUpdate().executeTakeFirst();
    if (!row || row.email_confirmed_at) return false;
    if (await mailedRecently(tx, user.id, 'email_confirmation', now, deps.mailEveryMs)) return false;
    const { token, hash } = await issueMailToken(tx, user.id, 'email_confirmation', now);
    await queueAccountMail(tx, mailer, `email_confirmation:${hash}`, 'email_confirmation', user, fallbackLanguage, confirmLink(origin, token));
    return true;
  });
  if (queued) mailer.queued();
}

/**
 * Opening a confirmation link: the address is confirmed (the caller signs the person in). A disabled account
 * is refused as sign-in refuses it (403 account_disabled), before anything changes and before any session.
 */
export async function confirmEmail(deps: AccountMailDeps, token: string): Promise<{ id: string; email: string }> {
  const now = deps.now();
  return deps.db.transaction().execute(async (tx) => {
    const userId = await useMailToken(tx, token, 'email_confirmation', now);
    const account = await tx.selectFrom('users').select('disabled_at').where('id', '=', userId).executeTakeFirst();
    if (account?.disabled_at) throw new AppError(403, 'account_disabled', AUTH_MESSAGES.accountDisabled);
    return tx
      .updateTable('users')
      .set((eb) => ({ email_confirmed_at: eb.fn.coalesce('email_confirmed_at', eb.val(now)), email_proven_at: eb.fn.coalesce('email_proven_at', eb.val(now)) }))
      .where('id', '=', userId)
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
  });
}
