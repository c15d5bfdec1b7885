import { expect, test } from '@playwright/test';
import { conversationRow, messagesOf, newActor, quietScreenshots, signInUi, signUpViaApi, startChat, typeAndSend } from '../support.ts';

/**
 * Issue 23 in Chromium, two people: block from the conversation header (the blocker reads "You blocked {name} ·
 * Unblock" with the composer off; the blocked side is told "You can't message {name}", never why: issue 38
 * item 6), report a message, unblock from the profile; Profile ->
 * Security signs another device out; Profile -> Your data deletes the account and the partner's history then shows
 * "Deleted user" with no way to write.
 */

const messages = messagesOf;

const send = typeAndSend;

test('block, the neutral refusal, report a message, unblock from the profile', async ({ browser }) => {
  const ana = await newActor(browser, 'ana');
  const bruno = await newActor(browser, 'bruno');
  await signUpViaApi(ana);
  await signUpViaApi(bruno);
  await signInUi(ana, 'English');
  await signInUi(bruno, 'English');
  await startChat(ana, bruno);
  await send(bruno, 'Hello Ana, are you free on Friday?');
  await expect(messages(ana.page, false).last()).toContainText('Hello Ana');

  // Ana reports bruno's message from its menu, with a reason.
  await messages(ana.page, false).last().getByTestId('message-menu').click();
  await ana.page.getByTestId('report-message').click();
  await ana.page.getByTestId('report-reason').fill('Unwanted messages');
  await ana.page.getByTestId('report-send').click();
  await expect(ana.page.getByTestId('report-dialog')).toBeHidden();

  // Ana blocks bruno from the conversation header.
  await ana.page.getByTestId('conversation-safety-menu').click();
  await ana.page.getByTestId('safety-block').click();
  await ana.page.getByTestId('block-confirm').click();
  await expect(ana.page.getByTestId('block-dialog')).toBeHidden();
  // Ana's conversation says so, with Unblock, and its composer is off.
  await expect(ana.page.getByTestId('blocked-notice')).toContainText(`You blocked ${bruno.username}`);
  await expect(ana.page.getByTestId('message-input')).toHaveCount(0);

  // Bruno's next message is refused: he is told plainly he can't message ana (not why), and his text comes back.
  await send(bruno, 'Why no answer?');
  await expect(bruno.page.locator('[data-sonner-toast]').filter({ hasText: `You can't message ${ana.username}` })).toBeVisible();
  await expect(bruno.page.getByTestId('cannot-message-notice')).toContainText(`You can't message ${ana.username}`);
  await expect(bruno.page.getByTestId('message-input')).toHaveValue('Why no answer?');
  await expect(bruno.page.getByText(/block/i)).toHaveCount(0);

  // Unblock from the profile: bruno can write again.
  await ana.page.goto('/profile');
  const blocked = ana.page.locator(`[data-testid="blocked-user"][data-username="${bruno.username}"]`);
  await expect(blocked).toBeVisible();
  await blocked.getByRole('button').click();
  await expect(blocked).toHaveCount(0);
  await bruno.page.getByTestId('message-input').press('Enter');
  await ana.page.goto('/');
  await conversationRow(ana.page, bruno.username).getByTestId('conversation-open').click();
  await expect(messages(ana.page, false).last()).toContainText('Why no answer?');
});

test('Security signs another device out; deleting the account leaves the partner a "Deleted user" history', async ({ browser }) => {
  const ana = await newActor(browser, 'ana');
  const bruno = await newActor(browser, 'bruno');
  await signUpViaApi(ana);
  await signUpViaApi(bruno);
  await signInUi(ana, 'English');
  await signInUi(bruno, 'English');
  await startChat(ana, bruno);
  await send(ana, 'See you tomorrow at the station');
  await expect(messages(bruno.page, false).last()).toContainText('See you tomorrow');

  // A second device of ana's, signed out from the first one's device list.
  const laptop = await browser.newContext();
  const other = await laptop.newPage();
  await other.goto('/auth');
  if ((await other.getByTestId('auth-form').getAttribute('data-mode')) !== 'signIn') await other.getByTestId('auth-toggle').click();
  await other.getByLabel('Email').fill(ana.email);
  await other.getByLabel('Password', { exact: true }).fill(ana.password);
  await other.getByTestId('auth-submit').click();
  // A new device may ask for the language again: signed in is enough here.
  await other.waitForURL((u) => u.pathname === '/');
  await ana.page.goto('/profile');
  const devices = ana.page.getByTestId('device');
  await expect(devices).toHaveCount(2);
  await ana.page.getByTestId('sign-out-others').click();
  await expect(devices).toHaveCount(1);
  // That device held only the language step (no socket open): its next load finds the session gone.
  await other.reload();
  await other.waitForURL((u) => u.pathname === '/auth', { timeout: 30_000 });
  await laptop.close();

  // Download my data: one JSON file with the conversation.
  const [download] = await Promise.all([ana.page.waitForEvent('download'), ana.page.getByTestId('download-data').click()]);
  expect(download.suggestedFilename()).toMatch(/^parley-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8')));
  expect(data.conversations[0].messages[0].original.text).toBe('See you tomorrow at the station');

  // Delete the account: a wrong password is refused in place, the right one ends the session.
  await ana.page.getByTestId('delete-account').click();
  const dialog = ana.page.getByTestId('delete-account-dialog');
  await dialog.getByLabel('Your password').fill('not-my-password');
  await dialog.getByTestId('delete-account-confirm').click();
  await expect(dialog.getByRole('alert')).toHaveText('The password is not correct.');
  await quietScreenshots(ana.page, 'account-delete-dialog');
  await dialog.getByLabel('Your password').fill(ana.password);
  await dialog.getByTestId('delete-account-confirm').click();
  await ana.page.waitForURL((u) => u.pathname === '/auth');

  // Bruno keeps the history; the conversation is with "Deleted user" and takes no new message.
  await expect(bruno.page.getByTestId('conversation-partner')).toHaveText('Deleted user', { timeout: 15_000 });
  await expect(messages(bruno.page, false).last()).toContainText('See you tomorrow');
  await expect(bruno.page.getByTestId('partner-deleted-notice')).toHaveText("You can't send messages to this conversation");
  await expect(bruno.page.getByTestId('message-input')).toHaveCount(0);
  await quietScreenshots(bruno.page, 'conversation-with-deleted-user');
});
