import { AUTH_MESSAGES, LIMITS, type SignInBody, type SignUpBody } from '@parley/common';
import type { Db } from '../db/connect.ts';
import { uniqueViolation } from '../db/errors.ts';
import { AppError } from '../http/errors.ts';
import { burnVerifyTime, hashPassword, verifyPassword } from './passwords.ts';

export interface AccountDeps {
  db: Db;
  emailConfirmation: boolean;
  now: () => Date;
}

const invalidCredentials = () => new AppError(401, 'invalid_credentials', AUTH_MESSAGES.invalidCredentials);

/** `inTransaction` runs inside the sign-up's transaction (the confirmation mail commits with the account). */
export async function signUp(
  deps: AccountDeps, body: SignUpBody, inTransaction?: (tx: Db, user: { id: string; email: string }) => Promise<void>,
): Promise<{ id: string; email: string }> {
  if (body.password.length < LIMITS.passwordMin) {
    throw new AppError(400, 'weak_password', AUTH_MESSAGES.weakPassword);
  }
  const passwordHash = await hashPassword(body.password);
  try {
    return await deps.db.transaction().execute(async (trx) => {
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
      await inTransaction?.(trx, user);
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
    .select(['id', 'email', 'password_hash', 'email_confirmed_at'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', body.email.toLowerCase()))
    .executeTakeFirst();
  if (!user) {
    await burnVerifyTime(body.password);
    throw invalidCredentials();
  }
  if (!(await verifyPassword(user.password_hash, body.password))) throw invalidCredentials();
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
