import { expect, test } from '@playwright/test';
import { IDP_PORT } from '../playwright.config.ts';
import { DESKTOP, screenshots } from '../support.ts';

/**
 * Single sign-on (issue 24 item 5) in Chromium against a real OpenID provider (e2e/idp.ts, oidc-provider):
 * "Continue with Test IdP" -> the provider's login and consent pages -> back in Parley, signed in -> the
 * language step. A callback nobody started lands on the auth screen with the reason.
 */
test('Continue with Test IdP: login and consent at the provider, signed in, then the language step', async ({ browser }) => {
  // Two browsers, two servers and a first compile of the provider's pages on a shared machine.
  test.setTimeout(240_000);
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto('/auth');
  const button = page.getByTestId('sso-button');
  await expect(button).toHaveText('Continue with Test IdP');
  // Password sign-in stays beside it (OIDC_ONLY is off here).
  await expect(page.getByTestId('auth-form')).toBeVisible();
  await screenshots(page, 'sso-auth');

  await button.click();
  await page.waitForURL((u) => u.port === String(IDP_PORT));
  await page.getByLabel('Username').fill('sso.e2e');
  await page.getByRole('button', { name: 'Sign in to Test IdP' }).click();
  await expect(page.getByText('parley-e2e asks for your name and e-mail address.')).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();

  // Back in Parley with a session: a new account goes to the language step first.
  await page.waitForURL((u) => u.port !== String(IDP_PORT) && u.pathname === '/');
  await expect(page.getByTestId('language-step-title')).toContainText('sso.e2e');
  await page.getByTestId('language-input').fill('Deutsch');
  await page.getByTestId('language-continue').click();
  await expect(page.getByTestId('app-shell')).toBeVisible();
  const session = await page.request.get('/api/auth/session');
  expect((await session.json()).user.email).toBe('sso.e2e@example.com');
  await context.close();

  // A callback this browser never started (a forged or replayed link): the auth screen says why, once.
  const stranger = await browser.newContext({ viewport: DESKTOP });
  const other = await stranger.newPage();
  await other.goto('/api/auth/oidc/callback?code=forged&state=forged');
  await other.waitForURL((u) => u.pathname === '/auth');
  await expect(other.getByText('This sign-in attempt has expired or was already used. Please start again.')).toBeVisible();
  await expect.poll(() => new URL(other.url()).search).toBe('');
  await screenshots(other, 'sso-refused');
  await stranger.close();
});
