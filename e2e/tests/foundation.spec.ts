import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { newActor, scratchDir, screenshots } from '../support.ts';

const images = scratchDir('parley-e2e-img-');

/** ana's first visit: sign up, sign in, language step, shell, profile, settings, sign out, 404. */
test('foundation: accounts, language step, shell, profile, sign out, 404', async ({ browser }) => {
  const ana = await newActor(browser, 'ana');
  const { page } = ana;

  // Without a session, / goes to /auth.
  await page.goto('/');
  await page.waitForURL('**/auth');
  await expect(page.getByTestId('auth-title')).toHaveText('Welcome back');
  await screenshots(page, 'auth-signin');

  // Sign up: fields clear but the e-mail, and the screen switches to sign-in.
  await page.getByTestId('auth-toggle').click();
  await expect(page.getByTestId('auth-form')).toHaveAttribute('data-mode', 'signUp');
  await expect(page.getByTestId('auth-title')).toHaveText('Create your account');
  await page.getByLabel('Username').fill(ana.username);
  await page.getByLabel('Email').fill(ana.email);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByTestId('auth-submit').click();
  await expect(page.getByText('Password must be at least 6 characters long.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(ana.password);
  await page.getByTestId('toggle-password').click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await screenshots(page, 'auth-signup');
  await page.getByTestId('auth-submit').click();
  await expect(page.getByText('Account created!')).toBeVisible();
  await expect(page.getByTestId('auth-form')).toHaveAttribute('data-mode', 'signIn');
  await expect(page.getByLabel('Email')).toHaveValue(ana.email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');

  // Signing up again with the same e-mail (other case) says so and stays on sign-in.
  await page.getByTestId('auth-toggle').click();
  await page.getByLabel('Username').fill(`${ana.username}2`);
  await page.getByLabel('Email').fill(ana.email.toUpperCase());
  await page.getByLabel('Password', { exact: true }).fill(ana.password);
  await page.getByTestId('auth-submit').click();
  await expect(page.getByText('This email is already registered. Please sign in instead.')).toBeVisible();
  await expect(page.getByTestId('auth-form')).toHaveAttribute('data-mode', 'signIn');

  // Wrong password.
  await page.getByLabel('Email').fill(ana.email);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByTestId('auth-submit').click();
  // The catalog's string, chosen by the error code (never the server's English).
  await expect(page.getByText('Invalid email or password')).toBeVisible();

  // Sign in -> first-time language step.
  await page.getByLabel('Password', { exact: true }).fill(ana.password);
  await page.getByTestId('auth-submit').click();
  await page.waitForURL((u) => u.pathname === '/');
  await expect(page.getByTestId('language-step-title')).toHaveText(`Welcome, ${ana.username}!`);
  await expect(page.getByText('Choose your language to get started')).toBeVisible();
  // Pre-filled with the browser's language (the run's browser is English); Continue needs non-blank text.
  await expect(page.getByTestId('language-input')).toHaveValue('English');
  await page.getByTestId('language-input').fill('');
  await expect(page.getByTestId('language-continue')).toBeDisabled();
  await expect(page.getByTestId('language-cancel')).toHaveCount(0);
  await page.getByTestId('language-input').fill('Klingon');
  await page.getByTestId('language-continue').click();
  await expect(page.getByTestId('language-unknown')).toContainText('Klingon');
  await page.getByTestId('language-input').fill('english');
  await screenshots(page, 'language-welcome');
  await page.getByTestId('language-continue').click();

  // Shell: chat tab by default, header parts, tabs.
  const shell = page.getByTestId('app-shell');
  await expect(shell).toHaveAttribute('data-tab', 'chat');
  await expect(page.getByTestId('app-tagline')).toHaveText('Real-time translator');
  await expect(page.getByTestId('tab-chat')).toHaveAttribute('aria-current', 'page');
  expect(await page.evaluate(() => localStorage.getItem('userLanguage'))).toBe('en');
  await screenshots(page, 'shell-chat');
  await page.getByTestId('tab-talk').click();
  await expect(shell).toHaveAttribute('data-tab', 'talk');
  await page.getByTestId('tab-scan').click();
  await expect(shell).toHaveAttribute('data-tab', 'scan');
  await page.getByTestId('tab-chat').click();

  // User menu shows who is signed in.
  await page.getByTestId('user-menu-trigger').click();
  await expect(page.getByTestId('user-menu-username')).toHaveText(ana.username);
  await expect(page.getByTestId('user-menu-email')).toHaveText(ana.email);
  await screenshots(page, 'user-menu');
  await page.getByTestId('menu-profile').click();
  await page.waitForURL('**/profile');

  // Profile: bio, avatar upload (a real PNG), and a fake image refused.
  await expect(page.getByLabel('Email')).toHaveValue(ana.email);
  await expect(page.getByLabel('Email')).not.toBeEditable();
  await expect(page.getByText('Email cannot be changed from this interface')).toBeVisible();
  const dir = images();
  const avatar = path.join(dir, 'avatar.png');
  await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 20, g: 140, b: 160 } } }).png().toFile(avatar);
  await page.getByTestId('avatar-input').setInputFiles(avatar);
  await expect(page.getByText('Avatar uploaded successfully')).toBeVisible();
  const fake = path.join(dir, 'fake.png');
  writeFileSync(fake, 'this is not an image');
  await page.getByTestId('avatar-input').setInputFiles(fake);
  await expect(page.getByText('Upload failed')).toBeVisible();
  await page.getByLabel('Bio').fill('I speak English and a little Spanish.');
  await page.getByTestId('profile-save').click();
  await expect(page.getByText('Your profile has been saved successfully.')).toBeVisible();
  await screenshots(page, 'profile');
  await page.reload();
  await expect(page.getByLabel('Bio')).toHaveValue('I speak English and a little Spanish.');
  await expect(page.locator('img[src*="/storage/avatars/"]').first()).toBeVisible();
  await page.getByTestId('profile-back').click();
  await page.waitForURL((u) => u.pathname === '/');

  // Language settings from the menu, with Cancel.
  await page.getByTestId('user-menu-trigger').click();
  await page.getByTestId('menu-language').click();
  await expect(page.getByTestId('language-step-title')).toHaveText('Settings - Language');
  await screenshots(page, 'language-settings');
  await page.getByTestId('language-cancel').click();
  await expect(shell).toBeVisible();

  // A reload keeps the session and skips the language step.
  await page.reload();
  await expect(shell).toBeVisible();

  // Sign out -> /auth; / then redirects to /auth.
  await page.getByTestId('user-menu-trigger').click();
  await page.getByTestId('menu-sign-out').click();
  await page.waitForURL('**/auth');
  await page.goto('/');
  await page.waitForURL('**/auth');

  // 404.
  await page.goto('/no/such/page');
  await expect(page.getByTestId('not-found')).toContainText('Oops! Page not found');
  await screenshots(page, 'not-found');
  await page.getByText('Return to Home').click();
  await page.waitForURL('**/auth');
  await ana.context.close();
});
