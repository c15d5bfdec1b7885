import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { newActor, SCREENS_DIR, signInUi, signUpViaApi, userIdOf, openConversation } from '../support.ts';

/**
 * Issue 35 item 4: ana (English), bruno (Spanish) and claire (French) are in a group; ana, its admin, creates an
 * incoming webhook in the group's info panel (Integrations) and copies its URL, shown once; the test POSTs to it as
 * a CI server would (no cookie, no Origin); each of the three reads the post in their own language, marked
 * "<name> via webhook". Screenshots: artifacts/screens/webhooks-*.png.
 */
const GROUP = 'Release train';
const TEXT = 'The build failed on the main branch.';

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENS_DIR, `webhooks-${name}.png`), animations: 'disabled' });

test('an incoming webhook posts into a group of three readers, each reads it in their language, marked via webhook', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const ana = await newActor(browser, 'ana');
  const bruno = await newActor(browser, 'bruno');
  const claire = await newActor(browser, 'claire');
  for (const actor of [ana, bruno, claire]) await signUpViaApi(actor);
  await signInUi(ana, 'English');
  await signInUi(bruno, 'Spanish');
  await signInUi(claire, 'French');
  const memberIds = [await userIdOf(ana.page, bruno.username), await userIdOf(ana.page, claire.username)];
  const created = await ana.page.evaluate(async (body) => (await fetch('/api/groups', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status, { name: GROUP, memberIds });
  expect(created).toBe(201);
  for (const actor of [ana, bruno, claire]) await openConversation(actor, GROUP);

  // ana opens the group's info: Integrations, an incoming webhook named "CI"; its URL is shown once.
  await ana.page.getByTestId('group-info-button').click();
  const info = ana.page.getByTestId('group-info');
  await info.getByTestId('incoming-webhook-name').fill('CI');
  await info.getByTestId('incoming-webhook-create').click();
  const url = (await info.getByTestId('incoming-webhook-url').textContent())!.trim();
  expect(url).toMatch(/\/api\/hooks\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{43}$/);
  await expect(info.getByTestId('incoming-webhook')).toHaveCount(1);
  await info.getByTestId('integrations').scrollIntoViewIfNeeded();
  await shot(ana.page, 'integrations-desktop');
  await ana.page.keyboard.press('Escape');

  // A CI server posts: no session, no Origin.
  const posted = await request.post(url, { data: { text: TEXT, username: 'Jenkins' } });
  expect(posted.status()).toBe(201);

  // Everyone reads it as another's message, "Jenkins via webhook" in their own interface language.
  const post = (page: Page) => page.locator('[data-testid="message"][data-via-webhook="true"]').last();
  await expect(post(ana.page).getByTestId('message-sender')).toHaveText('Jenkins via webhook');
  await expect(post(ana.page).getByTestId('message-original')).toHaveText(TEXT);
  await expect(post(ana.page)).toHaveAttribute('data-mine', 'false');
  await expect(post(ana.page).getByTestId('edit-message')).toHaveCount(0); // the other system's words: not ana's to rewrite
  await expect(post(bruno.page).getByTestId('message-sender')).toHaveText('Jenkins mediante webhook');
  await expect(post(bruno.page).getByTestId('message-translation')).toContainText(/compilaci|rama|fall/i, { timeout: 60_000 });
  await expect(post(claire.page).getByTestId('message-sender')).toHaveText('Jenkins via webhook');
  await expect(post(claire.page).getByTestId('message-translation')).toContainText(/branche|échou|construction|compilation/i, { timeout: 60_000 });
  await shot(ana.page, 'post-en-desktop');
  await shot(bruno.page, 'post-es-desktop');
  await shot(claire.page, 'post-fr-desktop');
});
