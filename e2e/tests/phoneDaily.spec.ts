import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { conversationRow, messagesOf, newActor, PHONE, SCREENS_DIR, signInUi, signUpViaApi, typeAndSend, type Actor } from '../support.ts';

/**
 * Issue 38 on a 390 px phone: the conversation header shows who you write to first (a pair's partner whole, a
 * group's name not cut below 12 characters) in English, Spanish, German and Arabic, the actions that do not fit
 * in the "⋮" menu; and "Show my language first" makes a received message's translation its main text.
 */

const GROUP = 'Trip to Lisbon in May';

/** The width the element gives its text, against the width its first `n` characters need (both in CSS px). */
async function shownAgainstNeeded(name: Locator, n: number): Promise<{ shown: number; needed: number; full: number }> {
  return name.evaluate((el, count) => {
    const node = document.createTreeWalker(el, NodeFilter.SHOW_TEXT).nextNode();
    const range = document.createRange();
    range.setStart(node!, 0);
    range.setEnd(node!, Math.min(count, node!.textContent!.length));
    const needed = range.getBoundingClientRect().width;
    range.setEnd(node!, node!.textContent!.length);
    return { shown: el.getBoundingClientRect().width, needed, full: range.getBoundingClientRect().width };
  }, n);
}

async function shot(page: Page, name: string) {
  await page.mouse.move(2, 400);
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`) });
}

async function userId(actor: Actor): Promise<string> {
  return actor.page.evaluate(async () => ((await (await fetch('/api/profile')).json()) as { id: string }).id);
}

test('phone header: the name first in four languages; Show my language first', async ({ browser }) => {
  test.setTimeout(300_000); // four people, two rooms each, screenshots, one translation
  const people = {
    en: await newActor(browser, 'ana'),
    es: await newActor(browser, 'bruno'),
    de: await newActor(browser, 'claire'),
    ar: await newActor(browser, 'dalia'),
  };
  const LANGUAGE = { en: 'English', es: 'Spanish', de: 'German', ar: 'Arabic' } as const;
  for (const [code, actor] of Object.entries(people) as [keyof typeof people, Actor][]) {
    await signUpViaApi(actor);
    await actor.page.setViewportSize(PHONE);
    await signInUi(actor, LANGUAGE[code]);
  }
  const ana = people.en;
  const ids = Object.fromEntries(await Promise.all(Object.entries(people).map(async ([code, a]) => [code, await userId(a)] as const)));
  // ana's pairs with each of the others, and one group of the four (made through the API, as a person would in two taps).
  await ana.page.evaluate(async ({ ids, name }) => {
    for (const id of [ids.es, ids.de, ids.ar]) {
      await fetch('/api/chats', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: id }) });
    }
    await fetch('/api/groups', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, memberIds: [ids.es, ids.de, ids.ar] }) });
  }, { ids, name: GROUP });

  for (const [code, actor] of Object.entries(people) as [keyof typeof people, Actor][]) {
    const { page } = actor;
    await page.reload();
    if (code === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const partner = code === 'en' ? people.es : ana;

    // A pair: the partner's whole name, Call and "⋮" beside it; search, glossary, context and mute are in the menu.
    await conversationRow(page, partner.username).getByTestId('conversation-open').click();
    const name = page.getByTestId('conversation-partner');
    await expect(name).toHaveText(partner.username);
    const pair = await shownAgainstNeeded(name, partner.username.length);
    expect(pair.shown, `${code}: the partner's name is shown whole`).toBeGreaterThanOrEqual(pair.full - 1);
    await expect(page.getByTestId('glossary-button')).toBeHidden();
    await expect(page.getByTestId('conversation-safety-menu')).toBeVisible();
    await shot(page, `phone-daily-pair-${code}`);
    await page.getByTestId('conversation-safety-menu').click();
    for (const item of ['menu-search', 'menu-context', 'menu-glossary', 'menu-mute', 'safety-block', 'safety-report']) {
      await expect(page.getByTestId(item), `${code}: ${item}`).toBeVisible();
    }
    // Every item is inside the screen (long German and Russian labels, Arabic from the other side).
    const menu = await page.getByRole('menu').boundingBox();
    expect(menu!.x).toBeGreaterThanOrEqual(0);
    expect(menu!.x + menu!.width).toBeLessThanOrEqual(PHONE.width);
    await shot(page, `phone-daily-pair-menu-${code}`);
    if (code === 'en') {
      // Mute from the menu (its choices in a dialog); the header and the list row say it is muted.
      await page.getByTestId('menu-mute').click();
      await page.getByTestId('mute-8h').click();
      await expect(page.getByTestId('header-muted')).toBeVisible();
    } else {
      await page.keyboard.press('Escape');
    }
    await page.getByTestId('conversation-back').click();
    if (code === 'en') await expect(conversationRow(page, partner.username).getByTestId('conversation-muted')).toBeVisible();

    // The group: its name not cut below 12 characters; the member count beside Online.
    await conversationRow(page, GROUP).getByTestId('conversation-open').click();
    await expect(name).toHaveText(GROUP);
    const group = await shownAgainstNeeded(name, 12);
    expect(group.shown, `${code}: at least 12 characters of the group's name`).toBeGreaterThanOrEqual(group.needed);
    await expect(page.getByTestId('group-member-count')).toBeVisible();
    await expect(page.getByTestId('header-menu')).toBeVisible();
    // Arabic is served by no engine here: the notices for three other languages fold into one line above the input.
    if (code === 'ar') await expect(page.getByTestId('coverage-summary')).toBeVisible();
    await shot(page, `phone-daily-group-${code}`);
    await page.getByTestId('conversation-back').click();
  }

  // bruno reads Spanish and turns on "Show my language first" in his profile.
  const bruno = people.es;
  await bruno.page.goto('/profile');
  const firstSwitch = bruno.page.getByTestId('translation-first-switch');
  await expect(async () => {
    if (!(await firstSwitch.isChecked())) await firstSwitch.click();
    await expect(firstSwitch).toBeChecked({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await bruno.page.screenshot({ path: path.join(SCREENS_DIR, 'phone-daily-profile-es.png'), fullPage: false });
  await bruno.page.goto('/');
  await conversationRow(bruno.page, ana.username).getByTestId('conversation-open').click();
  await expect(bruno.page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');
  await conversationRow(ana.page, bruno.username).getByTestId('conversation-open').click();
  await typeAndSend(ana, 'Where is the train station?');

  // The translation is the main text; the original one tap away.
  const received = messagesOf(bruno.page, false).last();
  const text = received.getByTestId('message-text');
  await expect(text).toHaveAttribute('data-order', 'translation-first', { timeout: 30_000 });
  await expect(text.locator(':scope > *').first()).toHaveAttribute('data-testid', 'message-translation');
  await expect(received.getByTestId('message-translation')).toContainText(/estaci[oó]n|d[oó]nde/i);
  await expect(received.getByTestId('message-original')).toHaveCount(0);
  await shot(bruno.page, 'phone-daily-translation-first-es');
  await received.getByTestId('show-original').click();
  await expect(received.getByTestId('message-original')).toHaveText('Where is the train station?');
  // ana's own message reads as she wrote it, with Edit as its visible action.
  const own = messagesOf(ana.page, true).last();
  await expect(own.getByTestId('message-text')).toHaveAttribute('data-order', 'original-first');
  await expect(own.getByTestId('edit-message')).toBeVisible();
  await shot(bruno.page, 'phone-daily-original-shown-es');
  await shot(ana.page, 'phone-daily-own-en');

  // dalia blocks ana from the ⋮ menu: her conversation says so with Unblock, its composer off; the toast sits
  // below the app's header, not over the logo.
  const dalia = people.ar;
  await conversationRow(dalia.page, ana.username).getByTestId('conversation-open').click();
  await dalia.page.getByTestId('conversation-safety-menu').click();
  await dalia.page.getByTestId('safety-block').click();
  await dalia.page.getByTestId('block-confirm').click();
  await expect(dalia.page.getByTestId('blocked-notice')).toContainText(ana.username);
  await expect(dalia.page.getByTestId('message-input')).toHaveCount(0);
  const toast = dalia.page.locator('[data-sonner-toast]').first();
  await expect(toast).toBeVisible();
  // (It slides in from above: its place once it has arrived.)
  await expect.poll(async () => (await toast.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(64);
  await shot(dalia.page, 'phone-daily-blocked-ar');
  for (const actor of Object.values(people)) await actor.context.close();
});
