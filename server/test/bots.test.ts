import type { AdminBotView, BotView, ChatMessage, CreatedToken, MessageSearchHit, RoomMember, UserSearchResult } from '@parley/common';
import { describe, expect, it } from 'vitest';
import { signIn, signUpAndIn, signUpSpeaking, uniqueUser, useTestServer } from './helpers.ts';
import { settledMessage } from './support/poll.ts';

/** Bots (issue 35 item 3): accounts without a password that act through their owner's tokens, under the same rules. */
const adminUser = uniqueUser('botadmin');
const s = useTestServer({ env: { ADMIN_EMAILS: adminUser.email } });

type Person = Awaited<ReturnType<typeof signUpAndIn>>;
let n = 0;

async function makeBot(owner: Person, language = 'en'): Promise<{ id: string; username: string; token: string }> {
  const username = `bot${(n += 1)}${Date.now().toString(36)}`;
  const made = await s.app.inject({ method: 'POST', url: '/api/bots', payload: { username, language }, headers: { cookie: owner.cookie } });
  expect(made.statusCode, made.body).toBe(201);
  const { id } = made.json() as { id: string };
  const tok = await s.app.inject({ method: 'POST', url: `/api/bots/${id}/tokens`, payload: { name: 'main', scopes: ['read', 'write'] }, headers: { cookie: owner.cookie } });
  expect(tok.statusCode, tok.body).toBe(201);
  return { id, username, token: (tok.json() as CreatedToken).token };
}
const asBot = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  s.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}`, 'sec-fetch-site': 'none' } });
const asPerson = (p: Person, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  s.app.inject({ method, url, payload, headers: { cookie: p.cookie } });

async function pairRoom(person: Person, botId: string): Promise<string> {
  const res = await asPerson(person, 'POST', '/api/chats', { userId: botId });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return (res.json() as { room: { id: string } }).room.id;
}

describe('bots', () => {
  it('is an account of its own: its token acts as the bot, marked bot; it has no password and no single sign-on', async () => {
    const owner = await signUpAndIn(s.app);
    const bot = await makeBot(owner, 'de');
    const profile = await asBot(bot.token, 'GET', '/api/profile');
    expect(profile.json()).toMatchObject({ id: bot.id, username: bot.username, language: 'de', bot: true });
    expect((await asPerson(owner, 'GET', '/api/profile')).json().bot).toBeUndefined();

    const listed = (await asPerson(owner, 'GET', '/api/bots')).json().bots as BotView[];
    expect(listed).toEqual([expect.objectContaining({ id: bot.id, username: bot.username, language: 'de', tokens: [expect.objectContaining({ name: 'main', scopes: ['read', 'write'] })] })]);

    const row = await s.database.db.selectFrom('users').select(['email', 'password_hash']).where('id', '=', bot.id).executeTakeFirstOrThrow();
    expect(row.email).toMatch(/@bots\.invalid$/);
    for (const password of [row.password_hash, 'anything at all']) {
      const res = await s.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: row.email, password } });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('invalid_credentials');
    }
  });

  it('someone who does not own it cannot see it, delete it or make its tokens: the same 404 as a made-up id', async () => {
    const owner = await signUpAndIn(s.app);
    const eve = await signUpAndIn(s.app);
    const bot = await makeBot(owner);
    expect((await asPerson(eve, 'GET', '/api/bots')).json().bots).toEqual([]);
    for (const id of [bot.id, '00000000-0000-4000-8000-000000000000']) {
      for (const [method, url, payload] of [['DELETE', `/api/bots/${id}`, undefined], ['POST', `/api/bots/${id}/tokens`, { name: 'x', scopes: ['read'] }]] as const) {
        const res = await asPerson(eve, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().error.code).toBe('not_found');
      }
    }
    // A person's id is not a bot's either.
    expect((await asPerson(owner, 'POST', `/api/bots/${eve.id}/tokens`, { name: 'x', scopes: ['read'] })).statusCode).toBe(404);
    expect((await asBot(bot.token, 'GET', '/api/profile')).statusCode).toBe(200);
  });

  it('cannot start a one-to-one chat with a stranger, and answers someone who wrote to it first', async () => {
    const owner = await signUpAndIn(s.app);
    const ana = await signUpAndIn(s.app);
    const bot = await makeBot(owner);
    const start = await asBot(bot.token, 'POST', '/api/chats', { userId: ana.id });
    expect(start.statusCode).toBe(403);
    expect(start.json().error.code).toBe('bot_cannot_start_chat');

    const roomId = await pairRoom(ana, bot.id);
    const early = await asBot(bot.token, 'POST', `/api/chats/${roomId}/messages`, { content: 'Hello!', clientId: 'bot-early-0001' });
    expect(early.statusCode).toBe(403);
    expect(early.json().error.code).toBe('bot_cannot_start_chat');

    expect((await asPerson(ana, 'POST', `/api/chats/${roomId}/messages`, { content: 'hi bot', clientId: 'ana-to-bot-0001' })).statusCode).toBe(201);
    const answer = await asBot(bot.token, 'POST', `/api/chats/${roomId}/messages`, { content: 'Hello!', clientId: 'bot-answer-0001' });
    expect(answer.statusCode, answer.body).toBe(201);
    // Now the room exists and the person wrote: opening it is no longer starting anything.
    expect((await asBot(bot.token, 'POST', '/api/chats', { userId: ana.id })).json().room.id).toBe(roomId);
    const list = (await asPerson(ana, 'GET', '/api/chats')).json() as { conversations: { id: string; otherUser: { bot?: true } }[] };
    expect(list.conversations.find((c) => c.id === roomId)?.otherUser.bot).toBe(true);
  });

  it('its message is translated for each reader, its language the source', async () => {
    const owner = await signUpAndIn(s.app);
    const bruno = await signUpSpeaking(s.app, 'es');
    const bot = await makeBot(owner, 'en');
    const roomId = await pairRoom(bruno, bot.id);
    await asPerson(bruno, 'POST', `/api/chats/${roomId}/messages`, { content: 'hola', clientId: 'bruno-to-bot-0001' });
    const sent = await asBot(bot.token, 'POST', `/api/chats/${roomId}/messages`, { content: 'Where is the train station?', clientId: 'bot-station-0001' });
    expect(sent.statusCode, sent.body).toBe(201);
    const read = await settledMessage(s.app, bruno.cookie, roomId, (sent.json() as { message: ChatMessage }).message.id);
    expect(read).toMatchObject({ translation_status: 'done', original_language: 'en', target_language: 'es' });
    expect(read.translated_content?.toLowerCase()).toContain('tren');
  });

  it('a block applies to a bot as to a person', async () => {
    const owner = await signUpAndIn(s.app);
    const ana = await signUpAndIn(s.app);
    const bot = await makeBot(owner);
    const roomId = await pairRoom(ana, bot.id);
    await asPerson(ana, 'POST', `/api/chats/${roomId}/messages`, { content: 'hi', clientId: 'ana-block-0001' });
    expect((await asBot(bot.token, 'POST', `/api/chats/${roomId}/messages`, { content: 'one', clientId: 'bot-block-0001' })).statusCode).toBe(201);
    expect((await asPerson(ana, 'POST', '/api/blocks', { userId: bot.id })).statusCode).toBeLessThan(300);
    const refused = await asBot(bot.token, 'POST', `/api/chats/${roomId}/messages`, { content: 'two', clientId: 'bot-block-0002' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('cannot_message');
    // Someone who blocked the bot is not found by it.
    const found = (await asBot(bot.token, 'GET', `/api/users/search?q=${ana.username}`)).json().users as UserSearchResult[];
    expect(found).toEqual([]);
  });

  it('joins groups like a person, is found by the member search and marked as a bot', async () => {
    const owner = await signUpAndIn(s.app);
    const ana = await signUpAndIn(s.app);
    const bot = await makeBot(owner);
    const found = (await asPerson(ana, 'GET', `/api/users/search?q=${bot.username}`)).json().users as UserSearchResult[];
    expect(found).toEqual([{ id: bot.id, username: bot.username, email: null, bot: true }]);
    const people = (await asPerson(ana, 'GET', `/api/users/search?q=${owner.username}`)).json().users as UserSearchResult[];
    expect(people[0]?.bot).toBeUndefined();

    const group = await asPerson(ana, 'POST', '/api/groups', { name: 'Builds', memberIds: [bot.id, owner.id] });
    expect(group.statusCode, group.body).toBe(201);
    const roomId = (group.json() as { room: { id: string } }).room.id;
    // In a group the bot may speak first: someone added it.
    expect((await asBot(bot.token, 'POST', `/api/chats/${roomId}/messages`, { content: 'Build passed', clientId: 'bot-group-0001' })).statusCode).toBe(201);
    const hits = (await asPerson(ana, 'GET', `/api/messages/search?q=${encodeURIComponent('Build passed')}`)).json().results as MessageSearchHit[];
    expect(hits.map((h) => [h.senderId, h.senderBot])).toEqual([[bot.id, true]]);
    const members = (await asPerson(ana, 'GET', `/api/chats/${roomId}/members`)).json().members as RoomMember[];
    expect(members.find((m) => m.id === bot.id)?.bot).toBe(true);
    expect(members.find((m) => m.id === ana.id)?.bot).toBeUndefined();
  });

  it('deleting it ends its tokens and keeps its messages; disabling its owner stops its tokens', async () => {
    const owner = await signUpAndIn(s.app);
    const ana = await signUpAndIn(s.app);
    const bot = await makeBot(owner);
    const roomId = await pairRoom(ana, bot.id);
    await asPerson(ana, 'POST', `/api/chats/${roomId}/messages`, { content: 'hi', clientId: 'ana-del-0001' });
    await asBot(bot.token, 'POST', `/api/chats/${roomId}/messages`, { content: 'Hello!', clientId: 'bot-del-0001' });
    expect((await asPerson(owner, 'DELETE', `/api/bots/${bot.id}`)).statusCode).toBe(204);
    expect((await asBot(bot.token, 'GET', '/api/profile')).statusCode).toBe(401);
    const history = (await asPerson(ana, 'GET', `/api/chats/${roomId}/messages`)).json() as { messages: ChatMessage[] };
    expect(history.messages.map((m) => m.content)).toContain('Hello!');

    const other = await makeBot(owner);
    expect((await asBot(other.token, 'GET', '/api/profile')).statusCode).toBe(200);
    const known = await s.database.db.selectFrom('users').select('id').where('email', '=', adminUser.email).executeTakeFirst();
    const admin = known ? await signIn(s.app, adminUser.email, adminUser.password) : (await signUpAndIn(s.app, adminUser)).cookie;
    expect((await s.app.inject({ method: 'POST', url: `/api/admin/users/${owner.id}/disable`, headers: { cookie: admin } })).statusCode).toBe(200);
    expect((await asBot(other.token, 'GET', '/api/profile')).statusCode).toBe(401);
  });

  it('the console lists every bot and deletes any; bot creation is refused while integrations are off', async () => {
    const owner = await signUpAndIn(s.app);
    const bot = await makeBot(owner);
    const known = await s.database.db.selectFrom('users').select('id').where('email', '=', adminUser.email).executeTakeFirst();
    const admin = known ? await signIn(s.app, adminUser.email, adminUser.password) : (await signUpAndIn(s.app, adminUser)).cookie;
    const bots = (await s.app.inject({ url: '/api/admin/integrations/bots', headers: { cookie: admin } })).json().bots as AdminBotView[];
    expect(bots.find((b) => b.id === bot.id)).toMatchObject({ username: bot.username, ownerEmail: owner.email, tokenCount: 1 });

    await s.app.inject({ method: 'PUT', url: '/api/admin/integrations/settings', payload: { enabled: false }, headers: { cookie: admin } });
    const refused = await asPerson(owner, 'POST', '/api/bots', { username: `late${Date.now().toString(36)}`, language: 'en' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('integrations_disabled');
    expect((await asBot(bot.token, 'GET', '/api/profile')).json().error.code).toBe('integrations_disabled');
    await s.app.inject({ method: 'PUT', url: '/api/admin/integrations/settings', payload: { enabled: true }, headers: { cookie: admin } });

    expect((await s.app.inject({ method: 'DELETE', url: `/api/admin/integrations/bots/${bot.id}`, headers: { cookie: admin } })).statusCode).toBe(204);
    expect((await asPerson(owner, 'GET', '/api/bots')).json().bots).toEqual([]);
    const audit = (await s.app.inject({ url: '/api/admin/audit?limit=100', headers: { cookie: admin } })).json().entries as { action: string; details: { username?: string } | null }[];
    expect(audit.filter((e) => e.details?.username === bot.username).map((e) => e.action)).toEqual(['bot.deleted', 'bot.created']);
  });
});

describe('the send limit', () => {
  const limited = useTestServer({ sendsPer10s: 2 });
  it('counts a bot\'s sends as a person\'s (429 rate_limited past it)', async () => {
    const owner = await signUpAndIn(limited.app);
    const ana = await signUpAndIn(limited.app);
    const made = await limited.app.inject({ method: 'POST', url: '/api/bots', payload: { username: `lim${Date.now().toString(36)}`, language: 'en' }, headers: { cookie: owner.cookie } });
    const botId = (made.json() as { id: string }).id;
    const token = ((await limited.app.inject({ method: 'POST', url: `/api/bots/${botId}/tokens`, payload: { name: 't', scopes: ['write'] }, headers: { cookie: owner.cookie } })).json() as CreatedToken).token;
    const roomId = ((await limited.app.inject({ method: 'POST', url: '/api/chats', payload: { userId: botId }, headers: { cookie: ana.cookie } })).json() as { room: { id: string } }).room.id;
    await limited.app.inject({ method: 'POST', url: `/api/chats/${roomId}/messages`, payload: { content: 'hi', clientId: 'ana-limit-0001' }, headers: { cookie: ana.cookie } });
    const statuses: number[] = [];
    for (let i = 1; i <= 3; i++) {
      const res = await limited.app.inject({
        method: 'POST', url: `/api/chats/${roomId}/messages`, payload: { content: `n${i}`, clientId: `bot-limit-000${i}` },
        headers: { authorization: `Bearer ${token}`, 'sec-fetch-site': 'none' },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().error.code).toBe('rate_limited');
    }
    expect(statuses).toEqual([201, 201, 429]);
  });
});
