import path from 'node:path';
import { expect, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { newActor, SCREENS_DIR, signUpViaApi } from '../support.ts';

/**
 * Issue 35 item 1: /api/docs in Chromium. Swagger UI runs under the app's own Content-Security-Policy (no violation,
 * no request leaves the server), lists the API by feature, and "Try it out" calls the API with the page's session.
 */
test('api docs: the viewer runs under the CSP, from this server only, and tries a call with the session', async ({ browser }) => {
  const ana = await newActor(browser, 'ana');
  const { page } = ana;
  await signUpViaApi(ana);
  const signedIn = await page.evaluate(async (u) => (await fetch('/api/auth/signin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(u) })).status, { email: ana.email, password: ana.password });
  expect(signedIn).toBe(200);
  // From here on, the docs page: any console error (a CSP violation is one) or request elsewhere is a failure.
  const problems: string[] = [];
  page.on('console', (m) => void ((m.type() === 'error' || /Content Security Policy/i.test(m.text())) && problems.push(m.text())));
  const elsewhere: string[] = [];
  page.on('request', (r) => void (r.url().startsWith(`${BASE_URL}/`) || r.url().startsWith('data:') || elsewhere.push(r.url())));

  const answer = await page.goto('/api/docs');
  expect(answer?.status()).toBe(200);
  await expect(page.locator('.info .title')).toContainText('Parley API');
  // Every feature's tag, collapsed (the whole list drawn at once stalled Swagger UI with single sign-on on): open two.
  const described = (await (await page.request.get('/api/openapi.json')).json()) as { paths: Record<string, Record<string, { tags?: string[] }>> };
  const tags = new Set(Object.values(described.paths).flatMap((operations) => Object.values(operations).flatMap((op) => op.tags ?? [])));
  expect(tags.size).toBeGreaterThan(15);
  await expect(page.locator('.opblock-tag')).toHaveCount(tags.size);
  await page.locator('.opblock-tag', { hasText: /^Auth/ }).click();
  await page.locator('.opblock-tag', { hasText: /^Chats/ }).click();
  await expect.poll(() => page.locator('.opblock').count()).toBeGreaterThan(40);

  // Try GET /api/auth/session: the browser sends the session cookie, the answer is ana's.
  const session = page.locator('.opblock', { has: page.locator('.opblock-summary-path', { hasText: /^\/api\/auth\/session$/ }) });
  await session.locator('.opblock-summary').click();
  await session.getByRole('button', { name: 'Try it out' }).click();
  await session.getByRole('button', { name: 'Execute' }).click();
  await expect(session.locator('.live-responses-table .response .response-col_status').first()).toHaveText('200');
  await expect(session.locator('.live-responses-table .microlight').first()).toContainText(ana.email);
  await page.screenshot({ path: path.join(SCREENS_DIR, 'api-docs.png') });

  expect(problems).toEqual([]);
  expect(elsewhere).toEqual([]);
  await ana.context.close();
});
