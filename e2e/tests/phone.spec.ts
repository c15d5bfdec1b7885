import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { newActor, PHONE, SCREENS_DIR, signInUi, type Actor } from '../support.ts';

/**
 * Issue 13, the phone client in Chromium: installable (manifest, service worker in control),
 * the outbox (three messages written offline survive a reload and reach the partner once each,
 * in order), the app opening offline on the cached conversation, a notification in a hidden tab
 * that opens the room, and /chat/:roomId links with Back to the list.
 */

const mine = (page: Page) => page.locator('[data-testid="message"][data-mine="true"]');
const theirs = (page: Page) => page.locator('[data-testid="message"][data-mine="false"]');

async function phoneActor(browser: Browser, name: string, language = 'English'): Promise<Actor & { id: string }> {
  const actor = await newActor(browser, name);
  await actor.page.setViewportSize(PHONE);
  await actor.page.goto('/auth');
  const res = await actor.page.evaluate(async (u) => {
    const r = await fetch('/api/auth/signup', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(u) });
    return { status: r.status, body: (await r.json()) as { user: { id: string } } };
  }, { username: actor.username, email: actor.email, password: actor.password });
  expect(res.status).toBe(201);
  await signInUi(actor, language);
  return { ...actor, id: res.body.user.id };
}

/** ana starts a chat with bruno through the API; returns the room id. */
async function startChat(from: Actor, to: { id: string }): Promise<string> {
  return from.page.evaluate(async (userId) => {
    const r = await fetch('/api/chats', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId }) });
    return ((await r.json()) as { room: { id: string } }).room.id;
  }, to.id);
}

/** Wait until the service worker controls the page (it registers when idle; a reload hands it the page). */
async function controlledBySw(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

async function send(page: Page, text: string) {
  const input = page.getByTestId('message-input');
  await expect(input).toBeEnabled();
  await input.fill(text);
  await input.press('Enter');
  await expect(input).toHaveValue('');
}

// Animations finished: the picture shows what stays on screen, not a message halfway through fading in.
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENS_DIR, `${name}-phone.png`), animations: 'disabled' });

/** Issue 13's budget for a first visit to the sign-in page, compressed, as the browser received it. */
const AUTH_JS_BUDGET = 120 * 1024;

test('a first visit to /auth downloads at most 120 KB of compressed JavaScript (no zod, no toaster)', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE }); // empty HTTP cache, no service worker
  const page = await context.newPage();
  const scripts: Promise<{ url: string; encoding?: string; bytes: number }>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push(Promise.all([request.response(), request.sizes()]).then(([response, sizes]) => ({
      url: new URL(request.url()).pathname,
      encoding: response?.headers()['content-encoding'],
      bytes: sizes.responseBodySize,
    })));
  });
  await page.goto('/auth', { waitUntil: 'networkidle' });
  await expect(page.getByTestId('auth-form')).toBeVisible();
  const received = await Promise.all(scripts);
  const total = received.reduce((sum, s) => sum + s.bytes, 0);
  const listing = received.map((s) => `${s.url} ${s.encoding ?? 'identity'} ${s.bytes}`).join('\n');
  expect(received.length, listing).toBeGreaterThan(1);
  // Everything worth compressing arrived brotli-compressed (files under 1 KB are sent as they are).
  for (const script of received.filter((s) => s.bytes > 1024)) expect(script.encoding, script.url).toBe('br');
  expect(received.filter((s) => /\/(zod|sonner)-/.test(s.url)), listing).toEqual([]);
  expect(total, listing).toBeLessThanOrEqual(AUTH_JS_BUDGET);
  await context.close();
});

test('/auth arrives with the sign-in screen drawn (before any script runs), and the app takes it over', async ({ browser }) => {
  const noScript = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
  const page = await noScript.newPage();
  await page.goto('/auth');
  await expect(page.getByTestId('auth-title')).toHaveText('Welcome back');
  await expect(page.getByLabel('Email')).toBeVisible();
  // Styled by the inlined stylesheet: the primary button is coloured, not a bare browser button.
  expect(await page.getByTestId('auth-submit').evaluate((el) => getComputedStyle(el).backgroundColor)).not.toMatch(/^rgba?\(0, 0, 0, 0\)$|^rgb\(239, 239, 239\)$/);
  // Inert until the app is there: nothing typed into the copy can be lost.
  await expect(page.locator('main[inert]')).toHaveCount(1);
  await shot(page, 'phone-auth-prerendered');
  await noScript.close();

  const context = await browser.newContext({ viewport: PHONE });
  const app = await context.newPage();
  await app.goto('/auth');
  await expect(app.getByLabel('Email')).toBeFocused();
  await expect(app.locator('main[inert]')).toHaveCount(0);
  // Typing fetches the toaster, so a sign-in that fails for want of network still says so.
  const toaster = app.waitForResponse((r) => /\/assets\/sonner-/.test(r.url()));
  await app.getByLabel('Email').fill('someone@example.com');
  await expect(app.getByLabel('Email')).toHaveValue('someone@example.com');
  await toaster;
  await context.setOffline(true);
  await app.getByLabel('Password', { exact: true }).fill('parley-pass-1');
  await app.getByTestId('auth-submit').click();
  await expect(app.locator('[data-sonner-toast]')).toBeVisible();
  await context.close();
});

test('/auth for a visitor who chose German: the English copy turns into the German form with no blank frame between', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  await context.addInitScript(() => {
    localStorage.setItem('userLanguage', 'de');
    // Record whether the app ever shows its "loading the language" placeholder instead of a screen.
    const w = window as unknown as { sawBlank: boolean };
    w.sawBlank = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="i18n-loading"]')) w.sawBlank = true;
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  await page.goto('/auth');
  await expect(page.locator('main[inert]')).toHaveCount(0);
  await expect(page.getByTestId('auth-title')).toHaveText('Willkommen zurück');
  expect(await page.evaluate(() => (window as unknown as { sawBlank: boolean }).sawBlank)).toBe(false);
  await context.close();
});

test('a signed-in / arrives with the list drawn in the reader\'s language; offline, the service worker opens the app shell with the last list', async ({ browser }) => {
  const ana = await phoneActor(browser, 'ana', 'German');
  const bruno = await phoneActor(browser, 'bruno');
  await startChat(ana, bruno);

  // No script at all: the server's page alone shows ana's conversation with bruno, in German, styled.
  const noScript = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, storageState: await ana.context.storageState() });
  const bare = await noScript.newPage();
  await bare.goto('/');
  await expect(bare.locator('html')).toHaveAttribute('lang', 'de');
  await expect(bare.locator('[data-signed-in-language="de"][inert]')).toHaveCount(1);
  await expect(bare.getByTestId('conversation-name')).toHaveText([bruno.username]);
  await expect(bare.getByTestId('app-tagline')).toHaveText('Echtzeit-Übersetzer');
  expect(await bare.getByTestId('tab-chat').evaluate((el) => getComputedStyle(el).display)).not.toBe('inline');
  await shot(bare, 'phone-list-drawn-by-server');
  await noScript.close();

  // With script: the app takes the list over (the copy is gone) and it works.
  await ana.page.goto('/');
  await expect(ana.page.locator('[data-signed-in-language]')).toHaveCount(0);
  await expect(ana.page.getByTestId('app-tagline')).toHaveText('Echtzeit-Übersetzer');
  await ana.page.getByTestId('conversation-open').click();
  await expect(ana.page).toHaveURL(/\/chat\//);
  await ana.page.goBack();

  // The service worker never keeps that personal, no-store page; with no network it answers / with the app shell,
  // which draws this device's last list.
  await controlledBySw(ana.page);
  expect(await ana.page.evaluate(() => caches.has('parley-pages'))).toBe(false);
  await ana.context.setOffline(true);
  const opened = ana.page.waitForResponse((r) => new URL(r.url()).pathname === '/');
  await ana.page.goto('/');
  expect((await opened).fromServiceWorker()).toBe(true);
  await expect(ana.page.getByTestId('conversation-name')).toHaveText([bruno.username]);
  await expect(ana.page.getByTestId('app-link')).toHaveAttribute('data-link', 'offline');
  await ana.context.setOffline(false);

  // Signing out forgets it: the next person on this phone does not open ana's list.
  await expect(ana.page.getByTestId('app-link')).toHaveAttribute('data-link', 'online');
  await ana.page.getByTestId('user-menu-trigger').click();
  await ana.page.getByTestId('menu-sign-out').click();
  await ana.page.waitForURL((u) => u.pathname === '/auth');
  await expect.poll(() => ana.page.evaluate(() => caches.has('parley-pages'))).toBe(false);
  await ana.context.close();
  await bruno.context.close();
});

test('installable: a valid manifest with icons, and the service worker controls the page after a reload', async ({ browser }) => {
  const ana = await phoneActor(browser, 'ana');
  const manifest = await ana.page.evaluate(async () => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    const r = await fetch(link?.href ?? '/manifest.webmanifest');
    return { href: link?.getAttribute('href'), type: r.headers.get('content-type'), body: (await r.json()) as Record<string, unknown> };
  });
  expect(manifest.href).toBe('/manifest.webmanifest');
  expect(manifest.type).toMatch(/manifest\+json|json/);
  expect(manifest.body).toMatchObject({ name: 'Parley', short_name: 'Parley', start_url: '/', display: 'standalone', theme_color: '#4f46e5' });
  const icons = manifest.body.icons as { src: string; sizes: string; purpose?: string }[];
  expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of icons) {
    const res = await ana.page.request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
  }
  await expect(ana.page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#4f46e5');

  await controlledBySw(ana.page);
  await ana.page.reload();
  expect(await ana.page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
  await expect(ana.page.getByTestId('app-shell')).toBeVisible();
  await expect(ana.page.getByTestId('app-link')).toHaveAttribute('data-link', 'online');
  await ana.context.close();
});

test('offline: three messages wait on the device, survive a reload, and reach bruno once each, in order', async ({ browser }) => {
  const ana = await phoneActor(browser, 'ana');
  const bruno = await phoneActor(browser, 'bruno');
  const roomId = await startChat(ana, bruno);

  await bruno.page.goto(`/chat/${roomId}`);
  await expect(bruno.page.getByTestId('connection-state')).toHaveAttribute('data-link', 'online');
  await ana.page.goto(`/chat/${roomId}`);
  await controlledBySw(ana.page);
  await expect(ana.page.getByTestId('connection-state')).toHaveAttribute('data-link', 'online');
  await send(bruno.page, 'Hi ana, are you there?');
  await expect(theirs(ana.page)).toHaveText([/Hi ana, are you there\?/]);

  // Offline: the header says so, the input stays free, the messages wait on the device.
  await ana.context.setOffline(true);
  await expect(ana.page.getByTestId('connection-state')).toHaveAttribute('data-link', 'offline');
  await expect(ana.page.getByTestId('app-link')).toHaveAttribute('data-link', 'offline');
  await expect(ana.page.getByTestId('offline-notice')).toBeVisible();
  const texts = ['one: on the train', 'two: no signal here', 'three: see you at six'];
  for (const text of texts) await send(ana.page, text);
  await expect(mine(ana.page)).toHaveCount(3);
  await expect(mine(ana.page).getByTestId('message-waiting')).toHaveCount(3);
  await shot(ana.page, 'phone-offline-outbox');

  // Reload with no network: the service worker opens the app on the cached conversation.
  await ana.page.reload();
  await expect(ana.page.locator('[data-testid="chat-tab"][data-view="conversation"]')).toBeVisible();
  await expect(theirs(ana.page)).toHaveText([/Hi ana, are you there\?/]);
  await expect(mine(ana.page).getByTestId('message-original')).toHaveText(texts);
  await expect(ana.page.locator('[data-testid="message"][data-mine="true"][data-status="waiting"]')).toHaveCount(3);
  await expect(ana.page.getByTestId('offline-notice')).toBeVisible();
  expect(bruno.page.url()).toContain(roomId);
  await expect(mine(bruno.page)).toHaveCount(1); // nothing of ana's has arrived

  // Back online: sent once each, in order.
  await ana.context.setOffline(false);
  await expect(theirs(bruno.page).getByTestId('message-original')).toHaveText(['one: on the train', 'two: no signal here', 'three: see you at six'].map((t) => t));
  await expect(mine(ana.page).getByTestId('message-waiting')).toHaveCount(0);
  await expect(ana.page.getByTestId('connection-state')).toHaveAttribute('data-link', 'online');
  const stored = await bruno.page.evaluate(async (id) => {
    const r = await fetch(`/api/chats/${id}/messages`);
    return ((await r.json()) as { messages: { content: string }[] }).messages.map((m) => m.content);
  }, roomId);
  expect(stored).toEqual(['Hi ana, are you there?', ...texts]);
  // Still once each after a further reload (nothing left in the outbox to send again).
  await ana.page.reload();
  await expect(mine(ana.page)).toHaveCount(3);
  await ana.page.waitForTimeout(1500);
  const again = await bruno.page.evaluate(async (id) => ((await (await fetch(`/api/chats/${id}/messages`)).json()) as { messages: unknown[] }).messages.length, roomId);
  expect(again).toBe(4);
  await ana.context.close();
  await bruno.context.close();
});

test('a hidden tab gets a notification for a new message, and clicking it opens that room', async ({ browser }) => {
  const ana = await phoneActor(browser, 'ana');
  const bruno = await phoneActor(browser, 'bruno');
  const roomId = await startChat(ana, bruno);
  await ana.context.grantPermissions(['notifications']);
  // Record every notification the page creates (the real constructor still runs), and let the
  // test hide the tab as switching to another app would.
  await ana.context.addInitScript(() => {
    const w = window as unknown as { __notes: Notification[]; __hidden: boolean };
    w.__notes = [];
    w.__hidden = false;
    const Real = window.Notification;
    class Recorded extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        w.__notes.push(this);
      }
    }
    window.Notification = Recorded as typeof Notification;
    Object.defineProperty(document, 'visibilityState', { get: () => (w.__hidden ? 'hidden' : 'visible') });
  });
  await ana.page.goto('/');
  await expect(ana.page.locator('[data-testid="chat-tab"][data-view="list"]')).toBeVisible();
  await bruno.page.goto(`/chat/${roomId}`);
  await expect(bruno.page.getByTestId('connection-state')).toHaveAttribute('data-link', 'online');
  await expect(ana.page.getByTestId('app-link')).toHaveAttribute('data-link', 'online');

  await ana.page.evaluate(() => {
    (window as unknown as { __hidden: boolean }).__hidden = true;
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await send(bruno.page, 'Dinner at eight?');
  await expect.poll(() => ana.page.evaluate(() => (window as unknown as { __notes: Notification[] }).__notes.length)).toBe(1);
  const note = await ana.page.evaluate(() => {
    const n = (window as unknown as { __notes: Notification[] }).__notes[0]!;
    return { title: n.title, body: n.body, tag: n.tag };
  });
  expect(note).toEqual({ title: `New message from ${bruno.username}`, body: 'Dinner at eight?', tag: `parley-room-${roomId}` });
  await expect(ana.page.getByTestId('incoming-message-toast')).toHaveCount(0);

  await ana.page.evaluate(() => {
    (window as unknown as { __hidden: boolean }).__hidden = false;
    const n = (window as unknown as { __notes: Notification[] }).__notes[0]!;
    n.onclick?.(new Event('click'));
  });
  await ana.page.waitForURL((u) => u.pathname === `/chat/${roomId}`);
  await expect(ana.page.locator('[data-testid="chat-tab"][data-view="conversation"]')).toHaveAttribute('data-room-id', roomId);
  await expect(theirs(ana.page).getByTestId('message-original')).toHaveText(['Dinner at eight?']);

  // With the conversation open and visible, a new message there brings no toast.
  await send(bruno.page, 'Or nine?');
  await expect(theirs(ana.page)).toHaveCount(2);
  await ana.page.waitForTimeout(500);
  await expect(ana.page.getByTestId('incoming-message-toast')).toHaveCount(0);
  await ana.context.close();
  await bruno.context.close();
});

test('/chat/:roomId survives a reload, Back returns to the list; phone details', async ({ browser }) => {
  const ana = await phoneActor(browser, 'ana');
  const bruno = await phoneActor(browser, 'bruno');
  await startChat(ana, bruno);
  const { page } = ana;
  await page.goto('/');
  await page.getByTestId('conversation-row').first().click();
  await page.waitForURL(/\/chat\/[^/]+$/);
  const url = page.url();
  await send(page, 'Hello from the link');
  await expect(page.getByTestId('current-day')).toHaveText('Today');
  await expect(page.getByTestId('day-separator')).toHaveCount(0); // one day: the strip above the messages says it

  await page.reload();
  expect(page.url()).toBe(url);
  await expect(page.locator('[data-testid="chat-tab"][data-view="conversation"]')).toBeVisible();
  await expect(mine(page).getByTestId('message-original')).toHaveText(['Hello from the link']);

  // Character counter near the limit; beyond it a clear message and no request.
  const input = page.getByTestId('message-input');
  await input.fill('x'.repeat(4800));
  await expect(page.getByTestId('message-length')).toHaveText('4800 / 5000');
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/messages')) posts.push(r.url());
  });
  await input.fill('y'.repeat(10_000));
  await expect(page.getByTestId('message-length')).toHaveText('Too long: 5000 characters over the 5000-character limit. Shorten it to send.');
  await input.press('Enter');
  await expect(page.getByTestId('send-button')).toBeDisabled();
  expect(posts).toEqual([]);
  await input.fill('');

  // Own-bubble timestamp contrast, and 44 px touch targets.
  const contrast = await mine(page).first().locator('time').evaluate((el) => {
    const lum = ([r, g, b]: number[]) => {
      const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
    };
    let bubble: Element | null = el;
    while (bubble && getComputedStyle(bubble).backgroundColor === 'rgba(0, 0, 0, 0)') bubble = bubble.parentElement;
    const canvas = document.createElement('canvas').getContext('2d')!;
    const toRgb = (c: string) => {
      canvas.fillStyle = c;
      canvas.fillRect(0, 0, 1, 1);
      return Array.from(canvas.getImageData(0, 0, 1, 1).data).slice(0, 3);
    };
    const fg = lum(toRgb(getComputedStyle(el.parentElement!).color));
    const bg = lum(toRgb(getComputedStyle(bubble!).backgroundColor));
    return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
  });
  expect(contrast).toBeGreaterThanOrEqual(4.5);

  // Keyboard open (the visual viewport shrinks while the input has focus): no tab bar; composer in view.
  await input.focus();
  await page.setViewportSize({ width: PHONE.width, height: 480 });
  await expect(page.getByTestId('app-shell')).toHaveAttribute('data-keyboard', 'true');
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(input).toBeInViewport();
  await expect(mine(page).last()).toBeInViewport();
  await shot(page, 'phone-keyboard-open');
  await page.setViewportSize(PHONE);
  await input.blur();
  await expect(page.getByRole('navigation')).toBeVisible();
  await shot(page, 'phone-conversation');

  await page.goBack();
  await page.waitForURL((u) => u.pathname === '/');
  await expect(page.locator('[data-testid="chat-tab"][data-view="list"]')).toBeVisible();
  await expect(page.getByTestId('conversation-row')).toHaveCount(1);
  await shot(page, 'phone-list');

  // The search dialog: 44 px clear and close buttons; Escape gives focus back to its trigger.
  await page.getByTestId('user-search-button').click();
  await page.getByTestId('user-search-input').fill('someone');
  for (const target of [page.getByTestId('user-search-clear'), page.getByRole('button', { name: 'Close' })]) {
    // Layout size (CSS px), not the bounding box: the dialog may still be zooming in.
    const [width, height] = await target.evaluate((el) => [(el as HTMLElement).offsetWidth, (el as HTMLElement).offsetHeight]);
    expect(width).toBeGreaterThanOrEqual(44);
    expect(height).toBeGreaterThanOrEqual(44);
  }
  await shot(page, 'phone-search');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('user-search-dialog')).toBeHidden();
  await expect(page.getByTestId('user-search-button')).toBeFocused();

  // The sign-in page focuses its first field.
  await ana.context.clearCookies();
  await page.goto('/auth');
  await expect(page.getByLabel('Email')).toBeFocused();
  await shot(page, 'phone-auth');
  await ana.context.close();
  await bruno.context.close();
});
