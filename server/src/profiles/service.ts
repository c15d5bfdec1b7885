import { AUTH_MESSAGES, type Profile, type UpdateProfileBody } from '@parley/common';
import type { Db } from '../db/connect.ts';
import { uniqueViolation } from '../db/errors.ts';
import { AppError, notFound } from '../http/errors.ts';
import { presentProfile } from './presenter.ts';

export async function getProfile(db: Db, userId: string): Promise<Profile> {
  const row = await db.selectFrom('profiles').selectAll()
    .select((eb) => eb.selectFrom('users').select('is_bot').whereRef('users.id', '=', 'profiles.id').as('is_bot'))
    .where('id', '=', userId).executeTakeFirst();
  if (!row) throw notFound('Profile not found');
  return presentProfile(row);
}

/** Updates only the caller's own row: the id comes from the session, never from the body. */
export async function updateProfile(db: Db, userId: string, changes: UpdateProfileBody, now: Date): Promise<Profile> {
  if (Object.keys(changes).length === 0) return getProfile(db, userId);
  try {
    const row = await db
      .updateTable('profiles')
      .set({ ...changes, updated_at: now })
      .where('id', '=', userId)
      .returningAll()
      .returning((eb) => eb.selectFrom('users').select('is_bot').whereRef('users.id', '=', 'profiles.id').as('is_bot'))
      .executeTakeFirst();
    if (!row) throw notFound('Profile not found');
    return presentProfile(row);
  } catch (err) {
    if (uniqueViolation(err)?.includes('username')) {
      throw new AppError(409, 'username_taken', AUTH_MESSAGES.usernameTaken);
    }
    throw err;
  }
}
