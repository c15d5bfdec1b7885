import { expect, test } from '@playwright/test';
import { Mailbox } from '../mailbox.ts';
import { BASE_URL, SMTP_PORT } from '../playwright.config.ts';
import { newActor, signInUi, signUpViaApi } from '../support.ts';

/**
 * Issue 23: accounts people can keep. Mail goes over real SMTP to a server this file runs; the
 * scenarios follow the links in it like a person would.
 */
let mailbox: Mailbox;
test.beforeAll(async () => {
  mailbox = await Mailbox.start(SMTP_PORT);
});
test.afterAll(async () => mailbox.close());

test('forgot password -> mail -> new password; the old session in another browser is signed out', async ({ browser }) => {
  const ana = await newActor(browser, 'ana');
  await signUpViaApi(ana);
  await signInUi(ana, 'English');
  await expect(ana.page.getByTestId('app-shell')).toBeVisible();

  // The same person on a second device asks for a reset from the auth screen.
  const phone = await browser.newContext();
  const page = await phone.newPage();
  await page.goto(`${BASE_URL}/auth`);
  await page.getByTestId('forgot-password').click();
  await page.getByLabel('Email').fill(ana.email);
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByTestId('reset-sent')).toBeVisible();

  const link = await mailbox.linkFor(ana.email, '/reset-password#token=');
  expect(link.startsWith(`${BASE_URL}/reset-password#token=`)).toBe(true);
  await page.goto(link);
  await page.getByLabel('New password').fill('a new parley pass');
  await page.getByTestId('reset-submit').click();
  await page.waitForURL((u) => u.pathname === '/auth');

  // The first browser's session ended with the reset: it is back at the sign-in screen.
  await ana.page.waitForURL((u) => u.pathname === '/auth');
  await expect(ana.page.getByTestId('auth-form')).toBeVisible();

  await page.getByLabel('Email').fill(ana.email);
  await page.getByLabel('Password', { exact: true }).fill('a new parley pass');
  await page.getByTestId('auth-submit').click();
  await page.waitForURL((u) => u.pathname === '/');
  await phone.close();
  await ana.context.close();
});
