import { expect, test, type Locator, type Page } from '@playwright/test';
import { newActor, PHONE, quietScreenshots, signInUi, signUpViaApi, startChat, type Actor } from '../support.ts';

/**
 * Issue 25 items 2-5 with two browsers: ana (English) and bruno (Spanish, his interface in Spanish, so
 * his side is found by test ids). ana replies to bruno's question (the quote in her language, tapping it
 * shows the question), edits her answer (bruno sees the edited mark and the new translation), both react
 * (chips with counts and who), and bruno deletes his question for everyone (ana sees "This message was
 * deleted", in the bubble and in her quote). Phone-sized screenshots of both.
 */

const bubble = (page: Page, mine: boolean, text: string) =>
  page.locator(`[data-testid="message"][data-mine="${mine}"]`).filter({ has: page.getByTestId('message-original').filter({ hasText: text }) });

async function send(actor: Actor, text: string) {
  const input = actor.page.getByTestId('message-input');
  await input.fill(text);
  await input.press('Enter');
  await expect(bubble(actor.page, true, text)).toHaveAttribute('data-status', /done|not_needed|failed/, { timeout: 30_000 });
}

async function menu(page: Page, message: Locator, action: string) {
  await message.getByTestId('message-menu').click();
  await page.getByTestId(action).first().click();
}

test('reply, edit, react and delete for everyone, live in both browsers', async ({ browser }) => {
  test.setTimeout(300_000); // two sign-ups, five translations and a reload on a shared machine
  const ana = await newActor(browser, 'ana');
  const bruno = await newActor(browser, 'bruno');
  await signUpViaApi(ana);
  await signUpViaApi(bruno);
  await signInUi(ana, 'English');
  await signInUi(bruno, 'Spanish');
  await startChat(ana, bruno);
  for (const actor of [ana, bruno]) await actor.page.setViewportSize(PHONE);

  // bruno asks; ana replies to it from the message's menu, with the reply bar above her input.
  await send(bruno, '¿Dónde estás?');
  const question = ana.page.locator('[data-testid="message"][data-mine="false"]').last();
  await expect(question.getByTestId('message-translation')).not.toBeEmpty({ timeout: 30_000 });
  const questionInEnglish = (await question.getByTestId('message-translation').textContent()) ?? '';
  await menu(ana.page, question, 'reply-action');
  await expect(ana.page.getByTestId('reply-bar')).toContainText(`Replying to ${bruno.username}`);
  await send(ana, 'At the station');
  await expect(ana.page.getByTestId('reply-bar')).toHaveCount(0);
  const answer = bubble(ana.page, true, 'At the station');
  await expect(answer.getByTestId('reply-quote-text')).toHaveText(questionInEnglish);
  // bruno reads his own question quoted as he wrote it.
  const answerForBruno = bruno.page.locator('[data-testid="message"][data-mine="false"]').last();
  await expect(answerForBruno.getByTestId('reply-quote-text')).toHaveText('¿Dónde estás?');
  const firstTranslation = answerForBruno.getByTestId('message-translation');
  await expect(firstTranslation).not.toBeEmpty({ timeout: 30_000 });
  const before = (await firstTranslation.textContent()) ?? '';
  // Tapping the quote shows the question, highlighted.
  await answer.getByTestId('reply-quote').click();
  await expect(question).toHaveAttribute('data-highlighted', 'true');

  // ana edits her answer: the edit bar, her text in the input; bruno sees the new text, its new translation, "edited".
  await menu(ana.page, answer, 'edit-action');
  await expect(ana.page.getByTestId('edit-bar')).toBeVisible();
  await expect(ana.page.getByTestId('message-input')).toHaveValue('At the station');
  await ana.page.getByTestId('message-input').fill('At the bus station');
  await ana.page.getByTestId('message-input').press('Enter');
  const edited = bubble(ana.page, true, 'At the bus station');
  await expect(edited.getByTestId('message-edited')).toHaveText('edited');
  await expect(answerForBruno.getByTestId('message-original')).toHaveText('At the bus station');
  await expect(answerForBruno.getByTestId('message-edited')).toBeVisible();
  await expect(answerForBruno).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(answerForBruno.getByTestId('message-translation')).not.toHaveText(before);
  await expect(answerForBruno.getByTestId('message-translation')).not.toBeEmpty();

  // Reactions: bruno picks ❤️ from the menu, ana adds hers by tapping the chip; counts and who, on both sides.
  await menu(bruno.page, answerForBruno, 'react-option');
  await expect(answerForBruno.getByTestId('reaction-chip')).toHaveCount(1);
  const thumbs = edited.locator('[data-testid="reaction-chip"][data-emoji="👍"]');
  await expect(thumbs).toContainText('1');
  await expect(thumbs).toHaveAttribute('title', `${bruno.username} reacted with 👍`);
  await thumbs.click();
  await expect(thumbs).toContainText('2');
  await expect(thumbs).toHaveAttribute('data-mine', 'true');
  await expect(answerForBruno.locator('[data-testid="reaction-chip"][data-emoji="👍"]')).toContainText('2');
  await quietScreenshots(bruno.page, 'message-life-bruno');

  // bruno deletes his question for everyone: ana sees the fact in the bubble and in her quote.
  const ownQuestion = bruno.page.locator('[data-testid="message"][data-mine="true"]').first();
  await menu(bruno.page, ownQuestion, 'delete-action');
  await bruno.page.getByTestId('delete-message-confirm').click();
  await expect(ownQuestion.getByTestId('message-deleted')).toBeVisible();
  await expect(question.getByTestId('message-deleted')).toHaveText('This message was deleted');
  await expect(question.getByTestId('message-translation')).toHaveCount(0);
  await expect(edited.getByTestId('reply-quote-text')).toHaveText('This message was deleted');
  await quietScreenshots(ana.page, 'message-life-ana');

  // After a reload (history, not events) the same.
  await ana.page.reload();
  await expect(ana.page.getByTestId('message-deleted')).toHaveText('This message was deleted');
  await expect(bubble(ana.page, true, 'At the bus station').getByTestId('reply-quote-text')).toHaveText('This message was deleted');
  await expect(bubble(ana.page, true, 'At the bus station').getByTestId('message-edited')).toBeVisible();
  await ana.context.close();
  await bruno.context.close();
});
