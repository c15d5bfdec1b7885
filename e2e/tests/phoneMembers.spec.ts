import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { conversationRow, newActor, PHONE, SCREENS_DIR, sendAndSee, signUpOnPhone, userIdOf, openConversation } from '../support.ts';

/**
 * Issue 38 items 2 and 3 on a 390 px phone: ana (English) removes claire (French) from a group; claire's words keep
 * her name for ana and bruno (Spanish), and claire still reads the group up to "ana vous a retiré", without a
 * composer, until she deletes it. An operator invites someone who is not on Parley yet from the empty list: the
 * whole link, copied with one tap. Screenshots: artifacts/screens/members-*-phone.png.
 */
const GROUP = 'Trip to Lisbon';
const shot = async (page: Page, name: string) => {
  await page.mouse.move(2, 400);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await page.screenshot({ path: path.join(SCREENS_DIR, `members-${name}-phone.png`), animations: 'disabled' });
};

const send = sendAndSee;
test("a removed member's words keep their author; the removed member reads the group up to the removal", async ({ browser }) => {
  const ana = await newActor(browser, 'ana');
  const bruno = await newActor(browser, 'bruno');
  const claire = await newActor(browser, 'claire');
  await signUpOnPhone(ana, 'English');
  await signUpOnPhone(bruno, 'Spanish');
  await signUpOnPhone(claire, 'French');

  const members = [await userIdOf(ana.page, bruno.username), await userIdOf(ana.page, claire.username)];
  const roomId = await ana.page.evaluate(async ({ name, memberIds }) => {
    const res = await fetch('/api/groups', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, memberIds }) });
    return ((await res.json()) as { room: { id: string } }).room.id;
  }, { name: GROUP, memberIds: members });
  for (const actor of [ana, bruno, claire]) await openConversation(actor, GROUP);

  await send(claire, 'Bonjour à tous, je prends le train de 9 h');
  const claireWords = (page: Page) => page.locator('[data-testid="message"][data-mine="false"]').filter({ hasText: 'Bonjour à tous' });
  await expect(claireWords(bruno.page).getByTestId('message-sender')).toHaveText(claire.username);

  // ana removes claire (through the API: the group info's menu is groups.spec.ts's).
  const removed = await ana.page.evaluate(async ({ room, user }) => (await fetch(`/api/chats/${room}/members/${user}`, { method: 'DELETE' })).status, { room: roomId, user: members[1] });
  expect(removed).toBe(200);

  // Who said what does not change: for ana and bruno the words stay claire's, never "Someone"/"Alguien".
  await expect(bruno.page.getByTestId('system-line').last()).toHaveText(`${ana.username} quitó a ${claire.username}`);
  await expect(claireWords(bruno.page).getByTestId('message-sender')).toHaveText(claire.username);
  await expect(claireWords(ana.page).getByTestId('message-sender')).toHaveText(claire.username);
  // Also after a reload (names from the server's former members, not only from this tab's memory).
  await bruno.page.reload();
  await expect(claireWords(bruno.page).getByTestId('message-sender')).toHaveText(claire.username);
  await expect(bruno.page.getByText('Alguien')).toHaveCount(0);
  await shot(bruno.page, 'after-removal-bruno');

  // claire keeps the conversation, read-only, ending with "ana vous a retiré"; no composer.
  await expect(claire.page.getByTestId('removed-notice')).toBeVisible();
  await expect(claire.page.getByTestId('message-input')).toHaveCount(0);
  await expect(claire.page.getByTestId('system-line').last()).toHaveText(`${ana.username} vous a retiré`);
  await shot(claire.page, 'removed-claire');

  // What is said after the removal never reaches her, live or after a reload.
  await send(ana, 'Claire is no longer in the group');
  await expect(bruno.page.locator('[data-testid="message"]').filter({ hasText: 'Claire is no longer in the group' })).toHaveCount(1);
  await claire.page.reload();
  await expect(claire.page.getByTestId('system-line').last()).toHaveText(`${ana.username} vous a retiré`);
  await expect(claire.page.getByTestId('message')).toHaveCount(1); // her own words; the lines are system lines
  await expect(claire.page.getByText('Claire is no longer in the group')).toHaveCount(0);

  // Her list keeps the group with the notice, until she deletes it herself.
  await claire.page.getByTestId('conversation-back').click();
  await expect(conversationRow(claire.page, GROUP).getByTestId('conversation-preview')).toHaveText(`${ana.username} vous a retiré`);
  await shot(claire.page, 'removed-list-claire');
  await openConversation(claire, GROUP);
  await claire.page.getByTestId('removed-delete').click();
  await claire.page.getByTestId('delete-confirm').click();
  await expect(claire.page.locator('[data-testid="chat-tab"][data-view="list"]')).toBeVisible();
  await expect(conversationRow(claire.page, GROUP)).toHaveCount(0);
  // The others still read her name.
  await bruno.page.reload();
  await expect(claireWords(bruno.page).getByTestId('message-sender')).toHaveText(claire.username);

  for (const actor of [ana, bruno, claire]) await actor.context.close();
});

test('an operator invites someone who is not on Parley yet from the empty list: the whole link, copied with one tap; the console on a phone', async ({ browser }) => {
  const operator = await newActor(browser, 'moderator');
  operator.email = 'moderator.e2e@example.com';
  await operator.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpOnPhone(operator, 'English');

  // The empty list offers New group and the invitation.
  await expect(operator.page.getByTestId('chat-empty')).toBeVisible();
  await expect(operator.page.getByTestId('empty-new-group')).toBeVisible();
  await operator.page.getByTestId('invite-open').click();
  await expect(operator.page.getByTestId('invite-dialog')).toContainText('Invite someone who is not on Parley yet');
  await operator.page.getByTestId('invite-create').click();
  const link = operator.page.getByTestId('invite-link');
  await expect(link).toContainText('/auth?mode=signup&invite=');
  const url = (await link.textContent()) ?? '';

  // Shown whole: the box fits the screen's width (the link wraps) and the full address is in it.
  const box = await link.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
  expect(url).toMatch(/^http:\/\/[^/]+\/auth\?mode=signup&invite=[\w-]{20,}$/);

  await operator.page.getByTestId('invite-link-copy').click();
  await expect(operator.page.getByTestId('invite-link-copy')).toContainText('Link copied');
  expect(await operator.page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await operator.page.screenshot({ path: path.join(SCREENS_DIR, 'members-invite-phone.png'), animations: 'disabled' });

  // The link opens sign-up for the invited person.
  const visitor = await newActor(browser, 'visitor');
  await visitor.page.goto(url);
  await expect(visitor.page.getByTestId('auth-form')).toHaveAttribute('data-mode', 'signUp');

  // The console on the phone (item 7): the tab row scrolls, the audit log reads as sentences, the status page
  // names languages, Delete is in a menu and its confirmation names the account.
  await operator.page.keyboard.press('Escape');
  await operator.page.goto('/admin');
  const tabs = operator.page.getByTestId('admin-tabs');
  expect(await tabs.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await operator.page.getByTestId('admin-tab-audit').click();
  const sentence = operator.page.locator('[data-testid="admin-audit-entry"][data-action="invite.created"]').first().getByTestId('admin-audit-sentence');
  await expect(sentence).toContainText(`${operator.email} — `);
  await expect(sentence).not.toContainText('{');
  await shot(operator.page, 'console-audit');
  await operator.page.getByTestId('admin-tab-status').click();
  await expect(operator.page.getByTestId('admin-status')).toContainText('English');
  await expect(operator.page.getByTestId('admin-status-missing')).toBeVisible();
  await shot(operator.page, 'console-status');
  await operator.page.getByTestId('admin-tab-users').click();
  await operator.page.getByTestId('admin-user-search').fill(operator.email);
  await operator.page.getByTestId('admin-user-menu').first().click();
  await operator.page.getByTestId('admin-delete').click();
  await expect(operator.page.getByTestId('admin-delete-dialog')).toContainText(operator.email);
  await operator.page.screenshot({ path: path.join(SCREENS_DIR, 'members-console-delete-phone.png'), animations: 'disabled' });
  await operator.page.keyboard.press('Escape');
  for (const actor of [operator, visitor]) await actor.context.close();
});
