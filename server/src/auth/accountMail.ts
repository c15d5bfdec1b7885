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
  /** PUBLIC_URL; without it, links use the origin the request came to. */
  publicUrl: string | undefined;
  now: () => Date;
}

export function requireMailer(mailer: Mailer | undefined): Mailer {
  if (!mailer) throw new AppError(503, 'mail_unavailable', AUTH_MESSAGES.mailUnavailable);
  return mailer;
}

/** The app's address for links in mails. */
export function linkOrigin(deps: AccountMailDeps, request: FastifyRequest): string {
  return deps.publicUrl ?? `${request.protocol}://${request.host}`;
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

/** The account of an e-mail address, with what its mails need; undefined when there is none. */
export async function recipientByEmail(db: Db, email: string): Promise<MailRecipient | undefined> {
  return db
    .selectFrom('users')
    .innerJoin('profiles', 'profiles.id', 'users.id')
    .select(['users.id', 'users.email', 'profiles.username', 'profiles.language'])
    .where((eb) => eb(eb.fn('lower', ['users.email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

/** Queue one mail to `to` inside `tx`, written in their language, under the request's key. */
export async function queueAccountMail(
  tx: Db, mailer: Mailer, key: string, kind: MailKind, to: MailRecipient, fallbackLanguage: string | null, link: string,
): Promise<void> {
  const { subject, text, html } = await renderMail(kind, to.language ?? fallbackLanguage, { name: to.username, link });
  await mailer.enqueue(tx, key, { to: to.email, subject, text, html });
}
