import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { newActor, PHONE, SCREENS_DIR, screenshots, signInUi, signUpViaApi } from '../support.ts';

/**
 * Talk: live voice translation with a fake microphone. Chromium plays a WAV made with Debian's
 * flite (PocketSphinx recognises its voices well) as the microphone; the server recognises it,
 * translates it to Spanish and speaks it back.
 */
const PHRASE = 'Where is the train station';
const AUDIO_DIR = path.resolve(import.meta.dirname, '../artifacts/audio');

let browser: Browser;

test.beforeAll(async () => {
  mkdirSync(AUDIO_DIR, { recursive: true });
  const raw = path.join(AUDIO_DIR, 'train-station-raw.wav');
  const wav = path.join(AUDIO_DIR, 'train-station.wav');
  execFileSync('flite', ['-voice', 'slt', '-t', PHRASE, '-o', raw]);
  // 48 kHz mono, half a second of silence before, a little after (Chromium loops the file).
  execFileSync('sox', [raw, '-r', '48000', '-c', '1', wav, 'pad', '0.5', '1']);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--use-file-for-fake-audio-capture=${wav}`],
  });
});

test.afterAll(async () => {
  await browser?.close();
});

/** Words of `expected` found in `text`, ignoring case and punctuation. */
function wordsFound(text: string, expected: string): number {
  const words = new Set(text.toLowerCase().match(/[\p{L}']+/gu) ?? []);
  return expected.toLowerCase().split(/\s+/).filter((w) => words.has(w)).length;
}

/** At phone width the mic button is fully on screen, above the tab bar, and overlaps nothing. */
async function expectReachableMic(page: Page): Promise<void> {
  await page.setViewportSize(PHONE);
  const mic = await page.getByTestId('mic-button').boundingBox();
  const tabBar = await page.getByRole('navigation').last().boundingBox();
  const disconnect = await page.getByTestId('talk-disconnect').boundingBox();
  expect(mic && tabBar && disconnect).toBeTruthy();
  if (!mic || !tabBar || !disconnect) return;
  expect(mic.width).toBeGreaterThanOrEqual(80);
  expect(mic.x).toBeGreaterThanOrEqual(0);
  expect(mic.x + mic.width).toBeLessThanOrEqual(PHONE.width);
  expect(mic.y + mic.height).toBeLessThanOrEqual(tabBar.y);
  expect(mic.y + mic.height).toBeGreaterThan(PHONE.height / 2); // in thumb reach
  expect(disconnect.x).toBeGreaterThanOrEqual(mic.x + mic.width);
  expect(disconnect.x + disconnect.width).toBeLessThanOrEqual(PHONE.width);
}

test('talk: connect, hold to speak, see and hear the Spanish translation, disconnect', async () => {
  const ana = await newActor(browser, 'ana');
  const { page } = ana;
  await signUpViaApi(ana);
  await signInUi(ana, 'English');

  await page.getByTestId('tab-talk').click();
  await expect(page.getByTestId('talk-tab')).toBeVisible();
  await expect(page.getByText('Voice Translator')).toBeVisible();
  await expect(page.getByText('Real-time voice translation powered by ChatGPT')).toBeVisible();
  await expect(page.getByTestId('talk-user-language')).toHaveText('English');
  await expect(page.getByTestId('talk-partner-language')).toHaveValue('es');
  await expect(page.getByText('Ready to Translate')).toBeVisible();
  await expect(page.getByTestId('talk-start')).toHaveText('Start Voice Translation');
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 }); // the sign-in toast
  await screenshots(page, 'talk-idle');

  // Start: Connected badge and toast.
  await page.getByTestId('talk-start').click();
  await expect(page.getByTestId('badge-connected')).toHaveText('Connected');
  await expect(page.getByText('Connected!')).toBeVisible();
  await expect(page.getByText('Voice translator is ready. Hold the mic button to speak.')).toBeVisible();
  // Offline recognition hears only English: the hint names it (the spec's 'Hold microphone to speak'
  // shows when both languages can be recognised).
  await expect(page.getByTestId('talk-hint')).toHaveText('Hold to speak English');
  await expectReachableMic(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Remember whether the Speaking badge ever showed (it goes away once the audio has played).
  await page.evaluate(() => {
    const w = window as unknown as { sawSpeaking: boolean };
    w.sawSpeaking = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="badge-speaking"]')) w.sawSpeaking = true;
    }).observe(document.body, { subtree: true, childList: true });
  });

  // Hold the microphone for about 3 s while the fake microphone says the phrase, then release.
  await page.getByTestId('mic-button').hover();
  await page.mouse.down();
  await expect(page.getByTestId('talk-hint')).toHaveText('Release to stop recording');
  await expect(page.getByTestId('mic-button')).toHaveAttribute('aria-pressed', 'true');
  await page.waitForTimeout(3_000);
  await page.mouse.up();
  await expect(page.getByTestId('talk-hint')).toHaveText('Hold to speak English');
  // Best effort: a picture while the translation is being spoken (asserted below either way).
  await page
    .getByTestId('badge-speaking')
    .waitFor({ timeout: 30_000 })
    .then(() => page.screenshot({ path: path.join(SCREENS_DIR, 'talk-speaking-desktop.png') }))
    .catch(() => console.warn('[talk] no screenshot while speaking'));

  // The original on the left, the Spanish translation on the right, completed.
  const original = page.locator('[data-testid="transcript-entry"][data-kind="original"]').first();
  const translation = page.locator('[data-testid="transcript-entry"][data-kind="translation"]').first();
  await expect(original).toContainText('Original · English', { timeout: 30_000 });
  await expect.poll(async () => wordsFound(await original.innerText(), PHRASE), { timeout: 5_000 }).toBeGreaterThanOrEqual(4);
  await expect(translation).toContainText('Translation · Spanish', { timeout: 30_000 });
  await expect(translation).toContainText(/estación|tren/i);
  await expect(translation).toContainText('[Complete]', { timeout: 30_000 });
  await expect.poll(() => page.evaluate(() => (window as unknown as { sawSpeaking: boolean }).sawSpeaking), { timeout: 30_000 }).toBe(true);
  // Originals sit on the left, translations on the right.
  const [o, tr] = await Promise.all([original.locator('> div').boundingBox(), translation.locator('> div').boundingBox()]);
  expect(o && tr && o.x < tr.x && o.x + o.width < tr.x + tr.width).toBe(true);
  console.log(`[talk] original: ${await original.innerText()}\n[talk] translation: ${await translation.innerText()}`);
  await expect(page.getByTestId('badge-speaking')).toHaveCount(0, { timeout: 30_000 });
  await screenshots(page, 'talk-connected');

  // Disconnect clears the transcript.
  await page.getByTestId('talk-disconnect').click();
  await expect(page.getByTestId('transcript-entry')).toHaveCount(0);
  await expect(page.getByText('Ready to Translate')).toBeVisible();
  await expect(page.getByTestId('badge-connected')).toHaveCount(0);
  await expect(page.getByTestId('talk-start')).toHaveText('Start Voice Translation');
  await ana.context.close();
});
