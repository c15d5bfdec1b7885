import { expect, test } from '@playwright/test';
import { messagesOf, newActor, quietScreenshots, sendAndSee, signInUi, signUpViaApi, startChat } from '../support.ts';

/**
 * Issue 25 items 6-7 in Chromium, two people: "Seen" appears live under my message when the partner reads it,
 * and a Spanish reader finds an English message by a word of its Spanish translation, the result opening the
 * conversation at that message.
 */

const messages = messagesOf;

const send = sendAndSee;
/** A word of the translation the English original does not have (what only the Spanish reader read). */
function translatedWord(translation: string, original: string): string {
  const english = new Set(original.toLowerCase().match(/\p{L}+/gu) ?? []);
  const words = (translation.toLowerCase().match(/\p{L}+/gu) ?? []).filter((w) => w.length >= 4 && !english.has(w));
  return words.sort((a, b) => b.length - a.length)[0] ?? '';
}

test('"Seen" arrives live and goes when the reader turns receipts off; a translated word finds the message and opens it in context', async ({ browser }) => {
  test.setTimeout(240_000);
  const ana = await newActor(browser, 'ana');
  const bruno = await newActor(browser, 'bruno');
  await signUpViaApi(ana);
  await signUpViaApi(bruno);
  await signInUi(ana, 'English');
  await signInUi(bruno, 'Spanish');
  // Bruno is not in the conversation yet: the message stays unread, so no "Seen".
  await startChat(ana, bruno);
  await bruno.page.getByTestId('conversation-back').click();

  const original = 'The meeting is at the train station on Friday morning';
  await send(ana, original);
  for (let i = 0; i < 12; i += 1) await send(ana, `Filler message number ${i + 1}`);
  await expect(ana.page.getByTestId('seen-marker')).toHaveCount(0);

  // Bruno opens the conversation: ana's screen says "Seen" under her latest message, live.
  await bruno.page.locator(`[data-testid="conversation-row"][data-name="${ana.username}"]`).getByTestId('conversation-open').click();
  await expect(ana.page.getByTestId('seen-marker')).toHaveText('Seen', { timeout: 30_000 });
  const latest = await messages(ana.page, true).last().getAttribute('data-message-id');
  await expect(ana.page.getByTestId('seen-marker')).toHaveAttribute('data-message-id', latest!);

  // The Spanish translation bruno read, and a word of it that is not in the English original.
  const first = messages(bruno.page, false).filter({ hasText: 'train station' });
  await expect(first.getByTestId('message-translation')).not.toBeEmpty({ timeout: 60_000 });
  await expect(first).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  const word = translatedWord(await first.getByTestId('message-translation').innerText(), original);
  expect(word).not.toBe('');
  const messageId = await first.getAttribute('data-message-id');

  // Bruno turns read receipts off in his profile: "Seen" goes from ana's open screen at once.
  await bruno.page.goto('/profile');
  // A click before the app has taken the page over is undone when it does: click until it is off.
  const receiptsSwitch = bruno.page.getByTestId('read-receipts-switch');
  await expect(async () => {
    if (await receiptsSwitch.isChecked()) await receiptsSwitch.click();
    await expect(receiptsSwitch).not.toBeChecked({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(ana.page.getByTestId('seen-marker')).toHaveCount(0, { timeout: 30_000 });

  // From the list: search by that Spanish word, pick the result, land on the message, highlighted.
  await bruno.page.goto('/');
  await bruno.page.getByTestId('message-search-input').fill(word);
  const result = bruno.page.getByTestId('message-search-result');
  await expect(result).toHaveCount(1, { timeout: 30_000 });
  await expect(result.getByTestId('message-search-text')).toContainText(new RegExp(word, 'i'));
  await quietScreenshots(bruno.page, 'message-search');
  await result.click();
  const target = bruno.page.locator(`[data-testid="message"][data-message-id="${messageId}"]`);
  await expect(target).toBeInViewport({ timeout: 30_000 });
  await expect(target).toHaveAttribute('data-highlighted', 'true');
});
