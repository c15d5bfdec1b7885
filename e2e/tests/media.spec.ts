import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { newActor, quietScreenshots, SCREENS_DIR, signInUi, signUpViaApi, scratchDir, startChat, writeSpanishSign } from '../support.ts';

/**
 * Issue 14, photos and voice in the thread, two actors with the offline engines: bruno (Spanish)
 * sends a photo of a Spanish sign and ana (English) reads its text in English under the photo;
 * ana holds the microphone (Chromium's fake microphone plays a flite WAV) and bruno reads the
 * Spanish of her voice message and plays both the recording and the speech in his language;
 * bruno's own recording (Spanish is not recognised offline) arrives with an honest note.
 */
const fixtures = scratchDir('parley-media-');
const PHRASE = 'Where is the train station';

let browser: Browser;

test.beforeAll(async () => {
  mkdirSync(SCREENS_DIR, { recursive: true });
  const raw = path.join(fixtures(), 'phrase-raw.wav');
  const wav = path.join(fixtures(), 'phrase.wav');
  execFileSync('flite', ['-voice', 'slt', '-t', PHRASE, '-o', raw]);
  // Half a second of silence before, four after: Chromium loops the file, and a hold says the phrase once.
  execFileSync('sox', [raw, '-r', '48000', '-c', '1', wav, 'pad', '0.5', '4']);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--use-file-for-fake-audio-capture=${wav}`],
  });
});

test.afterAll(async () => {
  await browser?.close();
});

/**
 * A photo of a Spanish sign as a phone takes it (3200 x 2000: the browser scales it to 2000 px before
 * the upload): dark letters on a light board, a little blur and noise.
 */
const spanishSign = () => writeSpanishSign(path.join(fixtures(), 'cartel.jpg'));

const messages = (page: Page, mine: boolean) => page.locator(`[data-testid="message"][data-mine="${mine}"]`);



/** Hold the voice button about 3 s while the fake microphone speaks, then release on it. */
async function recordVoice(page: Page) {
  await page.getByTestId('voice-button').hover();
  await page.mouse.down();
  await expect(page.getByTestId('recording-bar')).toBeVisible();
  await expect(page.getByTestId('voice-button')).toHaveAttribute('data-state', 'recording');
  await expect(page.getByTestId('recording-time')).toContainText('0:01', { timeout: 5_000 });
  await page.screenshot({ path: path.join(SCREENS_DIR, `media-recording-${page.viewportSize()?.width ?? 0}.png`) });
  await page.waitForTimeout(2_000);
  await page.mouse.up();
  await expect(page.getByTestId('recording-bar')).toHaveCount(0);
}

/** The element's audio plays: it starts and its time moves. */
async function expectPlays(audio: Locator) {
  await audio.evaluate((el: HTMLAudioElement) => el.play());
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => !el.paused && el.currentTime > 0.2), { timeout: 15_000 }).toBe(true);
  await audio.evaluate((el: HTMLAudioElement) => el.pause());
}

test('bruno sends a photo of a Spanish sign, ana records a voice message, both read and play them', async () => {
  test.setTimeout(180_000);
  const ana = await newActor(browser, 'ana');
  const bruno = await newActor(browser, 'bruno');
  await signUpViaApi(ana);
  await signUpViaApi(bruno);
  await signInUi(ana, 'English');
  await signInUi(bruno, 'Spanish');
  await startChat(ana, bruno);

  // bruno picks the photo: it is sent at once; the server reads the sign and translates it.
  const upload = bruno.page.waitForRequest((r) => r.url().endsWith('/photos'));
  await bruno.page.getByTestId('photo-input').setInputFiles(spanishSign());
  // Scaled in the browser: the upload is a 2000 px JPEG of a few hundred kB, not the camera's file.
  expect((await upload).postDataBuffer()?.length ?? 0).toBeLessThan(1_000_000);
  const sent = messages(bruno.page, true).last();
  await expect(sent.getByTestId('message-photo')).toBeVisible();
  await expect(sent.getByTestId('message-original')).toContainText(/SALIDA DE\s+EMERGENCIA/i, { timeout: 60_000 });

  // ana sees the photo, the Spanish read from it, and its English translation under it.
  const photo = messages(ana.page, false).last();
  await expect(photo.getByTestId('message-attachment')).toHaveAttribute('data-kind', 'photo');
  await expect(photo.getByTestId('message-original')).toContainText(/prohibido fumar/i);
  await expect(photo.getByTestId('message-translation')).toContainText(/emergency/i, { timeout: 60_000 });
  await expect(photo.getByTestId('message-translation')).toContainText(/forbidden smoke/i);
  await expect.poll(() => photo.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  console.log(`[media] photo text: ${await photo.getByTestId('message-original').innerText()}\n[media] in English: ${await photo.getByTestId('message-translation').innerText()}`);
  await quietScreenshots(ana.page, 'media-photo');
  // A tap opens it full size.
  await photo.getByTestId('message-photo').click();
  await expect(ana.page.getByTestId('photo-dialog').locator('img')).toBeVisible();
  await ana.page.keyboard.press('Escape');
  await expect(ana.page.getByTestId('photo-dialog')).toHaveCount(0);

  // ana holds the microphone: her voice message is transcribed, translated for bruno, playable.
  await recordVoice(ana.page);
  const mine = messages(ana.page, true).last();
  await expect(mine.getByTestId('message-attachment')).toHaveAttribute('data-kind', 'voice');
  await expect(mine.getByTestId('message-original')).toContainText(/train|station/i, { timeout: 60_000 });

  const voice = messages(bruno.page, false).last();
  await expect(voice.getByTestId('message-attachment')).toHaveAttribute('data-kind', 'voice');
  await expect(voice.getByTestId('message-translation')).toContainText(/d[oó]nde/i, { timeout: 60_000 });
  await expect(voice.getByTestId('message-translation')).toContainText(/tren/i);
  console.log(`[media] heard: ${await voice.getByTestId('message-original').innerText()}\n[media] in Spanish: ${await voice.getByTestId('message-translation').innerText()}`);
  // The original recording plays...
  await expectPlays(voice.getByTestId('message-audio'));
  // ...and so does the speech in bruno's language (the message's translation read aloud).
  const speech = bruno.page.waitForResponse((r) => r.url().includes('/api/speech') && r.url().includes('part=translation'));
  await voice.getByTestId('speak-translation').click();
  const audio = await speech;
  expect(audio.status()).toBe(200);
  expect(audio.headers()['content-language']).toBe('es');
  await expect(voice.getByTestId('speak-translation')).toHaveAttribute('data-state', /playing|idle/, { timeout: 20_000 });
  await quietScreenshots(bruno.page, 'media-voice');

  // bruno records too: Spanish is not recognised offline, so the message carries a note instead of a transcript.
  await recordVoice(bruno.page);
  const note = messages(ana.page, false).last().getByTestId('attachment-note');
  await expect(note).toHaveText('Not transcribed: speech recognition on this server does not understand Spanish.', { timeout: 60_000 });
  await expect(messages(ana.page, false).last().getByTestId('message-original')).toHaveCount(0);
  await expectPlays(messages(ana.page, false).last().getByTestId('message-audio'));
  await expect(messages(bruno.page, true).last().getByTestId('attachment-note')).toContainText('Sin transcripción');
  await quietScreenshots(ana.page, 'media-note');

  // Sliding away before releasing cancels: nothing is sent.
  const count = await messages(ana.page, true).count();
  await ana.page.getByTestId('voice-button').hover();
  await ana.page.mouse.down();
  await expect(ana.page.getByTestId('voice-button')).toHaveAttribute('data-state', 'recording');
  await ana.page.mouse.move(20, 300, { steps: 5 });
  await ana.page.mouse.up();
  await expect(ana.page.getByTestId('recording-bar')).toHaveCount(0);
  await expect(ana.page.getByTestId('upload-sending')).toHaveCount(0);
  await expect(messages(ana.page, true)).toHaveCount(count);

  // Offline, a photo is refused with a clear note (media do not wait in the outbox).
  await bruno.context.setOffline(true);
  const before = await messages(bruno.page, true).count();
  await bruno.page.getByTestId('photo-input').setInputFiles(spanishSign());
  await expect(bruno.page.getByText('Las fotos y los mensajes de voz necesitan conexión. Vuelve a intentarlo cuando estés en línea.')).toBeVisible();
  await expect(messages(bruno.page, true)).toHaveCount(before);
  await bruno.context.setOffline(false);

  await ana.context.close();
  await bruno.context.close();
});
