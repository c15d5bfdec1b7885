import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

export const SCREENS_DIR = path.resolve(import.meta.dirname, 'artifacts/screens');
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export interface Actor {
  name: string;
  username: string;
  email: string;
  password: string;
  context: BrowserContext;
  page: Page;
}

let seq = 0;
/** A named person with their own browser context (own cookies and localStorage). */
export async function newActor(browser: Browser, name: string): Promise<Actor> {
  seq += 1;
  const tag = `${Date.now().toString(36)}${seq}`;
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error(`[${name}] page error:`, err.message));
  return { name, username: `${name}${tag}`, email: `${name}.${tag}@example.com`, password: 'parley-pass-1', context, page };
}

/** Sign up through the API (same origin as the page, so the browser's Origin header is right). */
export async function signUpViaApi(actor: Actor): Promise<void> {
  await actor.page.goto('/auth');
  const status = await actor.page.evaluate(async (u) => {
    const res = await fetch('/api/auth/signup', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(u) });
    return res.status;
  }, { username: actor.username, email: actor.email, password: actor.password });
  expect(status).toBe(201);
}

/** Sign in through the auth screen, and pass the first-time language step with `language`. */
export async function signInUi(actor: Actor, language?: string): Promise<void> {
  const { page } = actor;
  await page.goto('/auth');
  if ((await page.getByTestId('auth-form').getAttribute('data-mode')) !== 'signIn') await page.getByTestId('auth-toggle').click();
  await page.getByLabel('Email').fill(actor.email);
  await page.getByLabel('Password', { exact: true }).fill(actor.password);
  await page.getByTestId('auth-submit').click();
  await page.waitForURL((u) => u.pathname === '/');
  if (language) {
    await page.getByTestId('language-input').fill(language);
    await page.getByTestId('language-continue').click();
    await expect(page.getByTestId('app-shell')).toBeVisible();
  }
}

/** Screenshot at desktop and phone width: artifacts/screens/{name}-desktop.png and -phone.png. */
export async function screenshots(page: Page, name: string): Promise<void> {
  const original = page.viewportSize() ?? DESKTOP;
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}-desktop.png`), fullPage: false });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}-phone.png`), fullPage: false });
  await page.setViewportSize(original);
}
