import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { newActor, PHONE, SCREENS_DIR, signInUi, signUpViaApi, startChat, type Actor } from '../support.ts';

/**
 * Translated voice calls (issue 26) between two Chromium browsers with fake microphones: ana's plays an English
 * sentence (flite, as Talk's scenario: PocketSphinx recognises its voice) with pauses, looped; the other browser's
 * plays silence. Ana (English) calls bruno (Spanish): his page rings, he accepts, his side gets Spanish captions
 * and translated audio, ana hangs up, both conversations show the call's line.
 */
const PHRASE = 'Good morning, where is the train station';
const AUDIO_DIR = path.resolve(import.meta.dirname, '../artifacts/audio');

let speaking: Browser;
let silent: Browser;

function launch(wav: string): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...CHROMIUM_ARGS, `--use-file-for-fake-audio-capture=${wav}`] });
}

test.beforeAll(async () => {
  mkdirSync(AUDIO_DIR, { recursive: true });
  mkdirSync(SCREENS_DIR, { recursive: true });
  const raw = path.join(AUDIO_DIR, 'call-raw.wav');
  const wav = path.join(AUDIO_DIR, 'call-english.wav');
  const quiet = path.join(AUDIO_DIR, 'call-silence.wav');
  execFileSync('flite', ['-voice', 'slt', '-t', PHRASE, '-o', raw]);
  // 48 kHz mono; a pause after the sentence long enough for the detector to end the utterance (the file loops).
  execFileSync('sox', [raw, '-r', '48000', '-c', '1', wav, 'pad', '0.8', '2.5']);
  execFileSync('sox', ['-n', '-r', '48000', '-c', '1', '-b', '16', quiet, 'trim', '0', '3']);
  [speaking, silent] = await Promise.all([launch(wav), launch(quiet)]);
});

test.afterAll(async () => {
  await Promise.all([speaking?.close(), silent?.close()]);
});

async function person(browser: Browser, name: string, language: string): Promise<Actor> {
  const actor = await newActor(browser, name);
  actor.page.on('console', (m) => {
    if (m.type() !== 'debug' && !m.text().includes('401')) console.log(`[${name}] ${m.type()}: ${m.text()}`);
  });
  await signUpViaApi(actor);
  await signInUi(actor, language);
  return actor;
}

/** Ana calls from the open conversation; a notice about what this server cannot hear comes first when it applies. */
async function call(page: Page): Promise<void> {
  await page.getByTestId('call-button').click();
  const dialog = page.getByTestId('precall-dialog');
  const screen = page.getByTestId('call-screen');
  await expect(dialog.or(screen)).toBeVisible();
  if (await dialog.isVisible()) await page.getByTestId('precall-call').click();
  await expect(screen).toBeVisible();
}

/**
 * Ana speaks: the browser's voice activity detector cuts her looped sentence into utterances by itself; where it
 * cannot start (the page's Content-Security-Policy must allow 'wasm-unsafe-eval'), the call falls back to
 * hold-to-talk and she holds the button through one whole sentence.
 */
async function speak(page: Page): Promise<void> {
  const screen = page.getByTestId('call-screen');
  // The detector's model and WebAssembly (2.7 MB compressed) load and compile first: slow on a busy machine.
  await expect(screen).not.toHaveAttribute('data-input', 'starting', { timeout: 180_000 });
  const mode = await screen.getAttribute('data-input');
  console.log(`speech input: ${mode}`);
  if (mode !== 'ptt') return;
  const mic = page.getByTestId('mic-button');
  await mic.hover();
  await page.mouse.down();
  await page.waitForTimeout(6500); // one loop of the file: a whole sentence and its pause
  await page.mouse.up();
}

async function phoneShot(page: Page, name: string): Promise<void> {
  await page.setViewportSize(PHONE);
  await page.mouse.move(2, 2);
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}-phone.png`) });
}

test('calls: ana calls bruno, he hears and reads her in Spanish, she hangs up, both see the call line', async () => {
  test.setTimeout(600_000); // a busy machine: sign-ups, the detector's first load, the offline engines
  const [ana, bruno] = await Promise.all([person(speaking, 'ana', 'English'), person(silent, 'bruno', 'Spanish')]);
  await startChat(ana, bruno);

  await call(ana.page);
  await expect(ana.page.getByTestId('call-status')).toHaveText(/Calling\.\.\.|Ringing/);

  // Bruno's page rings with who is calling.
  const incoming = bruno.page.getByTestId('incoming-call');
  await expect(incoming).toHaveAttribute('data-phase', 'incoming');
  await expect(bruno.page.getByTestId('incoming-caller')).toContainText(ana.username);
  await bruno.page.getByTestId('call-accept').click();

  // Connected on both sides, with the timer.
  for (const page of [ana.page, bruno.page]) {
    await expect(page.getByTestId('call-screen')).toHaveAttribute('data-phase', 'active', { timeout: 30_000 });
    await expect(page.getByTestId('call-status')).toHaveText(/^\d+:\d\d$/, { timeout: 30_000 });
  }
  // Bruno's tab reloads mid-call: it takes the call up again (the server keeps it through the grace).
  await bruno.page.reload();
  await expect(bruno.page.getByTestId('call-screen')).toHaveAttribute('data-phase', 'active', { timeout: 45_000 });
  await expect(ana.page.getByTestId('call-screen')).toHaveAttribute('data-phase', 'active');
  // Bruno listens: his microphone muted (ana is told).
  await bruno.page.getByTestId('call-mute').click();
  await expect(ana.page.getByTestId('call-partner-line')).toContainText('muted');
  // Both agree to keep a transcript (it is saved only when both have). Ana's microphone loops her sentence from the
  // start of the call, so what she said before both agreed is not in it: count bruno's final captions from here.
  const words = /train|station|morning/i;
  const finals = bruno.page.locator('[data-testid="call-caption"][data-speaker="partner"][data-final="true"]')
    .filter({ has: bruno.page.getByTestId('caption-second').filter({ hasText: words }) });
  for (const page of [ana.page, bruno.page]) await page.getByTestId('call-transcript').check();
  await expect(ana.page.getByTestId('call-transcript')).toBeChecked();
  await expect(ana.page.getByTestId('call-screen')).toContainText('Both agreed: the transcript will be saved in the conversation');
  const beforeAgreeing = await finals.count();
  await speak(ana.page);

  // Bruno reads ana's words in Spanish (the original English under them) and hears the translation.
  // Her microphone loops the sentence from the start of the call (and bruno's tab reloaded meanwhile), so an
  // utterance may be a piece of it: look for a whole one.
  const spanish = bruno.page.locator('[data-testid="call-caption"][data-speaker="partner"][data-language="es"][data-final="true"]')
    .filter({ has: bruno.page.getByTestId('caption-second').filter({ hasText: words }) }).first();
  await expect(spanish).toBeVisible({ timeout: 90_000 });
  await expect.poll(async () => Number(await bruno.page.getByTestId('call-screen').getAttribute('data-audio-chunks')), { timeout: 60_000 }).toBeGreaterThan(0);
  // Ana sees her own words as recognised.
  await expect(ana.page.locator('[data-testid="call-caption"][data-speaker="self"]').filter({ hasText: words }).first()).toBeVisible();
  // At least one whole sentence after both agreed (the transcript keeps it).
  await expect.poll(() => finals.count(), { timeout: 90_000 }).toBeGreaterThan(beforeAgreeing);

  await phoneShot(ana.page, 'calls-screen-en');

  // Ana hangs up: both see the end, then the call's line in the conversation, in their own language.
  await ana.page.getByTestId('call-hangup').click();
  await expect(bruno.page.getByTestId('call-screen')).toHaveAttribute('data-phase', 'ended');
  for (const page of [ana.page, bruno.page]) {
    await expect(page.getByTestId('call-screen')).toHaveCount(0, { timeout: 15_000 });
    await expect(page.locator('[data-testid="system-line"][data-kind="call_completed"]')).toBeVisible({ timeout: 15_000 });
  }
  await expect(bruno.page.locator('[data-testid="system-line"][data-kind="call_completed"]')).toContainText(/Llamada/);
  // The transcript both agreed to keep: bruno opens it and reads ana's English with his Spanish under it.
  const saved = bruno.page.getByTestId('call-transcript-saved');
  await expect(saved).toBeVisible({ timeout: 15_000 });
  await saved.getByText('Transcripción de la llamada').click();
  await expect(saved.getByTestId('call-transcript-line').first()).toContainText(ana.username);
  const line = saved.getByTestId('call-transcript-line').filter({ hasText: words }).first();
  await expect(line.locator('[lang="en"]')).toContainText(words);
  await expect(line.locator('[lang="es"]')).not.toBeEmpty();
  await phoneShot(bruno.page, 'calls-transcript-es');
  await Promise.all([ana.context.close(), bruno.context.close()]);
});

test('calls: the call screen in Arabic on a phone, right to left', async () => {
  test.setTimeout(600_000);
  const [ana, samir] = await Promise.all([person(speaking, 'ana', 'English'), person(silent, 'samir', 'Arabic')]);
  await startChat(ana, samir);
  await samir.page.setViewportSize(PHONE);
  await call(ana.page);
  await expect(samir.page.getByTestId('incoming-call')).toHaveAttribute('data-phase', 'incoming');
  await samir.page.getByTestId('call-accept').click();
  await expect(samir.page.getByTestId('call-screen')).toHaveAttribute('data-phase', 'active', { timeout: 30_000 });
  await expect(samir.page.locator('html')).toHaveAttribute('dir', 'rtl');
  await samir.page.getByTestId('call-mute').click();
  await speak(ana.page);
  // Something of ana's arrives (translated, or untranslated with its notice).
  await expect(samir.page.getByTestId('call-caption').or(samir.page.getByTestId('call-notice')).first()).toBeVisible({ timeout: 90_000 });
  await phoneShot(samir.page, 'calls-screen-ar');
  await samir.page.getByTestId('call-hangup').click();
  await expect(ana.page.getByTestId('call-screen')).toHaveAttribute('data-phase', 'ended');
  await Promise.all([ana.context.close(), samir.context.close()]);
});
