import { expect, test, type Page } from '@playwright/test';
import { newActor, signInUi, signUpViaApi } from '../support.ts';

/**
 * Issue 24: the operators' console. The admin (ADMIN_EMAILS in playwright.config.ts) finds a user, disables them
 * (their open app is signed out, and sign-in says the account is disabled), makes registration invite-only (a
 * visitor's sign-up screen says so), creates an invite link that opens sign-up, reads the audit log and the
 * status page. A non-admin is refused and never downloads the console's chunk.
 */
const adminChunk = (page: Page) => {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/AdminPage[-.]/.test(new URL(r.url()).pathname)) seen.push(r.url());
  });
  return seen;
};

test('the admin console: users, disable, registration by invitation, invite link, audit, status', async ({ browser }) => {
  const admin = await newActor(browser, 'operator');
  admin.email = 'operator.e2e@example.com';
  const bruno = await newActor(browser, 'bruno');
  const brunoChunks = adminChunk(bruno.page);
  for (const actor of [admin, bruno]) {
    await signUpViaApi(actor);
    await signInUi(actor, 'English');
  }

  // A non-admin: the menu has no console, /admin refuses, and the console's code never came down.
  await bruno.page.getByTestId('user-menu-trigger').click();
  await expect(bruno.page.getByTestId('menu-profile')).toBeVisible();
  await expect(bruno.page.getByTestId('menu-admin')).toHaveCount(0);
  await bruno.page.keyboard.press('Escape');
  expect(brunoChunks).toEqual([]);

  // The admin's menu offers the console (the session says admin once reloaded).
  await admin.page.reload();
  await admin.page.getByTestId('user-menu-trigger').click();
  await admin.page.getByTestId('menu-admin').click();
  await admin.page.waitForURL((u) => u.pathname === '/admin');
  const console_ = admin.page;

  // Users: search, then disable bruno.
  await console_.getByTestId('admin-user-search').fill(bruno.username);
  const row = console_.locator(`[data-testid="admin-user"][data-email="${bruno.email}"]`);
  await expect(row).toBeVisible();
  await expect(console_.getByTestId('admin-user')).toHaveCount(1);
  await row.getByTestId('admin-toggle-disabled').click();
  await expect(row.getByText('Account disabled')).toBeVisible();
  await console_.getByTestId('admin-filter-disabled').click();
  await expect(row).toBeVisible();

  // Bruno's open app is signed out; signing in again says why.
  await bruno.page.waitForURL((u) => u.pathname === '/auth');
  await bruno.page.getByLabel('Email').fill(bruno.email);
  await bruno.page.getByLabel('Password', { exact: true }).fill(bruno.password);
  await bruno.page.getByTestId('auth-submit').click();
  await expect(bruno.page.getByText('This account has been disabled')).toBeVisible();

  // Registration by invitation: a visitor's screen says so before any form.
  await console_.getByTestId('admin-tab-registration').click();
  await console_.getByTestId('admin-registration-invite').click();
  await expect(console_.getByTestId('admin-registration')).toHaveAttribute('data-mode', 'invite');
  const visitor = await newActor(browser, 'carla');
  try {
    await visitor.page.goto('/auth');
    await expect(visitor.page.getByTestId('signup-unavailable')).toHaveText('Sign-up is by invitation');
    await expect(visitor.page.getByTestId('auth-toggle')).toHaveCount(0);

    // An invite link opens sign-up and lets the visitor in.
    await console_.getByTestId('admin-tab-invites').click();
    await console_.getByTestId('admin-create-invite').click();
    const link = (await console_.getByTestId('admin-invite-link').textContent()) ?? '';
    await visitor.page.goto(link);
    await expect(visitor.page.getByTestId('auth-form')).toHaveAttribute('data-mode', 'signUp');
    await expect(visitor.page.getByTestId('auth-subtitle')).toHaveText('You have been invited: create your account');
    await visitor.page.getByLabel('Username').fill(visitor.username);
    await visitor.page.getByLabel('Email').fill(visitor.email);
    await visitor.page.getByLabel('Password', { exact: true }).fill(visitor.password);
    await visitor.page.getByTestId('auth-submit').click();
    await expect(visitor.page.getByTestId('auth-title')).toHaveText('Account created!');
    // The list is read again when the tab opens.
    await console_.getByTestId('admin-tab-users').click();
    await console_.getByTestId('admin-tab-invites').click();
    await expect(console_.getByTestId('admin-invite').first()).toContainText('1 of 1 used');
  } finally {
    // Other scenarios of the run sign up freely.
    await console_.getByTestId('admin-tab-registration').click();
    await console_.getByTestId('admin-registration-open').click();
    await expect(console_.getByTestId('admin-registration')).toHaveAttribute('data-mode', 'open');
    await visitor.context.close();
  }

  // The audit log has the disable, by whom; the status page shows the database.
  await console_.getByTestId('admin-tab-audit').click();
  await expect(console_.locator('[data-testid="admin-audit-entry"][data-action="user.disabled"]').first()).toContainText(bruno.email);
  await expect(console_.locator('[data-testid="admin-audit-entry"][data-action="registration.changed"]').first()).toBeVisible();
  await console_.getByTestId('admin-tab-status').click();
  await expect(console_.getByTestId('admin-status')).toContainText('Database');
  await expect(console_.getByTestId('admin-status')).toContainText('Working');

  // A signed-in non-admin opening /admin is refused by the server's answer.
  const dora = await newActor(browser, 'dora');
  await signUpViaApi(dora);
  await signInUi(dora, 'English');
  await dora.page.goto('/admin');
  await expect(dora.page.getByTestId('admin-refused')).toHaveText('This page is for administrators.');
  for (const actor of [admin, bruno, dora]) await actor.context.close();
});
