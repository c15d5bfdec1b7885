import { expect, test, type Page } from '@playwright/test';
import { newActor, quietScreenshots, signInUi, signUpViaApi, type Actor } from '../support.ts';

/**
 * Issue 34 item 4: the console's Translation tab. An operator (ADMIN_EMAILS in playwright.config.ts) sees the
 * engines with their health and coverage and the characters translated, switches the engine off (a person's
 * translation then says no engine serves the pair, and the languages say none is served), switches it on again,
 * and sets the per-person budget (below what she spent this minute: her next translation is refused; raised: allowed). The server's
 * settings are put back at the end: other scenarios share it.
 */
const translate = (page: Page, text: string) =>
  page.evaluate(async (t) => {
    const res = await fetch('/api/translate', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: t, sourceLanguage: 'en', targetLanguage: 'es' }),
    });
    const body = await res.json();
    return { status: res.status, engine: body.engine as string | null, reason: body.reason as string | undefined, code: body.error?.code as string | undefined };
  }, text);
const servedPairs = (page: Page) =>
  page.evaluate(async () => ((await (await fetch('/api/languages')).json()).pairs as { support: string }[]).filter((p) => p.support !== 'none').length);

/** The operator's account may exist already (admin.spec signs up the same address): then it only signs in. */
async function operatorIn(actor: Actor): Promise<void> {
  await signUpViaApi(actor).catch(() => undefined);
  await signInUi(actor);
  const step = actor.page.getByTestId('language-input');
  await expect(step.or(actor.page.getByTestId('app-shell'))).toBeVisible();
  if (await step.isVisible()) {
    await step.fill('English');
    await actor.page.getByTestId('language-continue').click();
  }
  await expect(actor.page.getByTestId('app-shell')).toBeVisible();
}

test('the Translation tab: engines, coverage, usage; switching the engine off and setting the budget take effect', async ({ browser }) => {
  const admin = await newActor(browser, 'operator');
  admin.email = 'operator.e2e@example.com';
  const carla = await newActor(browser, 'carla');
  await operatorIn(admin);
  await signUpViaApi(carla);
  await signInUi(carla, 'English');
  const c = carla.page;
  const unique = `Please bring the blue umbrella to the station ${Date.now().toString(36)}`;
  expect(await translate(c, unique)).toMatchObject({ status: 200, engine: 'apertium' });
  const before = await servedPairs(c);
  expect(before).toBeGreaterThan(0);

  const page = admin.page;
  await page.goto('/admin');
  await page.getByTestId('admin-tab-translation').click();
  const tab = page.getByTestId('admin-translation');
  const apertium = tab.locator('[data-testid="admin-engine"][data-engine="apertium"]');
  await expect(apertium).toHaveAttribute('data-on', 'true');
  await expect(apertium.getByTestId('admin-engine-status')).toHaveText('Working');
  // Neural has no models on this server: listed, not set up, and cannot be switched on.
  const neural = tab.locator('[data-testid="admin-engine"][data-engine="neural"]');
  await expect(neural.getByTestId('admin-engine-status')).toHaveText('Not set up');
  await expect(neural.getByTestId('admin-engine-on')).toBeDisabled();
  // Coverage: 20 x 20, English -> Spanish served directly by Apertium, English -> French through a pivot.
  const grid = tab.getByTestId('admin-coverage');
  await expect(grid.locator('tbody tr')).toHaveCount(20);
  await tab.getByTestId('admin-coverage-engine').selectOption('apertium');
  await expect(grid.locator('td[data-cell="d"]').first()).toBeVisible();
  await expect(grid.locator('td[data-cell="p"]').first()).toBeVisible();
  // The characters carla's translation cost (counted once, by the engine that made it).
  await expect(tab.locator('[data-testid="admin-usage-row"][data-engine="apertium"]').first()).toBeVisible();
  await quietScreenshots(page, 'console-translation');

  try {
    // Off: nothing serves English -> Spanish any more, on the next request.
    await apertium.getByTestId('admin-engine-on').click();
    await expect(apertium).toHaveAttribute('data-on', 'false');
    await expect(apertium.getByTestId('admin-engine-status')).toHaveText('Switched off');
    await tab.getByTestId('admin-coverage-engine').selectOption('served');
    await expect(grid.locator('td[data-cell="d"], td[data-cell="p"]')).toHaveCount(0);
    expect(await translate(c, `${unique} again`)).toMatchObject({ status: 200, engine: null, reason: 'unsupported_pair' });
    expect(await servedPairs(c)).toBe(0);

    await apertium.getByTestId('admin-engine-on').click();
    await expect(apertium).toHaveAttribute('data-on', 'true');
    expect(await translate(c, `${unique} once more`)).toMatchObject({ status: 200, engine: 'apertium' });
    expect(await servedPairs(c)).toBe(before);

    // The budget: 60 characters a minute, less than carla's three translations took this minute: her next is refused.
    await tab.getByTestId('admin-budget-minute').fill('60');
    await tab.getByTestId('admin-budget-day').fill('100000');
    await tab.getByTestId('admin-budget-save').click();
    await expect(tab.getByTestId('admin-budget-minute')).toHaveValue('60');
    await page.reload();
    await page.getByTestId('admin-tab-translation').click();
    await expect(page.getByTestId('admin-budget-minute')).toHaveValue('60');
    expect(await translate(c, `One more sentence for the budget ${Date.now()}`)).toMatchObject({ status: 429, code: 'translation_budget' });
    // Raised again: allowed at once.
    await page.getByTestId('admin-budget-minute').fill('30000');
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/admin/translation/budget') && r.ok()),
      page.getByTestId('admin-budget-save').click(),
    ]);
    expect(await translate(c, `One more sentence for the budget ${Date.now()}`)).toMatchObject({ status: 200, engine: 'apertium' });

    // The audit log names both changes.
    await page.getByTestId('admin-tab-audit').click();
    await expect(page.locator('[data-testid="admin-audit-entry"][data-action="translation.engines_changed"]').first()).toBeVisible();
    await expect(page.locator('[data-testid="admin-audit-entry"][data-action="translation.budget_changed"]').first()).toBeVisible();
  } finally {
    // Back to the server's defaults (TRANSLATION_CHARS_PER_MINUTE / _PER_DAY) and the engine on.
    const restored = await page.evaluate(async () => {
      const view = await (await fetch('/api/admin/translation')).json();
      const put = (url: string, body: object) => fetch(url, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const engines = await put('/api/admin/translation/engines', { order: ['apertium'], off: [] });
      const budget = await put('/api/admin/translation/budget', { charsPerMinute: view.budget.defaults.charsPerMinute, charsPerDay: view.budget.defaults.charsPerDay });
      return [engines.status, budget.status];
    });
    expect(restored).toEqual([200, 200]);
  }
});
