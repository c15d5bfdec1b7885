import { expect, test, type Page } from '@playwright/test';
import { newActor, PHONE, SCREENS_DIR, signInUi, signUpViaApi, type Actor } from '../support.ts';

/**
 * Honest coverage, two actors. English <-> Japanese has no offline engine: both sides are told
 * before the first message, in their own language, and the received message says why it is
 * untranslated. English <-> Spanish translates as before, with Spanish times and relative dates.
 */
const row = (page: Page) => page.getByTestId('conversation-row').first();
const messages = (page: Page, mine: boolean) => page.locator(`[data-testid="message"][data-mine="${mine}"]`);

async function userId(actor: Actor): Promise<string> {
  return actor.page.evaluate(async () => ((await (await fetch('/api/profile')).json()) as { id: string }).id);
}

/** `from` starts a chat with `to` through the API; both open it from their list. */
async function openChat(from: Actor, to: Actor): Promise<void> {
  const partnerId = await userId(to);
  await from.page.evaluate(async (id) => {
    await fetch('/api/chats', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: id }) });
  }, partnerId);
  for (const actor of [from, to]) {
    await actor.page.reload();
    await row(actor.page).getByTestId('conversation-open').click();
    await expect(actor.page.getByTestId('message-input')).toBeVisible();
  }
}

async function send(actor: Actor, text: string): Promise<void> {
  await actor.page.getByTestId('message-input').fill(text);
  await actor.page.getByTestId('send-button').click();
  await expect(messages(actor.page, true).last().getByTestId('message-original')).toHaveText(text);
}

test('English <-> Japanese: the notice before the first message, and the reason on the untranslated message', async ({ browser }) => {
  const ana = await newActor(browser, 'ana');
  const kenji = await newActor(browser, 'kenji');
  await signUpViaApi(ana);
  await signUpViaApi(kenji);
  await signInUi(ana, 'English');
  await signInUi(kenji, 'ja');
  await openChat(ana, kenji);

  // Before anyone types: each side reads what will happen, in their own language.
  const anaNotices = ana.page.getByTestId('coverage-notice');
  await expect(anaNotices.first()).toHaveText('Your messages will arrive in English: this server cannot translate English to Japanese.');
  await expect(anaNotices.nth(1)).toHaveText(`Messages from ${kenji.username} will arrive in Japanese: this server cannot translate Japanese to English.`);
  await expect(ana.page.getByTestId('translated-to-note')).toHaveCount(0);
  const kenjiNotice = kenji.page.getByTestId('coverage-notice').first();
  await expect(kenjiNotice).toContainText('日本語');
  await expect(kenjiNotice).toContainText('英語');
  await expect(kenjiNotice).toContainText('このサーバー');
  await expect(messages(ana.page, true)).toHaveCount(0);

  await send(ana, 'Hello, how are you today?');
  const received = messages(kenji.page, false).last();
  await expect(received.getByTestId('message-original')).toHaveText('Hello, how are you today?');
  await expect(received).toHaveAttribute('data-status', 'failed', { timeout: 30_000 });
  const reason = received.getByTestId('message-translation-failed-reason');
  await expect(reason).toContainText('未翻訳');
  await expect(reason).toContainText('英語');
  await expect(reason).not.toContainText('No translation available');
  // Retrying cannot help an unsupported pair: no Retry button then.
  await expect(received.getByTestId('message-translation-retry')).toHaveCount(0);
  await kenji.page.setViewportSize(PHONE);
  await kenji.page.screenshot({ path: `${SCREENS_DIR}/coverage-ja-phone.png` });
  await ana.page.setViewportSize(PHONE);
  await ana.page.screenshot({ path: `${SCREENS_DIR}/coverage-en-phone.png` });
  await ana.context.close();
  await kenji.context.close();
});

test('English <-> Spanish: translated both ways, Spanish times and relative dates', async ({ browser }) => {
  const ana = await newActor(browser, 'ana');
  const bruno = await newActor(browser, 'bruno');
  await signUpViaApi(ana);
  await signUpViaApi(bruno);
  await signInUi(ana, 'English');
  await signInUi(bruno, 'es');
  await openChat(ana, bruno);

  await expect(ana.page.getByTestId('coverage-notice')).toHaveCount(0);
  await expect(ana.page.getByTestId('translated-to-note')).toHaveText('Messages are translated to Spanish');
  await expect(bruno.page.getByTestId('translated-to-note')).toContainText('inglés');

  await send(ana, 'Where is the train station?');
  const received = messages(bruno.page, false).last();
  await expect(received.getByTestId('message-translation')).toContainText(/tren/i, { timeout: 30_000 });
  await expect(received).toHaveAttribute('data-status', 'done');
  // Times in the reader's convention: 24-hour Spanish, 12-hour English.
  await expect(received.locator('time')).toHaveText(/^\d{1,2}:\d{2}$/);
  await expect(messages(ana.page, true).last().locator('time')).toHaveText(/\d{1,2}:\d{2}\s?(AM|PM)/);

  // A name the engine has no translation for comes back unchanged: said softly, not as a failure, no Retry.
  await send(ana, 'Zorblat!');
  const unchanged = messages(bruno.page, false).last();
  await expect(unchanged.getByTestId('message-translation-failed-reason')).toHaveText(
    'Sin traducir: el motor de traducción no tiene traducción para estas palabras.', { timeout: 30_000 },
  );
  await expect(unchanged.getByTestId('message-translation-retry')).toHaveCount(0);

  await send(bruno, 'La casa está cerca del museo.');
  await expect(messages(ana.page, false).last().getByTestId('message-translation')).toContainText(/house/i, { timeout: 30_000 });

  // Back on the list: the relative time is Spanish ('ahora' / 'hace 1 minuto'), the preview in the reader's language.
  await bruno.page.getByTestId('conversation-back').click();
  await expect(row(bruno.page).getByTestId('conversation-time')).toHaveText(/^(ahora|hace \d+ minutos?)$/);
  await ana.page.getByTestId('conversation-back').click();
  await expect(row(ana.page).getByTestId('conversation-preview')).toContainText(/house/i);
  await bruno.page.setViewportSize(PHONE);
  await bruno.page.screenshot({ path: `${SCREENS_DIR}/coverage-es-list-phone.png` });
  await ana.context.close();
  await bruno.context.close();
});

test('Talk with a Spanish speaker: offline recognition hears only English, and says so; no transcript is invented', async ({ browser }) => {
  const bruno = await newActor(browser, 'bruno');
  await signUpViaApi(bruno);
  await signInUi(bruno, 'es');
  const { page } = bruno;
  await page.setViewportSize(PHONE);
  await page.getByTestId('tab-talk').click();

  // Partner English (the default for a Spanish speaker): the microphone listens for English only.
  const notice = page.getByTestId('talk-stt-notice');
  await expect(notice).toContainText('inglés');
  await expect(notice).toContainText('español');
  await page.screenshot({ path: `${SCREENS_DIR}/talk-es-notice-phone.png` });

  // Spanish <-> French: nothing can be recognised, so there is no microphone and nothing to transcribe.
  await page.getByTestId('talk-partner-language').selectOption('fr');
  await expect(notice).toContainText('francés');
  await expect(page.getByTestId('talk-start')).toBeDisabled();
  await expect(page.getByTestId('mic-button')).toHaveCount(0);
  await expect(page.getByTestId('transcript-entry')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS_DIR}/talk-es-fr-phone.png` });
  await bruno.context.close();
});
