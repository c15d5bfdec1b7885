import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * A temporary folder for generated fixtures: made on first use (the runner also loads spec files just to
 * list their tests) and removed when the process exits.
 */
export function scratchDir(prefix: string): () => string {
  let dir: string | undefined;
  return () => {
    if (dir) return dir;
    const made = mkdtempSync(path.join(tmpdir(), prefix));
    process.once('exit', () => rmSync(made, { recursive: true, force: true }));
    return (dir = made);
  };
}

export const SCREENS_DIR = path.resolve(import.meta.dirname, 'artifacts/screens');
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export interface Actor {
  name: string;
  username: string;
  email: string;
  password: string;
  context: BrowserContext;
  page: Page;
}

let seq = 0;
/** A named person with their own browser context (own cookies and localStorage). */
export async function newActor(browser: Browser, name: string): Promise<Actor> {
  seq += 1;
  const tag = `${Date.now().toString(36)}${seq}`;
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error(`[${name}] page error:`, err.message));
  return { name, username: `${name}${tag}`, email: `${name}.${tag}@example.com`, password: 'parley-pass-1', context, page };
}

/** Sign up through the API (same origin as the page, so the browser's Origin header is right). */
export async function signUpViaApi(actor: Actor): Promise<void> {
  await actor.page.goto('/auth');
  const status = await actor.page.evaluate(async (u) => {
    const res = await fetch('/api/auth/signup', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(u) });
    return res.status;
  }, { username: actor.username, email: actor.email, password: actor.password });
  expect(status).toBe(201);
}

/** Sign in through the auth screen, and pass the first-time language step with `language`. */
export async function signInUi(actor: Actor, language?: string): Promise<void> {
  const { page } = actor;
  await page.goto('/auth');
  if ((await page.getByTestId('auth-form').getAttribute('data-mode')) !== 'signIn') await page.getByTestId('auth-toggle').click();
  await page.getByLabel('Email').fill(actor.email);
  await page.getByLabel('Password', { exact: true }).fill(actor.password);
  await page.getByTestId('auth-submit').click();
  await page.waitForURL((u) => u.pathname === '/');
  if (language) {
    await page.getByTestId('language-input').fill(language);
    await page.getByTestId('language-continue').click();
    await expect(page.getByTestId('app-shell')).toBeVisible();
  }
}

/** Screenshot at desktop and phone width: artifacts/screens/{name}-desktop.png and -phone.png. */
export async function screenshots(page: Page, name: string): Promise<void> {
  const original = page.viewportSize() ?? DESKTOP;
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}-desktop.png`), fullPage: false });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}-phone.png`), fullPage: false });
  await page.setViewportSize(original);
}

export const conversationRow = (page: Page, name: string) => page.locator(`[data-testid="conversation-row"][data-name="${name}"]`);

/**
 * ana starts the chat with bruno through the API (with a relationship type when given), then both
 * open it from their lists and wait for the live connection.
 */
export async function startChat(ana: Actor, bruno: Actor, relationshipType?: string): Promise<void> {
  const status = await ana.page.evaluate(async ({ username, relationshipType }) => {
    const search = await (await fetch(`/api/users/search?q=${encodeURIComponent(username)}`)).json();
    const res = await fetch('/api/chats', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: search.users[0].id, relationshipType }),
    });
    return res.status;
  }, { username: bruno.username, relationshipType });
  expect(status).toBe(201);
  for (const [actor, partner] of [[ana, bruno], [bruno, ana]] as const) {
    await actor.page.reload();
    await conversationRow(actor.page, partner.username).getByTestId('conversation-open').click();
    await expect(actor.page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');
  }
}

/** Sign up, then sign in on a phone-sized screen, choosing `language` at the first-time step. */
export async function signUpOnPhone(actor: Actor, language: string): Promise<void> {
  await actor.page.setViewportSize(PHONE);
  await signUpViaApi(actor);
  await signInUi(actor, language);
}

/** A user's id, as the signed-in page finds it through the people search. */
export const userIdOf = (page: Page, username: string): Promise<string> => page.evaluate(async (q) => {
  const found = (await (await fetch(`/api/users/search?q=${encodeURIComponent(q)}`)).json()) as { users: { id: string; username: string }[] };
  return found.users.find((u) => u.username === q)!.id;
}, username);

/** Open a conversation from the list by its name, once live; `reload` first when the list may not show it yet. */
export async function openConversation(actor: Actor, name: string, options: { reload?: boolean } = {}): Promise<void> {
  if (options.reload) await actor.page.reload();
  await conversationRow(actor.page, name).getByTestId('conversation-open').click();
  await expect(actor.page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');
}

/** Screenshots once the pointer is out of the way and no toast covers the screen. */
export async function quietScreenshots(page: Page, name: string): Promise<void> {
  await page.mouse.move(2, 400);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await screenshots(page, name);
}

/**
 * A photo of a Spanish sign as a phone takes it (3200 x 2000), written to `file`: dark letters on a
 * light board, a little blur and noise. Scan and photo messages read the same picture.
 */
export function writeSpanishSign(file: string): string {
  execFileSync('convert', [
    '-size', '3200x2000', 'xc:#efe9da',
    '-fill', '#1f6f3a', '-draw', 'rectangle 120,120 3080,1880',
    '-fill', '#f7f4ec', '-draw', 'rectangle 170,170 3030,1830',
    '-font', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf', '-fill', '#1c1c1c', '-gravity', 'center',
    '-pointsize', '230', '-annotate', '+0-450', 'SALIDA DE',
    '-annotate', '+0-180', 'EMERGENCIA',
    '-pointsize', '160', '-annotate', '+0+210', 'Prohibido fumar',
    '-annotate', '+0+440', 'en este edificio',
    '-blur', '0x1.2', '-attenuate', '0.25', '+noise', 'Gaussian',
    '-quality', '90', file,
  ]);
  return file;
}

/** A conversation's messages on `page`: mine or the partner's. */
export const messagesOf = (page: Page, mine: boolean) => page.locator(`[data-testid="message"][data-mine="${mine}"]`);

/** Type `text` into the composer and press Enter (the caller checks what the send led to). */
export async function typeAndSend(actor: Actor, text: string): Promise<void> {
  const input = actor.page.getByTestId('message-input');
  await expect(input).toBeEnabled();
  await input.fill(text);
  await input.press('Enter');
}

/** Send with Enter and wait until the sender's own last bubble shows it. */
export async function sendAndSee(actor: Actor, text: string): Promise<void> {
  await typeAndSend(actor, text);
  await expect(messagesOf(actor.page, true).last().getByTestId('message-original')).toHaveText(text);
}

/** A one-page PDF written by hand: Helvetica, each line a line of text (a real text layer for pdfjs to read). */
export function textPdf(lines: readonly string[]): Buffer {
  const text = lines.map((line, i) => `BT /F1 14 Tf 60 ${760 - i * 40} Td (${line.replace(/[\\()]/g, '\\$&')}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
