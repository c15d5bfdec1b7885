import { randomUUID } from 'node:crypto';
import { TOKEN_LIMITS, type AdminBotView, type BotView, type CreateBotBody } from '@parley/common';
import { announceDeletion, removeAccount } from '../account/deletion.ts';
import type { Db } from '../db/connect.ts';
import { uniqueViolation } from '../db/errors.ts';
import { AppError, notFound } from '../http/errors.ts';
import { presentToken, TOKEN_COLUMNS } from './tokens.ts';
import type { IntegrationActor, IntegrationDeps } from './types.ts';

/** No argon2 hash is this: a bot never signs in with a password (sign-in also refuses is_bot outright). */
const BOT_PASSWORD = '!bot';

export const botNotFound = () => notFound('No such bot');

/**
 * A bot: an account of its own (username, language, avatar) that acts through the tokens its owner makes. Its
 * e-mail is a made-up address under `.invalid` (RFC 2606: never deliverable), so no mail reaches anyone and the
 * address cannot be claimed by single sign-on. Audited as `bot.created`.
 */
export async function createBot(deps: IntegrationDeps, owner: IntegrationActor & { id: string }, body: CreateBotBody): Promise<{ id: string }> {
  const now = deps.now();
  const email = `bot-${randomUUID()}@bots.invalid`;
  try {
    return await deps.db.transaction().execute(async (trx) => {
      await trx.selectFrom('users').select('id').where('id', '=', owner.id).forUpdate().executeTakeFirst();
      const count = await trx.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).where('bot_owner_id', '=', owner.id).executeTakeFirstOrThrow();
      if (Number(count.n) >= TOKEN_LIMITS.botsPerOwner) throw new AppError(409, 'too_many_bots', `A person owns at most ${TOKEN_LIMITS.botsPerOwner} bots`);
      const user = await trx.insertInto('users')
        .values({ email, password_hash: BOT_PASSWORD, email_confirmed_at: now, is_bot: true, bot_owner_id: owner.id, first_signed_in_at: now })
        .returning('id').executeTakeFirstOrThrow();
      await trx.insertInto('profiles').values({ id: user.id, username: body.username, email, language: body.language }).execute();
      await deps.audit(trx, { action: 'bot.created', actor: owner, target: { id: user.id, email: null }, details: { username: body.username, language: body.language } });
      return { id: user.id };
    });
  } catch (err) {
    if (uniqueViolation(err)?.includes('username')) throw new AppError(409, 'username_taken', 'Username already taken');
    throw err;
  }
}

/** The owner's bots with their tokens. */
export async function listBots(db: Db, ownerId: string): Promise<BotView[]> {
  const bots = await db.selectFrom('users').innerJoin('profiles', 'profiles.id', 'users.id')
    .select(['users.id', 'profiles.username', 'profiles.language', 'profiles.avatar_url', 'users.created_at'])
    .where('users.bot_owner_id', '=', ownerId).where('users.is_bot', '=', true)
    .orderBy('users.created_at').orderBy('users.id').execute();
  if (bots.length === 0) return [];
  const tokens = await db.selectFrom('api_tokens').select([...TOKEN_COLUMNS, 'user_id'])
    .where('user_id', 'in', bots.map((b) => b.id)).orderBy('created_at', 'desc').execute();
  return bots.map((b) => ({
    id: b.id, username: b.username, language: b.language, avatarUrl: b.avatar_url,
    createdAt: new Date(b.created_at).toISOString(),
    tokens: tokens.filter((t) => t.user_id === b.id).map(presentToken),
  }));
}

/** The bot `botId` if `ownerId` owns it (an operator: any bot); anything else is the same 404. */
export async function ownedBot(db: Db, botId: string, ownerId: string | null): Promise<{ id: string; username: string }> {
  let query = db.selectFrom('users').innerJoin('profiles', 'profiles.id', 'users.id')
    .select(['users.id', 'profiles.username']).where('users.id', '=', botId).where('users.is_bot', '=', true);
  if (ownerId) query = query.where('users.bot_owner_id', '=', ownerId);
  const bot = await query.executeTakeFirst();
  if (!bot) throw botNotFound();
  return bot;
}

/**
 * Delete a bot: the same removal as an account's (its messages stay for the others, from "Deleted user"; its
 * tokens go with it), audited as `bot.deleted`. `ownerId` null: an operator.
 */
export async function deleteBot(deps: IntegrationDeps, actor: IntegrationActor, botId: string, ownerId: string | null): Promise<void> {
  const bot = await ownedBot(deps.db, botId, ownerId);
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const result = await removeAccount(trx, bot.id, { eraseMessages: false });
    await deps.audit(trx, { action: 'bot.deleted', actor, target: { id: bot.id, email: null }, details: { username: bot.username, ...(ownerId ? {} : { byOperator: true }) } });
    return result;
  });
  announceDeletion(outcome, deps);
}

/** The console: every bot, with its owner and how many tokens it has. */
export async function listAllBots(db: Db): Promise<AdminBotView[]> {
  const rows = await db.selectFrom('users').innerJoin('profiles', 'profiles.id', 'users.id')
    .leftJoin('users as owner', 'owner.id', 'users.bot_owner_id')
    .select((eb) => ['users.id', 'profiles.username', 'profiles.language', 'users.created_at', 'owner.email as owner_email',
      eb.selectFrom('api_tokens').select((e) => e.fn.countAll<string>().as('n')).whereRef('api_tokens.user_id', '=', 'users.id').as('token_count')])
    .where('users.is_bot', '=', true).orderBy('users.created_at', 'desc').limit(500).execute();
  return rows.map((r) => ({
    id: r.id, username: r.username, language: r.language, createdAt: new Date(r.created_at).toISOString(),
    ownerEmail: r.owner_email, tokenCount: Number(r.token_count ?? 0),
  }));
}
