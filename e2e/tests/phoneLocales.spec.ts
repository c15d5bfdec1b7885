import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { conversationRow, newActor, SCREENS_DIR, signUpViaApi, signUpOnPhone, textPdf } from '../support.ts';

/**
 * Issue 36 item 4 on a 390x844 phone in a long-string language (German) and a right-to-left one (Arabic): the file
 * card, the document reader and the @ suggestions stay inside the screen (nothing scrolls sideways, every box within
 * the viewport). ana (English) sends a PDF with a long name to the reader's group; the reader opens it and starts a
 * mention. Screenshots: artifacts/screens/phone-{de,ar}-{card,reader,mentions}.png.
 */
const FILE_NAME = 'Reiseplan_Lissabon_Übersicht-der-Zugverbindungen-und-Unterkünfte-2026-endgültige-Fassung.pdf';
const PARAGRAPHS = ['The train leaves at nine in the morning.', 'Please bring your passport and your ticket.'];


/** Nothing scrolls sideways, and each element matched by `selector` lies within the viewport's width. */
async function fitsThePhone(page: Page, selector: string): Promise<void> {
  // Measured at rest: once the opening animations (not the endless spinners) are over.
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity).map((a) => a.finished)));
  const seen = await page.evaluate((sel) => {
    const root = document.scrollingElement!;
    const boxes = Array.from(document.querySelectorAll(sel)).map((el) => {
      const box = el.getBoundingClientRect();
      return { left: Math.round(box.left), right: Math.round(box.right) };
    });
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, width: window.innerWidth, boxes };
  }, selector);
  expect(seen.boxes.length, `${selector} on the screen`).toBeGreaterThan(0);
  expect(seen.scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(seen.clientWidth);
  for (const box of seen.boxes) {
    expect(box.left, `${selector} starts off screen`).toBeGreaterThanOrEqual(0);
    expect(box.right, `${selector} ends off screen`).toBeLessThanOrEqual(seen.width);
  }
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENS_DIR, `phone-${name}.png`), animations: 'disabled' });

for (const { code, language, dir } of [{ code: 'de', language: 'German', dir: 'ltr' }, { code: 'ar', language: 'Arabic', dir: 'rtl' }]) {
  test(`file card, reader and @ suggestions fit a phone in ${language}`, async ({ browser }) => {
    test.setTimeout(240_000);
    const reader = await newActor(browser, `reader${code}`);
    const ana = await newActor(browser, 'ana');
    const carl = await newActor(browser, 'carl');
    await signUpOnPhone(reader, language);
    await signUpOnPhone(ana, 'English');
    await signUpViaApi(carl);
    await expect(reader.page.locator('html')).toHaveAttribute('dir', dir);

    const group = `Lisboa ${code}`;
    const roomId = await reader.page.evaluate(async ({ names, group }) => {
      const ids = [];
      for (const q of names) {
        const found = (await (await fetch(`/api/users/search?q=${encodeURIComponent(q)}`)).json()) as { users: { id: string; username: string }[] };
        ids.push(found.users.find((u) => u.username === q)!.id);
      }
      const res = await fetch('/api/groups', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: group, memberIds: ids }) });
      return ((await res.json()) as { room: { id: string } }).room.id;
    }, { names: [ana.username, carl.username], group });

    // ana sends the file as the app does (multipart: the client id, then the file).
    const status = await ana.page.evaluate(async ({ roomId, bytes, name }) => {
      const form = new FormData();
      form.append('clientId', `phone-${Date.now()}`);
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
      return (await fetch(`/api/chats/${roomId}/files`, { method: 'POST', body: form })).status;
    }, { roomId, bytes: [...textPdf(PARAGRAPHS)], name: FILE_NAME });
    expect(status).toBe(201);

    const page = reader.page;
    await page.reload();
    await conversationRow(page, group).getByTestId('conversation-open').click();
    await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');
    const card = page.getByTestId('file-card');
    await expect(card.getByTestId('file-name')).toHaveText(FILE_NAME);
    await expect(card.getByTestId('file-read')).toBeVisible();
    await fitsThePhone(page, '[data-testid="file-card"], [data-testid="file-read"], [data-testid="file-download"], [data-testid="message"]');
    await shot(page, `${code}-card`);

    await card.getByTestId('file-read').click();
    const panel = page.getByTestId('document-reader');
    await expect(panel).toBeVisible();
    // It opens where it stands: at the first frame of its opening animation it is already within the screen.
    const opening = await panel.evaluate((el) => {
      for (const a of el.getAnimations()) {
        a.pause();
        a.currentTime = 0;
      }
      const box = el.getBoundingClientRect();
      for (const a of el.getAnimations()) a.finish();
      return { left: box.left, right: box.right, width: window.innerWidth };
    });
    expect(opening.left).toBeGreaterThanOrEqual(0);
    expect(opening.right).toBeLessThanOrEqual(opening.width);
    await expect(panel.getByTestId('reader-original')).toHaveText(PARAGRAPHS, { timeout: 120_000 });
    await fitsThePhone(page, '[data-testid="document-reader"], [data-testid="document-reader"] p, [data-testid="document-reader"] a, [data-testid="document-reader"] button');
    await shot(page, `${code}-reader`);
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);

    // The reader is the group's admin: @ lists ana, carl and "everyone" (@all), with its long description.
    const input = page.getByTestId('message-input');
    await input.click();
    await input.pressSequentially('@');
    await expect(page.getByTestId('mention-option')).toHaveCount(3);
    await fitsThePhone(page, '#mention-suggestions, [data-testid="mention-option"], [data-testid="message-input"]');
    await shot(page, `${code}-mentions`);

    for (const actor of [reader, ana, carl]) await actor.context.close();
  });
}
