import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { type Actor, DESKTOP, newActor, PHONE, SCREENS_DIR, signUpOnPhone, textPdf, userIdOf, openConversation } from '../support.ts';

/**
 * Issue 36 item 2 on a 390 px phone: ana (English) sends the PDF of the itinerary to a group with bruno (Spanish) and
 * claire (French). She attaches it while offline: it waits in the outbox with its message and goes when she is back.
 * bruno reads it "Leer en español" and claire "Lire en français": the server read the PDF and the offline engines
 * translated it, paragraph by paragraph, beside the original. Screenshots: artifacts/screens/documents-*-phone.png.
 */
const GROUP = 'Lisbon itinerary';
const PARAGRAPHS = ['The train leaves at nine in the morning.', 'Please bring your passport and your ticket.', 'The hotel is near the station.'];


const shot = async (page: Page, name: string) => {
  await page.mouse.move(2, 400);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await page.screenshot({ path: path.join(SCREENS_DIR, `documents-${name}-phone.png`), animations: 'disabled' });
};

/** Open the card's reader and wait for the whole translation; returns the translated paragraphs. */
async function readIn(actor: Actor, label: string): Promise<string[]> {
  const card = actor.page.getByTestId('file-card');
  await expect(card.getByTestId('file-name')).toHaveText('Itinerary.pdf');
  await expect(card.getByTestId('file-read')).toHaveText(label);
  await card.getByTestId('file-read').click();
  const reader = actor.page.getByTestId('document-reader');
  await expect(reader).toBeVisible();
  await expect(reader.getByTestId('reader-translation')).toHaveCount(PARAGRAPHS.length, { timeout: 120_000 });
  await expect(reader.getByTestId('reader-status')).toHaveCount(0, { timeout: 120_000 });
  await expect(reader.getByTestId('reader-original')).toHaveText(PARAGRAPHS);
  return reader.getByTestId('reader-translation').allTextContents();
}

test('a PDF sent to a group of three is read in Spanish and in French by the others', async ({ browser }) => {
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

  // Offline, the file waits on ana's phone with its message; back online, it goes.
  await ana.context.setOffline(true);
  // The composer's paperclip: "Send a document" opens the system's file chooser.
  await ana.page.getByTestId('attach-button').click();
  const chooser = ana.page.waitForEvent('filechooser');
  await ana.page.getByTestId('attach-file').click();
  await (await chooser).setFiles({ name: 'Itinerary.pdf', mimeType: 'application/pdf', buffer: textPdf(PARAGRAPHS) });
  const mine = ana.page.locator('[data-testid="message"][data-mine="true"]').filter({ has: ana.page.getByTestId('file-card') });
  await expect(mine).toHaveAttribute('data-status', 'waiting');
  await expect(mine.getByTestId('file-name')).toHaveText('Itinerary.pdf');
  await expect(mine.getByTestId('file-download')).toHaveCount(0);
  await shot(ana.page, 'waiting-ana');
  await ana.context.setOffline(false);
  await expect(mine.getByTestId('file-download')).toBeVisible({ timeout: 30_000 });
  await expect(mine.getByTestId('file-details')).toHaveText(/^PDF · \d[\d.,]* ?(B|kB) · Pages: 1$/);
  await shot(ana.page, 'sent-ana');

  // bruno reads it in Spanish, beside the English original.
  await expect(bruno.page.getByTestId('file-card')).toBeVisible({ timeout: 30_000 });
  await shot(bruno.page, 'card-bruno');
  const spanish = (await readIn(bruno, 'Leer en español')).join(' ');
  expect(spanish).toMatch(/tren/i);
  expect(spanish).toMatch(/pasaporte/i);
  expect(spanish).toMatch(/hotel/i);
  await shot(bruno.page, 'reader-bruno');
  // On a wide screen the translation and the original stand side by side.
  await bruno.page.setViewportSize(DESKTOP);
  await bruno.page.screenshot({ path: path.join(SCREENS_DIR, 'documents-reader-bruno-desktop.png'), animations: 'disabled' });
  await bruno.page.setViewportSize(PHONE);

  // claire reads it in French.
  const french = (await readIn(claire, 'Lire en français')).join(' ');
  expect(french).toMatch(/train/i);
  expect(french).toMatch(/passeport/i);
  await shot(claire.page, 'reader-claire');

  // Downloading gives the original, as a download.
  const download = await bruno.page.evaluate(async () => {
    const href = document.querySelector<HTMLAnchorElement>('[data-testid="reader-download"]')!.href;
    const res = await fetch(href);
    return { type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), size: (await res.arrayBuffer()).byteLength };
  });
  expect(download).toEqual({ type: 'application/pdf', disposition: `attachment; filename="Itinerary.pdf"; filename*=UTF-8''Itinerary.pdf`, size: textPdf(PARAGRAPHS).length });

  for (const actor of [ana, bruno, claire]) await actor.context.close();
});
