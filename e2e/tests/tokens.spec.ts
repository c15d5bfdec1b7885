import { expect, test } from '@playwright/test';
import { conversationRow, messagesOf, newActor, sendAndSee, signInUi, signUpViaApi } from '../support.ts';

/**
 * Issue 35 items 2 and 3 in Chromium: Profile -> API tokens makes a token (shown once, with a warning and a copy
 * button); a script outside the browser (Node's fetch, no cookie) reads and writes with it as the person; revoked
 * from the profile (after a confirmation) it answers 401. Profile -> Bots makes a bot, marked "BOT", and a token for
 * it; Ana opens a conversation with the bot (its header marked "BOT"), writes, and the bot's answer, sent by a script
 * with its token, arrives in her conversation.
 */
test('a token made in the profile works from a script until it is revoked; a bot is made and marked', async ({ browser, baseURL }) => {
  const ana = await newActor(browser, 'ana');
  await signUpViaApi(ana);
  await signInUi(ana, 'English');
  const { page } = ana;
  await page.goto('/profile');

  const section = page.getByTestId('tokens-section');
  await expect(section).toContainText('API tokens');
  await section.getByTestId('token-name').fill('deploy script');
  await section.getByTestId('token-scope-write').check();
  await section.getByTestId('token-create').click();
  const dialog = page.getByTestId('new-token-dialog');
  await expect(dialog).toContainText('It will not be shown again.');
  const token = (await dialog.getByTestId('new-token-value').textContent()) ?? '';
  expect(token).toMatch(/^pat_[A-Za-z0-9_-]{43}$/);
  await dialog.getByTestId('new-token-done').click();
  await expect(dialog).toBeHidden();
  await expect(section.getByTestId('token')).toContainText('deploy script');
  await expect(page.getByText(token)).toHaveCount(0);

  const call = (method: string, path: string, body?: object) => fetch(`${baseURL}${path}`, {
    method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined,
  });
  const me = await call('GET', '/api/profile');
  expect(me.status).toBe(200);
  expect((await me.json() as { username: string }).username).toBe(ana.username);
  expect((await call('PATCH', '/api/profile', { bio: 'Set from a script' })).status).toBe(200);
  // The profile page shows what the script wrote, and the token's last use.
  await page.reload();
  await expect(page.locator('#profile-bio')).toHaveValue('Set from a script');
  await expect(page.getByTestId('tokens-section').getByTestId('token')).toContainText('Last used');

  await page.getByTestId('tokens-section').getByTestId('token-revoke').click();
  await page.getByTestId('revoke-token-dialog-confirm').click();
  await expect(page.getByTestId('tokens-section')).toContainText('No tokens yet.');
  expect((await call('GET', '/api/profile')).status).toBe(401);

  const bots = page.getByTestId('bots-section');
  const botName = `${ana.username}bot`.slice(0, 32);
  await bots.getByTestId('bot-username').fill(botName);
  await bots.getByTestId('bot-create').click();
  await expect(bots.getByTestId('bot')).toContainText(botName);
  await expect(bots.getByTestId('bot').getByTestId('bot-badge')).toHaveText('BOT');

  // A token for the bot, made in its row; the bot answers Ana once she wrote to it, marked BOT in her conversation.
  await bots.getByTestId('bot-new-token').click();
  await bots.getByTestId('bot-token-name').fill('answers');
  await bots.getByTestId('bot-token-scope-write').check();
  await bots.getByTestId('bot-token-create').click();
  const botToken = (await page.getByTestId('new-token-value').textContent()) ?? '';
  await page.getByTestId('new-token-done').click();
  await expect(bots.getByTestId('bot-token')).toContainText('answers');
  const botId = await page.evaluate(async () => ((await (await fetch('/api/bots')).json()) as { bots: { id: string }[] }).bots[0]!.id);
  expect(await page.evaluate(async (userId) => (await fetch('/api/chats', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId }),
  })).status, botId)).toBe(201);
  await page.goto('/');
  await conversationRow(page, botName).getByTestId('conversation-open').click();
  await expect(page.getByTestId('conversation-partner')).toHaveText(botName);
  await expect(page.getByTestId('bot-badge')).toHaveText('BOT');
  await sendAndSee(ana, 'Is the build green?');
  const roomId = await page.getByTestId('chat-tab').getAttribute('data-room-id');
  const answer = await fetch(`${baseURL}/api/chats/${roomId}/messages`, {
    method: 'POST', headers: { authorization: `Bearer ${botToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ content: 'Yes, all checks passed.', clientId: 'bot-e2e-answer-1' }),
  });
  expect(answer.status).toBe(201);
  await expect(messagesOf(page, false).last()).toContainText('Yes, all checks passed.');
  await ana.context.close();
});
