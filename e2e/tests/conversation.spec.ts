import { expect, test, type Page } from '@playwright/test';
import { conversationRow as row, newActor, quietScreenshots, signInUi, signUpViaApi, startChat } from '../support.ts';

/**
 * Issue 14, two actors in Chromium with the offline engines: ana (English) sees how bruno (Spanish)
 * will read her draft and its back-translation before sending, and bruno receives exactly the
 * previewed text; bruno plays it aloud, corrects a word once, and ana's next message uses the
 * correction (the conversation glossary); the preview hides with one tap and stays hidden after a reload.
 */

const messages = (page: Page, mine: boolean) => page.locator(`[data-testid="message"][data-mine="${mine}"]`);



test('ana previews how bruno will read her, sends, and bruno gets exactly that text', async ({ browser }) => {
  const ana = await newActor(browser, 'ana');
  const bruno = await newActor(browser, 'bruno');
  await signUpViaApi(ana);
  await signUpViaApi(bruno);
  await signInUi(ana, 'English');
  await signInUi(bruno, 'Spanish');
  await startChat(ana, bruno, 'boss');

  // Typing: after a pause the preview shows the Spanish bruno will read and the English back.
  const input = ana.page.getByTestId('message-input');
  await input.pressSequentially('Where is the train station?', { delay: 40 });
  const preview = ana.page.getByTestId('translation-preview');
  await expect(preview).toHaveAttribute('data-current', 'true', { timeout: 30_000 });
  const spanish = (await preview.getByTestId('preview-translation').textContent()) ?? '';
  expect(spanish).toMatch(/d[oó]nde .*tren/i);
  await expect(preview).toContainText('In Spanish:');
  await expect(preview.getByTestId('preview-back')).toContainText(/station|train/i);
  await quietScreenshots(ana.page, 'conversation-preview');

  // Send: bruno receives the previewed Spanish, word for word.
  await input.press('Enter');
  await expect(preview).toHaveCount(0);
  const fromAna = messages(bruno.page, false).last();
  await expect(fromAna.getByTestId('message-original')).toHaveText('Where is the train station?');
  await expect(fromAna.getByTestId('message-translation')).toHaveText(spanish, { timeout: 30_000 });

  // bruno listens to the Spanish: the server streams espeak-ng's WAV, the button shows it playing.
  const speech = bruno.page.waitForResponse((r) => r.url().includes('/api/speech') && r.url().includes('part=translation'));
  await fromAna.getByTestId('speak-translation').click();
  const audio = await speech;
  expect(audio.status()).toBe(200);
  expect(audio.headers()['content-type']).toBe('audio/wav');
  expect(audio.headers()['content-language']).toBe('es');
  await expect(fromAna.getByTestId('speak-translation')).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  await quietScreenshots(bruno.page, 'conversation-listen');
  // bruno stops it (or it has already ended by itself: a short sentence).
  const speaker = fromAna.getByTestId('speak-translation');
  if ((await speaker.getAttribute('data-state')) === 'playing') await speaker.click();
  await expect(speaker).toHaveAttribute('data-state', 'idle');

  // The original-only toggle (in the message's menu) hides the translation and brings it back.
  await fromAna.getByTestId('message-menu').click();
  await bruno.page.getByTestId('toggle-translation').click();
  await expect(fromAna.getByTestId('message-translation')).toHaveCount(0);
  await fromAna.getByTestId('message-menu').click();
  await bruno.page.getByTestId('toggle-translation').click();
  await expect(fromAna.getByTestId('message-translation')).toHaveText(spanish);

  // bruno fixes the word Apertium got wrong ('station' came out as 'canal') and keeps it for the conversation.
  await fromAna.getByTestId('message-menu').click();
  await bruno.page.getByTestId('correct-translation').click();
  const dialog = bruno.page.getByTestId('correct-dialog');
  await expect(dialog.getByTestId('correct-original')).toHaveText('Where is the train station?');
  await dialog.getByTestId('correct-text').fill('¿Dónde está la estación de tren?');
  await dialog.getByTestId('correct-source-phrase').fill('station');
  await expect(dialog.getByTestId('correct-target-phrase')).toHaveValue('estación');
  await quietScreenshots(bruno.page, 'conversation-correct');
  await dialog.getByTestId('correct-save').click();
  await expect(dialog).toBeHidden();
  // Both see the corrected text, marked, with the machine's version a tap away.
  await expect(fromAna.getByTestId('message-translation')).toHaveText('¿Dónde está la estación de tren?');
  const anaOwn = messages(ana.page, true).last();
  await expect(anaOwn.getByTestId('message-translation')).toHaveText('¿Dónde está la estación de tren?');
  await expect(anaOwn.getByTestId('corrected-by')).toHaveText(`Corrected by ${bruno.username}`);
  await anaOwn.getByTestId('show-machine').click();
  await expect(anaOwn.getByTestId('machine-translation')).toHaveText(spanish);

  // ana's next message containing the phrase is translated with the correction.
  await input.fill('The station is near the museum.');
  await expect(preview.getByTestId('preview-translation')).toContainText('estación', { timeout: 30_000 });
  await input.press('Enter');
  const next = messages(bruno.page, false).last();
  await expect(next.getByTestId('message-original')).toHaveText('The station is near the museum.');
  await expect(next.getByTestId('message-translation')).toContainText('estación', { timeout: 30_000 });
  await expect(next.getByTestId('message-translation')).not.toContainText('canal');
  await quietScreenshots(ana.page, 'conversation-corrected-ana');

  // The glossary, from the conversation header, lists the entry for both.
  await ana.page.getByTestId('glossary-button').click();
  const glossary = ana.page.getByTestId('glossary-dialog');
  await expect(glossary.getByTestId('glossary-pair')).toHaveText(/station\s*estación/);
  await quietScreenshots(ana.page, 'conversation-glossary');
  await ana.page.keyboard.press('Escape');

  // One tap hides the preview; it stays hidden after a reload, and comes back with one tap.
  await input.fill('See you on Friday.');
  await expect(preview).toHaveAttribute('data-current', 'true', { timeout: 30_000 });
  await ana.page.getByTestId('preview-hide').click();
  await expect(preview).toHaveCount(0);
  await ana.page.reload();
  // The reload may come back into the open conversation, or to the list.
  const openRow = row(ana.page, bruno.username).getByTestId('conversation-open');
  await expect(ana.page.getByTestId('message-input').or(openRow)).toBeVisible();
  if (await openRow.isVisible()) await openRow.click();
  await ana.page.getByTestId('message-input').fill('See you on Friday.');
  await expect(ana.page.getByTestId('preview-show')).toBeVisible();
  await ana.page.waitForTimeout(800);
  await expect(preview).toHaveCount(0);
  await ana.page.getByTestId('preview-show').click();
  await expect(preview.getByTestId('preview-translation')).toContainText(/viernes/i, { timeout: 30_000 });

  await ana.context.close();
  await bruno.context.close();
});
