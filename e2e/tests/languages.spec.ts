import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { CATALOG_KEYS, ENGLISH_STRINGS, LANGUAGES, mayEqualEnglish, type CatalogKey, type LanguageCode } from '@parley/common';
import { newActor, PHONE, SCREENS_DIR, signInUi, signUpViaApi, type Actor } from '../support.ts';

/**
 * Every one of the 20 languages at home: sign up, choose the language, and at phone width take
 * screenshots of the shell with the chat list, a conversation, Scan, Talk and Profile. On each
 * screen no visible line may be an English catalog string the language translates differently,
 * and Arabic must render right to left. The screenshots are for people to look at:
 * artifacts/screens/lang-<code>-<screen>.png.
 */
const LOCALES_DIR = path.resolve(import.meta.dirname, '../../common/src/i18n/locales');

/** English strings (without arguments) that must not show in `code`: those its catalog translates. */
function englishLeaks(code: LanguageCode): Set<string> {
  if (code === 'en') return new Set();
  const catalog = JSON.parse(readFileSync(path.join(LOCALES_DIR, `${code}.json`), 'utf8')) as Record<string, string>;
  // A word the language itself uses somewhere ('Chat' in German) is not a leak wherever it shows.
  const own = new Set(Object.values(catalog).map((v) => v.trim()));
  return new Set(
    CATALOG_KEYS.filter((k: CatalogKey) => !ENGLISH_STRINGS[k].includes('{') && catalog[k] !== ENGLISH_STRINGS[k] && !mayEqualEnglish(code, k))
      .map((k) => ENGLISH_STRINGS[k].trim())
      .filter((text) => !own.has(text)),
  );
}

async function expectNoEnglish(page: Page, leaks: Set<string>, where: string): Promise<void> {
  const lines = await page.evaluate(() => {
    const texts = document.body.innerText.split('\n');
    // Labels a screen reader or the placeholder shows count too.
    for (const el of Array.from(document.querySelectorAll('[aria-label],[placeholder],[title]'))) {
      for (const attr of ['aria-label', 'placeholder', 'title']) {
        const value = el.getAttribute(attr);
        if (value) texts.push(value);
      }
    }
    return texts.map((t) => t.trim()).filter(Boolean);
  });
  expect(lines.filter((line) => leaks.has(line)), `English on ${where}`).toEqual([]);
}

async function shot(page: Page, code: string, screen: string): Promise<void> {
  await page.waitForTimeout(250); // let toasts and transitions settle
  await page.screenshot({ path: path.join(SCREENS_DIR, `lang-${code}-${screen}.png`) });
}

/** Nothing sticks out sideways at phone width (long German or Russian words). */
async function expectNoHorizontalOverflow(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `horizontal overflow on ${where}`).toBeLessThanOrEqual(1);
}

let partner: Actor;

test.beforeAll(async ({ browser }) => {
  partner = await newActor(browser, 'partner');
  await signUpViaApi(partner);
  await signInUi(partner, 'English');
});

test.afterAll(async () => {
  await partner?.context.close();
});

/** One user per batch of five languages (sign-ups are rate-limited per address): the first language
 * is chosen at the first-time step, the next ones from Language Settings, as a user would. */
const BATCHES = [0, 5, 10, 15].map((i) => LANGUAGES.slice(i, i + 5).map((l) => l.code));

for (const batch of BATCHES) {
  test(`the interface in ${batch.join(', ')}: shell, chat list, conversation, Scan, Talk, Profile`, async ({ browser }) => {
    test.setTimeout(300_000);
    const actor = await newActor(browser, `u${batch[0]}`);
    const { page } = actor;
    await page.setViewportSize(PHONE);
    await signUpViaApi(actor);

    for (const [index, code] of batch.entries()) {
      if (index === 0) await signInUi(actor, code);
      else {
        await page.getByTestId('user-menu-trigger').click();
        await page.getByTestId('menu-language').click();
        await page.getByTestId('language-input').fill(code);
        await page.getByTestId('language-continue').click();
        await expect(page.getByTestId('language-step')).toHaveCount(0);
      }
      if (index === 0) await startConversation(page);
      await checkScreens(page, code);
    }
    await actor.context.close();
  });
}

/** A conversation with the English-speaking partner, who writes first. */
async function startConversation(page: Page): Promise<void> {
  const partnerId = await partner.page.evaluate(async () => ((await (await fetch('/api/profile')).json()) as { id: string }).id);
  const roomId = await page.evaluate(async (userId) => {
    const res = await fetch('/api/chats', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId }) });
    return ((await res.json()) as { room: { id: string } }).room.id;
  }, partnerId);
  await partner.page.evaluate(async (id) => {
    await fetch(`/api/chats/${id}/messages`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Where is the train station?', clientId: `p-${id.slice(0, 8)}` }),
    });
  }, roomId);
}

async function checkScreens(page: Page, code: LanguageCode): Promise<void> {
  const leaks = englishLeaks(code);
  await expect(page.locator('html')).toHaveAttribute('lang', code);
  await expect(page.locator('html')).toHaveAttribute('dir', code === 'ar' ? 'rtl' : 'ltr');
  await page.goto('/');
  await expect(page.getByTestId('app-shell')).toBeVisible();
  const row = page.getByTestId('conversation-row').first();
  await expect(row).toBeVisible();
  await expectNoEnglish(page, leaks, `the chat list (${code})`);
  await expectNoHorizontalOverflow(page, `the chat list (${code})`);
  await shot(page, code, 'chats');

  if (code === 'ar') {
    // Mirrored: the first tab (Talk) sits on the right of the last (Scan).
    const talk = await page.getByTestId('tab-talk').boundingBox();
    const scan = await page.getByTestId('tab-scan').boundingBox();
    expect(talk && scan && talk.x > scan.x).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl');
  }

  await row.getByTestId('conversation-open').click();
  await expect(page.getByTestId('message-input')).toBeVisible();
  await expect(page.getByTestId('message').first()).toBeVisible();
  await expect(page.getByTestId('message-original').first()).toHaveAttribute('dir', 'auto');
  // The partner's message follows the reader's language: re-translated after each change of language
  // (or not translated, with the reason for this language), never left in the previous one.
  await expect(page.getByTestId('message').first()).not.toHaveAttribute('data-status', 'pending', { timeout: 30_000 });
  const targets = await page.evaluate(async () => {
    const { conversations } = (await (await fetch('/api/chats')).json()) as { conversations: { id: string }[] };
    const { messages } = (await (await fetch(`/api/chats/${conversations[0]!.id}/messages`)).json()) as { messages: { target_language: string }[] };
    return messages.map((m) => m.target_language);
  });
  expect(targets).toEqual([code]);
  if ((await page.getByTestId('message').first().getAttribute('data-status')) === 'done') {
    await expect(page.getByTestId('message-translation').first()).toHaveAttribute('lang', code);
  }
  await expectNoEnglish(page, leaks, `a conversation (${code})`);
  await expectNoHorizontalOverflow(page, `a conversation (${code})`);
  await shot(page, code, 'conversation');
  await page.getByTestId('conversation-back').click();

  await page.getByTestId('tab-scan').click();
  await expect(page.getByTestId('scan-tab')).toBeVisible();
  await expectNoEnglish(page, leaks, `Scan (${code})`);
  await expectNoHorizontalOverflow(page, `Scan (${code})`);
  await shot(page, code, 'scan');

  await page.getByTestId('tab-talk').click();
  await expect(page.getByTestId('talk-tab')).toBeVisible();
  await expectNoEnglish(page, leaks, `Talk (${code})`);
  await expectNoHorizontalOverflow(page, `Talk (${code})`);
  await shot(page, code, 'talk');

  await page.getByTestId('user-menu-trigger').click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expectNoEnglish(page, leaks, `the user menu (${code})`);
  await shot(page, code, 'menu');
  await page.getByTestId('menu-profile').click();
  await expect(page.getByTestId('profile-form')).toBeVisible();
  await expectNoEnglish(page, leaks, `Profile (${code})`);
  await expectNoHorizontalOverflow(page, `Profile (${code})`);
  await shot(page, code, 'profile');
  await page.goto('/');
}
