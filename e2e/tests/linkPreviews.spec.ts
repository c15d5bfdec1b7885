import http from 'node:http';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { LINK_SITE_PORT } from '../playwright.config.ts';
import { newActor, PHONE, SCREENS_DIR, signUpOnPhone, userIdOf, openConversation } from '../support.ts';

/**
 * Issue 36 item 3 on a 390 px phone: ana (English) posts a link to a local site (allowed by LINK_PREVIEW_ALLOWED_ORIGINS)
 * in a group with bruno (Spanish) and claire (French). The server fetches the page and its image, and each reader sees
 * the card with the title and description in their language; the readers' browsers never ask the site (every request
 * the site gets comes from the server). Then ana removes the card of another link before sending it: nobody gets one.
 * Screenshots: artifacts/screens/linkPreviews-*-phone.png.
 */
const GROUP = 'Lisbon trip';
const SITE = `http://127.0.0.1:${LINK_SITE_PORT}`;
const requests: { path: string; agent: string }[] = [];
let site: http.Server;

const page = (title: string, description: string) => `<!doctype html><html><head><meta charset="utf-8">
<title>${title}</title><meta property="og:title" content="${title}"><meta property="og:description" content="${description}">
<meta property="og:site_name" content="Lisbon Rail"><meta property="og:image" content="/train.jpg"></head><body>${title}</body></html>`;

test.beforeAll(async () => {
  const picture = execFileSync('convert', ['-size', '1200x630', 'gradient:#1f6f3a-#f7d24a', '-fill', '#ffffff', '-draw', 'rectangle 420,250 780,380', 'jpg:-']);
  site = http.createServer((req, res) => {
    requests.push({ path: req.url ?? '', agent: req.headers['user-agent'] ?? '' });
    if (req.url === '/timetable') return res.writeHead(200, { 'content-type': 'text/html' }).end(page('The train leaves at nine in the morning', 'Please bring your passport and your ticket.'));
    if (req.url === '/museum') return res.writeHead(200, { 'content-type': 'text/html' }).end(page('The museum opens at ten', 'Tickets are sold at the door.'));
    if (req.url === '/train.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(picture);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(LINK_SITE_PORT, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});

const shot = async (p: Page, name: string) => {
  await p.mouse.move(2, 400);
  await expect(p.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await p.screenshot({ path: path.join(SCREENS_DIR, `linkPreviews-${name}-phone.png`), animations: 'disabled' });
};

/** The bubble whose text holds `text`. */
const bubble = (p: Page, text: string) => p.getByTestId('message').filter({ has: p.getByTestId('message-original').filter({ hasText: text }) });

/** The page fits the phone: nothing wider than the screen. */
const noOverflow = async (p: Page) => expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

test('a link posted to a group shows a card in each reader\'s language; a card removed before sending is never made', async ({ browser }) => {
  test.setTimeout(300_000);
  const ana = await newActor(browser, 'ana');
  const bruno = await newActor(browser, 'bruno');
  const claire = await newActor(browser, 'claire');
  await signUpOnPhone(ana, 'English');
  await signUpOnPhone(bruno, 'Spanish');
  await signUpOnPhone(claire, 'French');
  const memberIds = [await userIdOf(ana.page, bruno.username), await userIdOf(ana.page, claire.username)];
  const created = await ana.page.evaluate(async (body) => (await fetch('/api/groups', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status, { name: GROUP, memberIds });
  expect(created).toBe(201);
  for (const actor of [ana, bruno, claire]) await openConversation(actor, GROUP, { reload: true });

  // ana writes the link: the composer shows the card the server fetched, then she sends.
  const input = ana.page.getByTestId('message-input');
  await input.fill(`Our train: ${SITE}/timetable`);
  const draftCard = ana.page.getByTestId('composer-link-preview');
  await expect(draftCard.getByTestId('link-preview-title')).toHaveText('The train leaves at nine in the morning', { timeout: 30_000 });
  await shot(ana.page, 'composer-ana');
  await input.press('Enter');
  await expect(draftCard).toHaveCount(0);

  // bruno reads the card in Spanish, claire in French; both see the image, from our own origin.
  const spanish = bubble(bruno.page, '/timetable').getByTestId('link-preview');
  await expect(spanish.getByTestId('link-preview-title')).toHaveText(/tren/i, { timeout: 120_000 });
  await expect(spanish.getByTestId('link-preview-description')).toHaveText(/pasaporte/i);
  await expect(spanish.getByTestId('link-preview-site')).toHaveText('Lisbon Rail');
  await expect(spanish.getByTestId('link-preview-translated')).toHaveText('Vista previa traducida');
  const image = spanish.getByTestId('link-preview-image');
  await expect(image).toHaveAttribute('src', /^\/api\/chats\/.+\/link-preview\/image$/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(spanish.getByRole('link')).toHaveAttribute('rel', 'noopener noreferrer');
  await noOverflow(bruno.page);
  await shot(bruno.page, 'card-bruno');
  // The page's own words on request.
  await spanish.getByTestId('link-preview-original').click();
  await expect(spanish.getByTestId('link-preview-title')).toHaveText('The train leaves at nine in the morning');
  await spanish.getByTestId('link-preview-original').click();

  const french = bubble(claire.page, '/timetable').getByTestId('link-preview');
  await expect(french.getByTestId('link-preview-description')).toHaveText(/passeport/i, { timeout: 120_000 });
  await expect(french.getByTestId('link-preview-translated')).toHaveText('Aperçu traduit');
  await noOverflow(claire.page);
  await shot(claire.page, 'card-claire');

  // ana sees the page's own words (English is her language).
  const own = bubble(ana.page, '/timetable').getByTestId('link-preview');
  await expect(own.getByTestId('link-preview-title')).toHaveText('The train leaves at nine in the morning', { timeout: 60_000 });
  await shot(ana.page, 'card-ana');

  // Another link: ana removes its card (×) before sending; nobody ever gets one.
  await input.fill(`And the museum: ${SITE}/museum`);
  await expect(draftCard.getByTestId('link-preview-title')).toHaveText('The museum opens at ten', { timeout: 30_000 });
  await draftCard.getByTestId('link-preview-remove').click();
  await expect(draftCard).toHaveCount(0);
  await input.press('Enter');
  // A later link gets its card: by then the removed one would have had its own, had one been made.
  await input.fill(`Back at ${SITE}/timetable#evening`);
  await expect(draftCard).toBeVisible({ timeout: 30_000 });
  await input.press('Enter');
  await expect(bubble(bruno.page, '#evening').getByTestId('link-preview-title')).toHaveText(/tren/i, { timeout: 120_000 });
  for (const p of [ana.page, bruno.page, claire.page]) {
    await expect(bubble(p, '/museum')).toHaveCount(1);
    await expect(bubble(p, '/museum').getByTestId('link-preview')).toHaveCount(0);
  }
  await shot(bruno.page, 'removed-bruno');

  // Every request the site got came from the server (its User-Agent), never from a reader's browser.
  expect(requests.length).toBeGreaterThan(0);
  expect(requests.every((r) => /Parley link preview/.test(r.agent))).toBe(true);

  for (const actor of [ana, bruno, claire]) await actor.context.close();
});
