import { expect, test, type Page } from '@playwright/test';
import { newActor, screenshots, signInUi, signUpViaApi, type Actor } from '../support.ts';

/**
 * Issue 14, two actors in Chromium with the offline engines: ana (English) sees how bruno (Spanish)
 * will read her draft and its back-translation before sending, and bruno receives exactly the
 * previewed text; the preview hides with one tap and stays hidden after a reload.
 */

const row = (page: Page, name: string) => page.locator(`[data-testid="conversation-row"][data-name="${name}"]`);
const messages = (page: Page, mine: boolean) => page.locator(`[data-testid="message"][data-mine="${mine}"]`);

/** ana starts the chat with bruno (Boss) through the API, then both open it from their lists. */
async function startChat(ana: Actor, bruno: Actor) {
  const status = await ana.page.evaluate(async (username) => {
    const search = await (await fetch(`/api/users/search?q=${encodeURIComponent(username)}`)).json();
    const res = await fetch('/api/chats', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: search.users[0].id, relationshipType: 'boss' }),
    });
    return res.status;
  }, bruno.username);
  expect(status).toBe(201);
  for (const [actor, partner] of [[ana, bruno], [bruno, ana]] as const) {
    await actor.page.reload();
    await row(actor.page, partner.username).getByTestId('conversation-open').click();
    await expect(actor.page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');
  }
}

async function quietScreenshots(page: Page, name: string) {
  await page.mouse.move(2, 400);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await screenshots(page, name);
}

test('ana previews how bruno will read her, sends, and bruno gets exactly that text', async ({ browser }) => {
  const ana = await newActor(browser, 'ana');
  const bruno = await newActor(browser, 'bruno');
  await signUpViaApi(ana);
  await signUpViaApi(bruno);
  await signInUi(ana, 'English');
  await signInUi(bruno, 'Spanish');
  await startChat(ana, bruno);

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

  // One tap hides the preview; it stays hidden after a reload, and comes back with one tap.
  await input.fill('See you on Friday.');
  await expect(preview).toHaveAttribute('data-current', 'true', { timeout: 30_000 });
  await ana.page.getByTestId('preview-hide').click();
  await expect(preview).toHaveCount(0);
  await ana.page.reload();
  await row(ana.page, bruno.username).getByTestId('conversation-open').click();
  await ana.page.getByTestId('message-input').fill('See you on Friday.');
  await expect(ana.page.getByTestId('preview-show')).toBeVisible();
  await ana.page.waitForTimeout(800);
  await expect(preview).toHaveCount(0);
  await ana.page.getByTestId('preview-show').click();
  await expect(preview.getByTestId('preview-translation')).toContainText(/viernes/i, { timeout: 30_000 });

  await ana.context.close();
  await bruno.context.close();
});
