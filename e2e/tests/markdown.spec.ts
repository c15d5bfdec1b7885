import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { conversationRow, messagesOf, newActor, PHONE, SCREENS_DIR, signInUi, signUpViaApi, startChat, typeAndSend } from '../support.ts';

/**
 * Issue 34 item 2 on a 390 px phone, in two languages: ana (English) writes bold, a link with text, inline
 * code and a list; bruno (Spanish) sees it formatted, in the original and in its Spanish translation, with
 * the link's address and the code unchanged and the link's text translated. HTML in a message stays text;
 * the conversation list shows the last message as plain text.
 */

const LINK = 'https://docs.example.com/install?step=2';
const MESSAGE = `Please read **the new rules** and run \`npm install\` first.\nSee [the installation guide](${LINK}) today.\nShopping list:\n- fresh bread\n- green apples`;

async function shot(page: Page, name: string) {
  await page.mouse.move(2, 400);
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`) });
}

test('markdown: formatted and translated on a phone, the link and the code unchanged, no HTML', async ({ browser }) => {
  test.setTimeout(240_000);
  const ana = await newActor(browser, 'ana');
  const bruno = await newActor(browser, 'bruno');
  for (const [actor, language] of [[ana, 'English'], [bruno, 'Spanish']] as const) {
    await signUpViaApi(actor);
    await actor.page.setViewportSize(PHONE);
    await signInUi(actor, language);
  }
  await startChat(ana, bruno);
  await typeAndSend(ana, MESSAGE);

  // ana's own bubble: drawn, not the marks.
  const own = messagesOf(ana.page, true).last().getByTestId('message-original');
  await expect(own.locator('strong')).toHaveText('the new rules');
  await expect(own.locator('code')).toHaveText('npm install');
  await expect(own.locator('li')).toHaveText(['fresh bread', 'green apples']);
  await expect(own).not.toContainText('**');

  // bruno: the original as written, formatted; the Spanish translation under it, formatted the same way.
  const received = messagesOf(bruno.page, false).last();
  const original = received.getByTestId('message-original');
  const translation = received.getByTestId('message-translation');
  await expect(translation.locator('li')).toHaveCount(2, { timeout: 30_000 });
  await expect(original.locator('strong')).toHaveText('the new rules');
  await expect(original.locator('a')).toHaveText('the installation guide');
  for (const link of [original.locator('a'), translation.locator('a')]) {
    await expect(link).toHaveAttribute('href', LINK);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  }
  // The words are Spanish; the code and the address are not translated.
  await expect(translation.locator('strong')).toHaveText(/reglas/i);
  await expect(translation.locator('a')).toHaveText(/gu[ií]a/i);
  await expect(translation.locator('code')).toHaveText('npm install');
  await expect(translation.locator('li')).toHaveText([/pan/i, /manzanas/i]);
  await expect(translation).not.toContainText('**');
  await received.scrollIntoViewIfNeeded();
  await shot(bruno.page, 'markdown-received-es');
  await shot(ana.page, 'markdown-sent-en');

  // HTML in a message is text: nothing is made from it, nothing runs.
  await typeAndSend(ana, 'Look <img src=x onerror="window.__pwned=1"> and <b>this</b> **now**');
  const html = messagesOf(bruno.page, false).last().getByTestId('message-original');
  await expect(html).toContainText('<img src=x onerror="window.__pwned=1">');
  await expect(html.locator('strong')).toHaveText('now');
  await expect(messagesOf(bruno.page, false).locator('img, b')).toHaveCount(0);
  expect(await bruno.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

  // The list shows the last message as plain text: no marks, no address.
  await typeAndSend(ana, 'Read **this** and [the guide](https://docs.example.com/guide) `now`');
  await expect(messagesOf(bruno.page, false)).toHaveCount(3, { timeout: 30_000 });
  await expect(messagesOf(bruno.page, false).last().getByTestId('message-translation')).toBeVisible({ timeout: 30_000 });
  await bruno.page.getByTestId('conversation-back').click();
  const preview = conversationRow(bruno.page, ana.username).getByTestId('conversation-preview');
  await expect(preview).toContainText(/gu[ií]a/i);
  await expect(preview).not.toContainText('**');
  await expect(preview).not.toContainText('https://');
  await expect(preview).not.toContainText('`');
  await shot(bruno.page, 'markdown-list-es');
});
