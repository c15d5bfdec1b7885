import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ENGLISH_STRINGS, type CatalogKey } from '@parley/common';
import { newActor, PHONE, SCREENS_DIR, signInUi, signUpViaApi, type Actor } from '../support.ts';

/**
 * Issue 27, item 5: the first minutes of a new person on a phone. The auth screens speak the browser's
 * language before anyone chooses one; the language step starts from it; the first sign-in welcomes instead of
 * saying "Welcome back!"; the e-mail typed at sign-up is still there to sign in with; and the day label of a
 * conversation never covers message text (left to right and Arabic right to left).
 */

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../common/src/i18n/locales');
const catalogs = new Map<string, Record<string, string>>();
/** The written catalog's string for `key` in `code` (English from the source catalog). */
function say(code: string, key: CatalogKey, vars: Record<string, string> = {}): string {
  let text: string = ENGLISH_STRINGS[key];
  if (code !== 'en') {
    if (!catalogs.has(code)) catalogs.set(code, JSON.parse(readFileSync(path.join(LOCALES_DIR, `${code}.json`), 'utf8')) as Record<string, string>);
    text = catalogs.get(code)![key] ?? text;
  }
  return Object.entries(vars).reduce((s, [name, value]) => s.replace(`{${name}}`, value), text);
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENS_DIR, `${name}-phone.png`), animations: 'disabled' });

/** A phone whose browser asks for `locale` first (navigator.languages, Accept-Language), recording blank frames. */
async function phoneIn(browser: Browser, locale: string): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, locale });
  await context.addInitScript(() => {
    const w = window as unknown as { sawBlank: boolean };
    w.sawBlank = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="i18n-loading"]')) w.sawBlank = true;
    }).observe(document, { childList: true, subtree: true });
  });
  return context.newPage();
}

for (const [locale, code, dir] of [['es-MX', 'es', 'ltr'], ['ja-JP', 'ja', 'ltr'], ['ar-EG', 'ar', 'rtl']] as const) {
  test(`before sign-in, a browser asking for ${locale} gets the auth screens in that language (${dir})`, async ({ browser }) => {
    const page = await phoneIn(browser, locale);
    expect(await page.evaluate(() => navigator.languages[0])).toBe(locale);
    const scripts: string[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') scripts.push(path.basename(new URL(request.url()).pathname));
    });
    await page.goto('/auth', { waitUntil: 'networkidle' });
    await expect(page.locator('main[inert]')).toHaveCount(0);
    await expect(page.getByTestId('auth-title')).toHaveText(say(code, 'auth.signInTitle'));
    await expect(page.locator('html')).toHaveAttribute('lang', code);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    await expect(page.getByTestId('auth-submit')).toHaveText(say(code, 'auth.signIn'));
    // The English copy turned into this language with no blank frame between.
    expect(await page.evaluate(() => (window as unknown as { sawBlank: boolean }).sawBlank)).toBe(false);
    // The language's strings came as their own chunk, beside the English first download (budget: phone.spec.ts).
    expect(scripts.filter((name) => new RegExp(`^${code}-[\\w-]+\\.js$`).test(name))).toHaveLength(1);
    expect(scripts.filter((name) => /^(ar|de|es|fr|hi|it|ja|ko|nl|pl|pt|ro|ru|sv|th|tr|uk|vi|zh)-[\w-]+\.js$/.test(name))).toHaveLength(1);

    await page.getByTestId('auth-toggle').click();
    await expect(page.getByTestId('auth-title')).toHaveText(say(code, 'auth.signUpTitle'));
    await expect(page.getByLabel(say(code, 'auth.username'))).toBeVisible();
    await shot(page, `firstrun-auth-signup-${code}`);

    // Until the person chooses: a language chosen on this device wins over the browser's.
    await page.evaluate(() => localStorage.setItem('userLanguage', 'de'));
    await page.reload();
    await expect(page.locator('main[inert]')).toHaveCount(0);
    await expect(page.getByTestId('auth-title')).toHaveText(say('de', 'auth.signInTitle'));
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await page.context().close();
  });
}

test('a new person on a Spanish phone: sign up, sign in with the e-mail kept, a first welcome, the step pre-filled', async ({ browser }) => {
  const page = await phoneIn(browser, 'es-ES');
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const person = { username: `lucia${tag}`, email: `lucia.${tag}@example.com`, password: 'parley-pass-1' };
  const toast = (text: string) => page.locator('[data-sonner-toast]', { hasText: text });

  await page.goto('/auth');
  await expect(page.getByTestId('auth-title')).toHaveText(say('es', 'auth.signInTitle'));
  await page.getByTestId('auth-toggle').click();
  await page.getByLabel(say('es', 'auth.username')).fill(person.username);
  await page.getByLabel(say('es', 'auth.email')).fill(person.email);
  await page.getByLabel(say('es', 'auth.password'), { exact: true }).fill(person.password);
  await page.getByTestId('auth-submit').click();

  // Sign-in mode, the card says the account exists, the e-mail is still there, the password is not.
  await expect(page.getByTestId('auth-form')).toHaveAttribute('data-mode', 'signIn');
  await expect(page.getByTestId('auth-title')).toHaveText(say('es', 'auth.accountCreated'));
  await expect(page.getByLabel(say('es', 'auth.email'))).toHaveValue(person.email);
  const password = page.getByLabel(say('es', 'auth.password'), { exact: true });
  await expect(password).toHaveValue('');
  await expect(password).toBeFocused();
  await shot(page, 'firstrun-after-signup-es');

  // Only the password to type; the first sign-in welcomes rather than saying "welcome back".
  await password.fill(person.password);
  await page.getByTestId('auth-submit').click();
  await page.waitForURL((u) => u.pathname === '/');
  await expect(toast(say('es', 'auth.welcomeNew'))).toBeVisible();
  await expect(toast(say('es', 'auth.welcomeBack'))).toHaveCount(0);

  // The language step speaks Spanish and starts from it; the person may still change it.
  await expect(page.getByTestId('language-step-title')).toHaveText(say('es', 'languageSelector.welcomeTitle', { name: person.username }));
  await expect(page.getByTestId('language-input')).toHaveValue('Español');
  await expect(page.getByTestId('language-continue')).toBeEnabled();
  // What this server does with speech in it (PocketSphinx hears English only; espeak-ng speaks Spanish).
  await expect(page.getByTestId('language-speech')).toHaveText(say('es', 'coverage.speechSpokenOnly', { language: 'Español' }));
  await shot(page, 'firstrun-language-step-es');
  await page.getByTestId('language-continue').click();
  await expect(page.getByTestId('app-shell')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('userLanguage'))).toBe('es');
  await expect(page.getByTestId('app-tagline')).toHaveText(say('es', 'header.tagline'));

  // The next sign-in is a return.
  await page.getByTestId('user-menu-trigger').click();
  await page.getByTestId('menu-sign-out').click();
  await page.waitForURL((u) => u.pathname === '/auth');
  await expect(page.getByTestId('auth-title')).toHaveText(say('es', 'auth.signInTitle'));
  await page.getByLabel(say('es', 'auth.email')).fill(person.email);
  await page.getByLabel(say('es', 'auth.password'), { exact: true }).fill(person.password);
  await page.getByTestId('auth-submit').click();
  await page.waitForURL((u) => u.pathname === '/');
  await expect(toast(say('es', 'auth.welcomeBack'))).toBeVisible();
  await expect(page.getByTestId('app-shell')).toBeVisible();
  await page.context().close();

  // A browser whose first language Parley lacks (Swahili, then Spanish) gets the next one it has; with none of
  // the 20 at all: English screens and an empty language step.
  const swahiliFirst = await phoneIn(browser, 'sw-KE');
  await swahiliFirst.context().addInitScript(() => Object.defineProperty(navigator, 'languages', { get: () => ['sw-KE', 'sw', 'es-ES'] }));
  await swahiliFirst.goto('/auth');
  await expect(swahiliFirst.getByTestId('auth-title')).toHaveText(say('es', 'auth.signInTitle'));
  await swahiliFirst.context().close();

  const swahili = await phoneIn(browser, 'sw-KE');
  const zawadi: Actor = { name: 'zawadi', username: `zawadi${tag}`, email: `zawadi.${tag}@example.com`, password: person.password, page: swahili, context: swahili.context() };
  await signUpViaApi(zawadi);
  await expect(swahili.getByTestId('auth-title')).toHaveText('Welcome back');
  await signInUi(zawadi);
  await expect(swahili.getByTestId('language-step-title')).toHaveText(`Welcome, ${zawadi.username}!`);
  await expect(swahili.getByTestId('language-input')).toHaveValue('');
  await expect(swahili.locator('html')).toHaveAttribute('lang', 'en');
  await zawadi.context.close();
});

/**
 * Scroll the conversation from its end to its start in small steps; at each, every day label on screen and every
 * message bubble's part that shows in the scroller: none may meet. Returns what was found under a label.
 */
async function dayLabelOverlaps(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const el = document.querySelector<HTMLElement>('[data-testid="message-scroller"]')!;
    const found: string[] = [];
    // Boxes are read right after each scroll (reading them lays the page out, sticky positions included).
    for (let y = el.scrollHeight - el.clientHeight; y >= 0; y -= 17) {
      el.scrollTo({ top: y, behavior: 'instant' });
      const scroller = el.getBoundingClientRect();
      const labels = Array.from(document.querySelectorAll('[data-testid="day-separator"], [data-testid="current-day"]'))
        .map((label) => label.getBoundingClientRect())
        .filter((r) => r.height > 0);
      for (const bubble of Array.from(el.querySelectorAll('[data-testid="message"] > div'))) {
        const r = bubble.getBoundingClientRect();
        const top = Math.max(r.top, scroller.top);
        const bottom = Math.min(r.bottom, scroller.bottom);
        if (bottom - top < 1) continue; // scrolled out of view
        for (const label of labels) {
          const rows = Math.min(bottom, label.bottom) - Math.max(top, label.top);
          const columns = Math.min(r.right, label.right) - Math.max(r.left, label.left);
          if (rows > 0.5 && columns > 0.5) found.push(`"${(bubble.textContent ?? '').slice(0, 30)}" under the label at scrollTop ${el.scrollTop}`);
        }
      }
    }
    return found;
  });
}

test('the day label never covers message text while scrolling, left to right and Arabic right to left', async ({ browser }) => {
  test.slow(); // two people sign up and choose a language, 24 messages, two sweeps of the conversation
  const ana = await newActor(browser, 'ana');
  const bruno = await newActor(browser, 'bruno');
  for (const [actor, language] of [[ana, 'English'], [bruno, 'Arabic']] as [Actor, string][]) {
    await actor.page.setViewportSize(PHONE);
    await signUpViaApi(actor);
    await signInUi(actor, language);
  }
  const roomId = await ana.page.evaluate(async (username) => {
    const search = (await (await fetch(`/api/users/search?q=${encodeURIComponent(username)}`)).json()) as { users: { id: string }[] };
    const r = await fetch('/api/chats', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: search.users[0]!.id }) });
    return ((await r.json()) as { room: { id: string } }).room.id;
  }, bruno.username);
  // Enough messages, some of several lines, to scroll a phone's screen a few times over.
  const statuses = await ana.page.evaluate(async (room) => {
    const out: number[] = [];
    for (let i = 1; i <= 24; i += 1) {
      const content = i % 3 ? `Message ${i}: see you at the station` : `Message ${i}: the train leaves at nine,\nplatform four,\nbring the tickets`;
      const r = await fetch(`/api/chats/${room}/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content, clientId: `firstrun-${i}-${Date.now()}` }) });
      out.push(r.status);
    }
    return out;
  }, roomId);
  expect(statuses.every((s) => s === 201), statuses.join(',')).toBe(true);

  for (const [actor, code, dir] of [[ana, 'en', 'ltr'], [bruno, 'ar', 'rtl']] as const) {
    const { page } = actor;
    await page.goto(`/chat/${roomId}`);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    await expect(page.getByTestId('message')).toHaveCount(24);
    const scroller = page.getByTestId('message-scroller');
    const height = await scroller.evaluate((el) => el.scrollHeight - el.clientHeight);
    expect(height).toBeGreaterThan(PHONE.height);
    expect(await dayLabelOverlaps(page)).toEqual([]);

    // Halfway up, the label still says which day is on screen.
    await scroller.evaluate((el) => el.scrollTo({ top: (el.scrollHeight - el.clientHeight) / 2, behavior: 'instant' }));
    const label = page.locator('[data-testid="current-day"], [data-testid="day-separator"]').first();
    await expect(label).toBeVisible();
    // Today's word in this language (yesterday's, should the run cross midnight), as Intl says it.
    const words = await page.evaluate((l) => [0, -1].map((d) => new Intl.RelativeTimeFormat(l, { numeric: 'auto' }).format(d, 'day')), code);
    expect(words.map((w) => w.toLocaleLowerCase(code))).toContain((await label.innerText()).trim().toLocaleLowerCase(code));
    await shot(page, `firstrun-day-label-${code}`);
    await actor.context.close();
  }
});
