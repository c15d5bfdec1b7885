import { AUTH_MESSAGES, LIMITS, type SignInBody, type SignUpBody } from '@parley/common';
import type { Transaction } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { uniqueViolation } from '../db/errors.ts';
import { AppError } from '../http/errors.ts';
import { burnVerifyTime, hashPassword, verifyPassword } from './passwords.ts';

export interface AccountDeps {
  db: Db;
  emailConfirmation: boolean;
  now: () => Date;
}

/** Steps other features run inside the sign-up transaction (auth/hooks.ts). */
export interface SignUpSteps {
  before?: (trx: Transaction<Database>) => Promise<void>;
  after?: (trx: Transaction<Database>, user: { id: string; email: string; confirmed: boolean }) => Promise<void>;
}

const invalidCredentials = () => new AppError(401, 'invalid_credentials', AUTH_MESSAGES.invalidCredentials);

export async function signUp(deps: AccountDeps, body: SignUpBody, steps: SignUpSteps = {}): Promise<{ id: string; email: string }> {
  if (body.password.length < LIMITS.passwordMin) {
    throw new AppError(400, 'weak_password', AUTH_MESSAGES.weakPassword);
  }
  const passwordHash = await hashPassword(body.password);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      await steps.before?.(trx);
      const user = await trx
        .insertInto('users')
        .values({
          email: body.email,
          password_hash: passwordHash,
          email_confirmed_at: deps.emailConfirmation ? null : deps.now(),
        })
        .returning(['id', 'email'])
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('profiles')
        .values({ id: user.id, username: body.username, email: body.email })
        .execute();
      await steps.after?.(trx, { ...user, confirmed: !deps.emailConfirmation });
      return user;
    });
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint?.includes('email')) throw new AppError(409, 'email_taken', AUTH_MESSAGES.emailTaken);
    if (constraint?.includes('username')) throw new AppError(409, 'username_taken', AUTH_MESSAGES.usernameTaken);
    throw err;
  }
}

/** Unknown e-mail and wrong password give the same answer, in about the same time. */
export async function verifyCredentials(deps: AccountDeps, body: SignInBody): Promise<{ id: string; email: string }> {
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash', 'email_confirmed_at', 'disabled_at', 'is_bot'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', body.email.toLowerCase()))
    .executeTakeFirst();
  // A bot has no password (issue 35 item 3): the same answer as an unknown address.
  if (!user || user.is_bot) {
    await burnVerifyTime(body.password);
    throw invalidCredentials();
  }
  if (!(await verifyPassword(user.password_hash, body.password))) throw invalidCredentials();
  if (user.disabled_at) throw new AppError(403, 'account_disabled', AUTH_MESSAGES.accountDisabled);
  if (!user.email_confirmed_at) throw new AppError(403, 'email_not_confirmed', AUTH_MESSAGES.emailNotConfirmed);
  return { id: user.id, email: user.email };
}

/** Record a successful sign-in; true when it is the account's first (one statement, so two at once agree). */
export async function recordSignIn(deps: AccountDeps, userId: string): Promise<boolean> {
  const first = await deps.db
    .updateTable('users')
    .set({ first_signed_in_at: deps.now() })
    .where('id', '=', userId)
    .where('first_signed_in_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return first !== undefined;
}

/** The user part of a sign-in answer, read after the sign-in hooks (ADMIN_EMAILS may have just made an admin). */
export async function sessionUser(db: Db, userId: string): Promise<{ id: string; email: string; admin?: true }> {
  const row = await db.selectFrom('users').select(['id', 'email', 'role']).where('id', '=', userId).executeTakeFirstOrThrow();
  return { id: row.id, email: row.email, ...(row.role === 'admin' ? { admin: true as const } : {}) };
}
