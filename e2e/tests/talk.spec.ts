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

const mic = (page: Page, language: string) => page.locator(`[data-testid="mic-button"][data-language="${language}"]`);

type Box = { x: number; y: number; width: number; height: number };
const apart = (a: Box, b: Box) => a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;

/** At phone width both microphones are fully on screen, above the tab bar, in thumb reach, and overlap nothing. */
async function expectReachableMics(page: Page): Promise<void> {
  await page.setViewportSize(PHONE);
  const [en, es] = await Promise.all([mic(page, 'en').boundingBox(), mic(page, 'es').boundingBox()]);
  const tabBar = await page.getByRole('navigation').last().boundingBox();
  const disconnect = await page.getByTestId('talk-disconnect').boundingBox();
  expect(en && es && tabBar && disconnect).toBeTruthy();
  if (!en || !es || !tabBar || !disconnect) return;
  for (const box of [en, es]) {
    expect(box.width).toBeGreaterThanOrEqual(80);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(box.y + box.height).toBeLessThanOrEqual(tabBar.y);
    expect(box.y + box.height).toBeGreaterThan(PHONE.height / 2); // in thumb reach
    expect(apart(box, disconnect)).toBe(true);
  }
  expect(apart(en, es)).toBe(true);
  expect(disconnect.x + disconnect.width).toBeLessThanOrEqual(PHONE.width);
  expect(disconnect.y + disconnect.height).toBeLessThanOrEqual(tabBar.y);
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
  // One microphone per language; offline recognition hears only English, so the Spanish one is off and the notice says why.
  await expect(page.getByTestId('talk-hint')).toHaveText('Hold microphone to speak');
  await expect(mic(page, 'en')).toBeEnabled();
  await expect(mic(page, 'es')).toBeDisabled();
  await expect(mic(page, 'en')).toHaveAttribute('aria-label', 'Hold to speak English');
  await expect(page.getByTestId('talk-stt-notice')).toHaveText('This server can only recognise speech in English. Speech in Spanish cannot be understood here, so its microphone is off.');
  await expectReachableMics(page);
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
  await mic(page, 'en').hover();
  await page.mouse.down();
  await expect(page.getByTestId('talk-hint')).toHaveText('Release to stop recording');
  await expect(mic(page, 'en')).toHaveAttribute('aria-pressed', 'true');
  await page.waitForTimeout(3_000);
  await page.mouse.up();
  await expect(page.getByTestId('talk-hint')).toHaveText('Hold microphone to speak');
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

test('talk with a Spanish speaker: the Spanish microphone is off, and Spanish said into the English one is never shown as English', async () => {
  // The fake microphone says Spanish (espeak-ng); offline recognition knows English only.
  const raw = path.join(AUDIO_DIR, 'spanish-raw.wav');
  const wav = path.join(AUDIO_DIR, 'spanish.wav');
  execFileSync('espeak-ng', ['-v', 'es', '-w', raw, 'Mi nombre es Ana y soy profesora. ¿Puedes ayudarme a encontrar mi hotel?']);
  execFileSync('sox', [raw, '-r', '48000', '-c', '1', wav, 'pad', '0.3', '0.5']);
  const spanishBrowser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--use-file-for-fake-audio-capture=${wav}`],
  });
  try {
    const bruno = await newActor(spanishBrowser, 'bruno');
    const { page } = bruno;
    await signUpViaApi(bruno);
    await signInUi(bruno, 'es');
    await page.setViewportSize(PHONE);
    await page.getByTestId('tab-talk').click();
    await expect(page.getByTestId('talk-partner-language')).toHaveValue('en');
    await expect(page.getByTestId('talk-stt-notice')).toHaveText(
      'Este servidor solo reconoce la voz en inglés. No entiende la voz en español, así que ese micrófono está desactivado.',
    );
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
    await page.getByTestId('talk-start').click();
    await expect(page.getByTestId('badge-connected')).toBeVisible();
    await expect(mic(page, 'es')).toBeDisabled();
    await expect(mic(page, 'es')).toHaveAttribute('aria-label', 'Mantén pulsado para hablar en español');
    await page.screenshot({ path: path.join(SCREENS_DIR, 'talk-es-mics-phone.png') });

    // Held anyway, the Spanish microphone records nothing.
    await mic(page, 'es').hover({ force: true });
    await page.mouse.down();
    await page.waitForTimeout(500);
    await page.mouse.up();
    await expect(page.getByTestId('talk-hint')).toHaveText('Mantén pulsado el micrófono para hablar');

    // Spanish into the English microphone: too unsure to be English, so nothing is transcribed.
    await mic(page, 'en').hover();
    await page.mouse.down();
    await page.waitForTimeout(4_000);
    await page.mouse.up();
    await expect(page.getByText('No se ha entendido con claridad como inglés, así que no se ha traducido nada. Inténtalo de nuevo.')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('transcript-entry')).toHaveCount(0);
    await page.screenshot({ path: path.join(SCREENS_DIR, 'talk-es-unclear-phone.png') });
    await bruno.context.close();
  } finally {
    await spanishBrowser.close();
  }
});
