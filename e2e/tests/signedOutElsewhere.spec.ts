import { expect, test } from '@playwright/test';
import { newActor, signInUi, signUpViaApi } from '../support.ts';

/**
 * Issue 27: after a sign-out elsewhere, a reopened browser drew the previous user's name (the service worker's
 * copy of the signed-in / and of /api/auth/session, or the `parley.session` entry in local storage). Now the
 * service worker keeps neither, and a page served for a session that has ended makes the app forget everything
 * it kept of it before drawing anything: the session hint, the last list, the offline copies.
 */
test('a session ended elsewhere: the reopened app never draws the previous user, and caches and stored session data are gone', async ({ browser }) => {
  const ana = await newActor(browser, 'ana');
  await signUpViaApi(ana);
  await signInUi(ana, 'English');
  const { page, context } = ana;
  await expect(page.getByTestId('app-shell')).toBeVisible();
  // The service worker controls the page and has copied API answers (the profile, the conversation list).
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await page.reload();
  await expect(page.getByTestId('app-shell')).toBeVisible();
  await expect.poll(() => page.evaluate(async () => (await (await caches.open('parley-api')).keys()).length)).toBeGreaterThan(0);
  expect(await page.evaluate(() => localStorage.getItem('parley.session'))).toContain(ana.username);
  // Never kept: the signed-in page and anything under /api/auth.
  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });
  expect(kept.filter((u) => u === '/' || u.startsWith('/api/auth'))).toEqual([]);

  // Signed out elsewhere: the session ends on the server; this browser keeps its (now dead) cookie.
  const cookies = await context.cookies();
  const other = await browser.newContext({ storageState: await context.storageState() });
  const signedOut = await other.request.post('/api/auth/signout', { headers: { origin: new URL(page.url()).origin } });
  expect(signedOut.status()).toBe(204);
  await other.close();
  await page.close();
  await context.addCookies(cookies);

  // Reopened: the previous user's name is never drawn, not even for a frame.
  const reopened = await context.newPage();
  await reopened.addInitScript((name) => {
    const w = window as unknown as { sawName: boolean };
    w.sawName = false;
    new MutationObserver(() => {
      if (document.body?.textContent?.includes(name)) w.sawName = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, ana.username);
  await reopened.goto('/');
  await reopened.waitForURL((u) => u.pathname === '/auth');
  await expect(reopened.getByTestId('auth-form')).toBeVisible();
  expect(await reopened.evaluate(() => (window as unknown as { sawName: boolean }).sawName)).toBe(false);
  // Stored session data and the offline copies are gone.
  const stored = (key: string) => reopened.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null') as unknown, key);
  expect(await stored('parley.session')).toBeNull();
  expect(await stored('parley.lastSeen')).toBeNull();
  await expect.poll(() => reopened.evaluate(async () => {
    const names = ['parley-api', 'parley-media', 'parley-pages'];
    return (await Promise.all(names.map((n) => caches.has(n)))).some(Boolean);
  })).toBe(false);
  await context.close();
});
