import { expect, test } from '@playwright/test';
import { newActor, screenshots, signInUi, signUpViaApi } from '../support.ts';

/** The interface in the user's language: Spanish from its written catalog (no machine translation), then back to English. */
test('interface strings follow the chosen language and English restores them', async ({ browser }) => {
  const bruno = await newActor(browser, 'bruno');
  await signUpViaApi(bruno);
  await signInUi(bruno);
  const { page } = bruno;
  const uiStringRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/ui-strings')) uiStringRequests.push(r.url());
  });

  await page.getByTestId('language-input').fill('Español');
  await page.getByTestId('language-continue').click();
  const shell = page.getByTestId('app-shell');
  await expect(shell).toBeVisible();
  // Header, tabs and the chat empty state come from the written Spanish catalog, all at once.
  await expect(page.getByTestId('app-tagline')).not.toHaveText('Real-time translator');
  await expect(page.getByTestId('app-tagline')).toContainText(/tiempo real/i);
  await expect(page.getByTestId('main-content')).toContainText(/conversaci/i);
  await expect(page.getByTestId('main-content')).not.toContainText('No conversations yet');
  expect(await page.evaluate(() => localStorage.getItem('userLanguage'))).toBe('es');
  expect(uiStringRequests).toEqual([]); // the catalog is complete: no machine translation needed
  const profile = await page.evaluate(async () => (await fetch('/api/profile')).json());
  expect(profile.language).toBe('es');
  // The app name is never translated.
  await expect(page.getByTestId('app-name')).toHaveText('Parley');

  await page.getByTestId('user-menu-trigger').click();
  const menuText = await page.getByTestId('user-menu').innerText();
  expect(menuText).not.toContain('Language Settings');
  await screenshots(page, 'i18n-spanish-menu');
  await page.getByTestId('menu-language').click();
  await expect(page.getByTestId('language-step-title')).not.toHaveText('Settings - Language');

  // Back to English: the originals, with no translation call.
  await page.getByTestId('language-input').fill('English');
  await page.getByTestId('language-continue').click();
  await expect(page.getByTestId('app-tagline')).toHaveText('Real-time translator');
  await expect(page.getByTestId('main-content')).toContainText('No conversations yet');
  await expect(page.getByTestId('tab-chat')).toContainText('Chat');
  await page.getByTestId('user-menu-trigger').click();
  await expect(page.getByTestId('user-menu')).toContainText('Language Settings');
  await bruno.context.close();
});
