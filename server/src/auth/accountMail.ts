import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES, resolveLanguage } from '@parley/common';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connect.ts';
import { AppError } from '../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderMail, type MailKind } from '../mail/templates.ts';

/** What the mailing parts of auth need. */
export interface AccountMailDeps {
  db: Db;
  /** undefined: SMTP_URL is not set and this server sends no mail. */
  mailer: Mailer | undefined;
  /** PUBLIC_URL: the only origin of links in mails (config requires it with SMTP_URL). */
  publicUrl: string | undefined;
  now: () => Date;
  /** At most one mailed link of a kind per account this often (MAIL_INTERVAL_SECONDS; default MAIL_EVERY_MS). */
  mailEveryMs?: number;
}

export function requireMailer(mailer: Mailer | undefined): Mailer {
  if (!mailer) throw new AppError(503, 'mail_unavailable', AUTH_MESSAGES.mailUnavailable);
  return mailer;
}

/**
 * The app's address for links in mails: PUBLIC_URL, never a request header (a forged Host would mail
 * the owner a genuine link to someone else's site). Start-up refuses SMTP_URL without PUBLIC_URL.
 */
export function linkOrigin(deps: Pick<AccountMailDeps, 'publicUrl'>): string {
  if (!deps.publicUrl) throw new AppError(503, 'mail_unavailable', AUTH_MESSAGES.mailUnavailable);
  return deps.publicUrl;
}

/** The browser's first language Parley writes (Accept-Language), for people who have not chosen one yet. */
export function requestLanguage(request: FastifyRequest): string | null {
  const header = request.headers['accept-language'];
  for (const part of (typeof header === 'string' ? header : '').split(',')) {
    const tag = part.split(';')[0]?.trim();
    const language = tag ? resolveLanguage(tag.split('-')[0] ?? '') : undefined;
    if (language) return language.code;
  }
  return null;
}

export interface MailRecipient {
  id: string;
  email: string;
  username: string;
  language: string | null;
}

/**
 * The account of an e-mail address, with what its mails need; undefined when there is none, or when it is
 * disabled (a disabled account is sent nothing: no reset, no confirmation, no warning).
 */
export async function recipientByEmail(db: Db, email: string): Promise<MailRecipient | undefined> {
  return db
    .selectFrom('users')
    .innerJoin('profiles', 'profiles.id', 'users.id')
    .select(['users.id', 'users.email', 'profiles.username', 'profiles.language'])
    .where((eb) => eb(eb.fn('lower', ['users.email']), '=', email.toLowerCase()))
    .where('users.disabled_at', 'is', null)
    .executeTakeFirst();
}

/** At most one mailed link of a kind per account per minute, however many people ask (checked in the mail's transaction). */
export const MAIL_EVERY_MS = 60_000;

/** Whether `userId` was sent a link of `kind` less than `everyMs` ago; locks the user's row so two requests at once agree. */
export async function mailedRecently(tx: Db, userId: string, kind: 'password_reset' | 'email_confirmation', now: Date, everyMs = MAIL_EVERY_MS): Promise<boolean> {
  await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
  const recent = await tx.selectFrom('account_tokens').select('id')
    .where('user_id', '=', userId).where('kind', '=', kind).where('created_at', '>', new Date(now.getTime() - everyMs))
    .executeTakeFirst();
  return recent !== undefined;
}

/** Queue one mail to `to` inside `tx`, written in their language, under the request's key. */
export async function queueAccountMail(
  tx: Db, mailer: Mailer, key: string, kind: MailKind, to: MailRecipient, fallbackLanguage: string | null, link: string,
): Promise<void> {
  const { subject, text, html } = await renderMail(kind, to.language ?? fallbackLanguage, { name: to.username, link });
  await mailer.enqueue(tx, key, { to: to.email, subject, text, html });
}

/**
 * A notice to an account's owner about a change they may not have made (single sign-on linked): its link
 * leads to "Forgot password?". Nothing when this server sends no mail, or the account is disabled.
 */
export async function mailAccountNotice(deps: AccountMailDeps, userId: string, kind: 'sso_linked', fallbackLanguage: string | null): Promise<void> {
  if (!deps.mailer || !deps.publicUrl) return;
  const mailer = deps.mailer;
  const to = await deps.db.selectFrom('users').innerJoin('profiles', 'profiles.id', 'users.id')
    .select(['users.id', 'users.email', 'profiles.username', 'profiles.language'])
    .where('users.id', '=', userId).where('users.disabled_at', 'is', null).executeTakeFirst();
  if (!to) return;
  await deps.db.transaction().execute((tx) => queueAccountMail(tx, mailer, `${kind}:${randomUUID()}`, kind, to, fallbackLanguage, `${deps.publicUrl}/forgot-password`));
  mailer.queued();
}
