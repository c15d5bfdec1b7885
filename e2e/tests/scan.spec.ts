import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { PHONE, newActor, scratchDir, screenshots, signInUi, signUpViaApi, writeSpanishSign, type Actor } from '../support.ts';

/** Generated images live in a temporary folder: nothing binary is committed. */
const fixtures = scratchDir('parley-scan-');
const NO_TEXT = /No text found|Failed to analyze image/;

/**
 * A photo-like Spanish sign, larger than a phone photo needs to be (3200 x 2000), so the browser scales it
 * before upload: dark letters on a warm off-white board, a little blur and noise. (With only
 * 'SALIDA DE EMERGENCIA / Prohibido fumar' the server's detector guesses Portuguese and falls back to the
 * primary language; the fuller sentence is detected as Spanish.)
 */
const spanishSign = () => writeSpanishSign(path.join(fixtures(), 'spanish-sign.jpg'));

/** A light, empty board: nothing to read. */
function blankBoard(): string {
  const file = path.join(fixtures(), 'blank.png');
  execFileSync('convert', ['-size', '1200x800', 'xc:#f4f1e8', file]);
  return file;
}

/**
 * The sign as a one-frame Y4M video (I420, BT.601) for Chromium's --use-file-for-fake-video-capture,
 * so the fake camera films the sign instead of its test pattern.
 */
async function signVideo(sign: string): Promise<string> {
  const width = 1280;
  const height = 720;
  const rgb = await sharp(sign).resize(width, height, { fit: 'contain', background: '#efe9da' }).removeAlpha().raw().toBuffer();
  const y = Buffer.alloc(width * height);
  const u = Buffer.alloc((width / 2) * (height / 2));
  const v = Buffer.alloc(u.length);
  const clamp = (n: number) => Math.max(0, Math.min(255, Math.round(n)));
  for (let row = 0; row < height; row += 1) {
    for (let col = 0; col < width; col += 1) {
      const i = (row * width + col) * 3;
      y[row * width + col] = clamp(16 + (65.738 * rgb[i]! + 129.057 * rgb[i + 1]! + 25.064 * rgb[i + 2]!) / 256);
    }
  }
  for (let row = 0; row < height / 2; row += 1) {
    for (let col = 0; col < width / 2; col += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dy, dx] of [[0, 0], [0, 1], [1, 0], [1, 1]] as const) {
        const i = ((row * 2 + dy) * width + col * 2 + dx) * 3;
        r += rgb[i]! / 4;
        g += rgb[i + 1]! / 4;
        b += rgb[i + 2]! / 4;
      }
      u[row * (width / 2) + col] = clamp(128 + (-37.945 * r - 74.494 * g + 112.439 * b) / 256);
      v[row * (width / 2) + col] = clamp(128 + (112.439 * r - 94.154 * g - 18.285 * b) / 256);
    }
  }
  const file = path.join(fixtures(), 'sign.y4m');
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\nFRAME\n`);
  writeFileSync(file, Buffer.concat([header, y, u, v]));
  return file;
}

async function openScan(page: Page) {
  await page.getByTestId('tab-scan').click();
  await expect(page.getByTestId('scan-tab')).toHaveAttribute('data-state', 'idle');
}

const scanAnswer = (page: Page) => page.waitForResponse((r) => r.url().endsWith('/api/scan') && r.request().method() === 'POST');

test('scan: Spanish sign photo, typed text, languages, camera, invalid files, phone width', async ({ browser }) => {
  test.setTimeout(240_000); // OCR of a phone-sized photo takes long while the other shards use the cores
  const sara = await newActor(browser, 'sara');
  const { page, context } = sara;
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpViaApi(sara);
  await signInUi(sara, 'English');
  await openScan(page);

  // Defaults: the user's language (English) and Spanish.
  const primary = page.getByTestId('scan-primary-language');
  const secondary = page.getByTestId('scan-secondary-language');
  await expect(primary).toHaveValue('English');
  await expect(secondary).toHaveValue('Spanish');
  await expect(page.getByRole('button', { name: 'Take Photo' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload Image' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Type Text' })).toBeVisible();
  await screenshots(page, 'scan-idle');

  // Combobox: filter, no match, Escape restores, exact name selects, Enter picks the first match.
  await primary.click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await primary.fill('zzz');
  await expect(page.getByText('No languages found')).toBeVisible();
  await primary.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(primary).toHaveValue('English');
  await secondary.fill('deutsch');
  await expect(page.getByRole('option')).toHaveCount(1);
  await expect(secondary).toHaveAttribute('data-value', 'de');
  await secondary.press('Escape');
  await expect(secondary).toHaveValue('German');
  await secondary.fill('spa');
  await secondary.press('Enter');
  await expect(secondary).toHaveValue('Spanish');
  await expect(page.getByRole('listbox')).toBeHidden();

  // Upload the photo of a Spanish sign: scaled to <= 2000 px in the browser, read and translated to English.
  const sign = spanishSign();
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/scan') && r.method() === 'POST');
  const answered = scanAnswer(page);
  await page.getByTestId('scan-upload-input').setInputFiles(sign);
  await expect(page.getByTestId('scan-processing')).toBeVisible();
  const body = (await sent).postDataJSON() as { imageBase64: string; primaryLanguage: string; secondaryLanguage: string };
  expect(body.primaryLanguage).toBe('en');
  expect(body.secondaryLanguage).toBe('es');
  const meta = await sharp(Buffer.from(body.imageBase64, 'base64')).metadata();
  expect(meta.format).toBe('jpeg');
  expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(2000);
  expect((await answered).status()).toBe(200);
  await expect(page.getByTestId('scan-result')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('scan-extracted-text')).toContainText(/salida/i);
  await expect(page.getByTestId('scan-extracted-text')).toContainText(/emergencia/i);
  await expect(page.getByTestId('scan-detected')).toHaveText('Detected: Spanish');
  await expect(page.getByTestId('scan-direction')).toHaveText('Spanish → English');
  await expect(page.getByTestId('scan-translated-text')).toContainText(/emergency|smok/i);
  await expect(page.getByRole('img', { name: 'Scanned image' })).toBeVisible();
  await screenshots(page, 'scan-result');

  // Copy the translation: confirmation toast and the clipboard holds it.
  await page.getByRole('button', { name: 'Copy translation' }).click();
  await expect(page.getByText('Copied to clipboard')).toBeVisible();
  const translated = (await page.getByTestId('scan-translated-text').textContent()) ?? '';
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(translated);

  // Type text manually: Translate is disabled while blank; English text goes to Spanish.
  await page.getByTestId('scan-action-text').click();
  const area = page.getByTestId('scan-text-input');
  await expect(area).toHaveAttribute('rows', '4');
  await expect(page.getByTestId('scan-translate')).toBeDisabled();
  await area.fill('   ');
  await expect(page.getByTestId('scan-translate')).toBeDisabled();
  await area.fill('Where is the train station?');
  await page.getByTestId('scan-translate').click();
  await expect(page.getByTestId('scan-extracted-text')).toHaveText('Where is the train station?');
  await expect(page.getByTestId('scan-detected')).toHaveText('Detected: English');
  await expect(page.getByTestId('scan-direction')).toHaveText('English → Spanish');
  await expect(page.getByTestId('scan-translated-text')).toContainText(/tren|estaci/i);
  await screenshots(page, 'scan-text-result');

  // Swap the languages: Spanish text typed now still goes to English, and the request carries the swapped pair.
  await page.getByTestId('scan-swap').click();
  await expect(primary).toHaveValue('Spanish');
  await expect(secondary).toHaveValue('English');
  await area.fill('Prohibido fumar en todo el edificio');
  const swapped = page.waitForRequest((r) => r.url().endsWith('/api/smart-translate'));
  await page.getByTestId('scan-translate').click();
  expect((await swapped).postDataJSON()).toMatchObject({ primaryLanguage: 'es', secondaryLanguage: 'en' });
  await expect(page.getByTestId('scan-direction')).toHaveText('Spanish → English');
  await expect(page.getByTestId('scan-translated-text')).toContainText(/smok/i);
  await page.getByTestId('scan-swap').click();
  await expect(primary).toHaveValue('English');

  // Camera: Chromium's fake camera shows a test pattern; the capture is sent and the lack of text is explained.
  await page.getByTestId('scan-action-camera').click();
  await expect(page.getByTestId('scan-camera-dialog')).toBeVisible();
  await expect(page.getByTestId('scan-capture')).toBeEnabled({ timeout: 15_000 });
  const cameraSent = page.waitForRequest((r) => r.url().endsWith('/api/scan') && r.method() === 'POST');
  const cameraAnswered = scanAnswer(page);
  await page.getByTestId('scan-capture').click();
  await expect(page.getByTestId('scan-camera-dialog')).toBeHidden();
  const capture = (await cameraSent).postDataJSON() as { imageBase64: string };
  const frame = await sharp(Buffer.from(capture.imageBase64, 'base64')).metadata();
  expect(frame.format).toBe('jpeg');
  expect((await cameraAnswered).status()).toBe(200);
  // The pattern has no words; if OCR reads a stray digit it is still shown as a result, never a crash.
  await expect(page.getByTestId('scan-error').or(page.getByTestId('scan-result'))).toBeVisible({ timeout: 60_000 });
  if (await page.getByTestId('scan-error').isVisible()) {
    await expect(page.getByTestId('scan-error')).toHaveText(NO_TEXT);
    await expect(page.getByText('Could not extract text')).toBeVisible();
  }
  await screenshots(page, 'scan-camera');

  // A text file is refused in the browser with the invalid-file toast; nothing is sent.
  let posted = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/scan')) posted += 1;
  });
  await page.getByTestId('scan-upload-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Invalid file')).toBeVisible();
  await expect(page.getByText('Please select an image file')).toBeVisible();
  await screenshots(page, 'scan-invalid-file');
  expect(posted).toBe(0);

  // A blank board: the server finds no text and the app says so (spec message, could-not-extract toast).
  const blankAnswer = scanAnswer(page);
  await page.getByTestId('scan-upload-input').setInputFiles(blankBoard());
  expect(await (await blankAnswer).json()).toMatchObject({ success: false });
  await expect(page.getByTestId('scan-error')).toHaveText(NO_TEXT);
  await expect(page.getByText('Could not extract text').last()).toBeVisible();
  await screenshots(page, 'scan-no-text');

  // A text file named .png passes the type check but the server refuses it; its message shows in the toast.
  const fakeAnswer = scanAnswer(page);
  await page.getByTestId('scan-upload-input').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
  expect((await fakeAnswer).status()).toBe(400);
  await expect(page.getByTestId('scan-error')).toBeVisible();
  await expect(page.getByText('Processing failed')).toBeVisible();
  await screenshots(page, 'scan-error');

  // Phone width: no sideways scrolling, actions above the tab bar, the sign read again with stacked cards.
  await page.setViewportSize(PHONE);
  await page.getByTestId('main-content').evaluate((el) => el.scrollTo(0, 0));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  const tabBarTop = (await page.getByTestId('tab-scan').boundingBox())!.y;
  for (const action of ['camera', 'upload', 'text']) {
    const box = (await page.getByTestId(`scan-action-${action}`).boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(tabBarTop);
  }
  const phoneAnswer = scanAnswer(page);
  await page.getByTestId('scan-upload-input').setInputFiles(sign);
  expect((await phoneAnswer).status()).toBe(200);
  await expect(page.getByTestId('scan-translated-text')).toContainText(/emergency|smok/i, { timeout: 60_000 });
  // Both boxes measured in one go (the result scrolls smoothly into view meanwhile).
  const [extracted, translation] = await page.evaluate(() =>
    ['scan-extracted', 'scan-translated'].map((id) => document.querySelector(`[data-testid="${id}"]`)!.getBoundingClientRect().toJSON() as DOMRect),
  );
  expect(translation!.top).toBeGreaterThanOrEqual(extracted!.bottom);
  expect(translation!.right).toBeLessThanOrEqual(PHONE.width);
  await page.getByTestId('scan-translated').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.resolve(import.meta.dirname, '../artifacts/screens/scan-result-phone-scrolled.png') });
  await sara.context.close();
});

test('scan: the camera films a Spanish sign (fake camera fed from a video file)', async ({ baseURL }) => {
  test.setTimeout(300_000); // a second Chromium with a video-fed camera, and Tesseract on its frames, on a shared machine
  const video = await signVideo(spanishSign());
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--use-file-for-fake-video-capture=${video}`],
  });
  try {
    const context = await browser.newContext({ baseURL, viewport: PHONE });
    const page = await context.newPage();
    const tag = Date.now().toString(36);
    const leo: Actor = { name: 'leo', username: `leo${tag}`, email: `leo.${tag}@example.com`, password: 'parley-pass-1', context, page };
    await signUpViaApi(leo);
    await signInUi(leo, 'English');
    await openScan(page);

    await page.getByTestId('scan-action-camera').click();
    await expect(page.getByTestId('scan-capture')).toBeEnabled({ timeout: 15_000 });
    await page.waitForTimeout(500); // let a frame or two arrive
    await page.screenshot({ path: path.resolve(import.meta.dirname, '../artifacts/screens/scan-camera-sign-preview-phone.png') });
    const answered = scanAnswer(page);
    await page.getByTestId('scan-capture').click();
    expect((await answered).status()).toBe(200);
    await expect(page.getByTestId('scan-extracted-text')).toContainText(/emergencia/i, { timeout: 60_000 });
    await expect(page.getByTestId('scan-detected')).toHaveText('Detected: Spanish');
    await expect(page.getByTestId('scan-translated-text')).toContainText(/emergency|smok/i);
    await screenshots(page, 'scan-camera-sign');
  } finally {
    await browser.close();
  }
});
