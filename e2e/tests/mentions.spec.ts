import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { PushService, type TestSubscription } from '../../server/test/support/pushService.ts';
import { PUSH_SERVICE_PORT } from '../playwright.config.ts';
import { type Actor, conversationRow, newActor, SCREENS_DIR, signUpOnPhone, userIdOf, openConversation } from '../support.ts';

/**
 * Issue 36 item 1 on a 390 px phone, three readers in three languages: ana (English) mentions bruno (Spanish) in a
 * group that bruno muted ("Only mentions") and claire (French) muted entirely ("Mute everything"). Bruno's phone
 * gets the push (received and decrypted by a push service in this process, RFC 8291), claire's gets nothing; the
 * list marks the group with "@" for bruno, and the mention stands out in his message. Screenshots:
 * artifacts/screens/mentions-*-phone.png.
 */
const GROUP = 'Weekend plans';
const shot = async (page: Page, name: string) => {
  await page.mouse.move(2, 400);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await page.screenshot({ path: path.join(SCREENS_DIR, `mentions-${name}-phone.png`), animations: 'disabled' });
};

let appKey = '';
const service = new PushService(() => appKey, PUSH_SERVICE_PORT);
test.beforeAll(async () => service.start());
test.afterAll(async () => service.stop());

/** This session's device, subscribed at the local push service (what PushManager.subscribe would hand the page). */
async function subscribe(actor: Actor): Promise<TestSubscription> {
  // The server's VAPID key, which the push service checks each request's JWT against.
  appKey = await actor.page.evaluate(async () => ((await (await fetch('/api/push/key')).json()) as { publicKey: string }).publicKey);
  const sub = service.subscribe();
  const status = await actor.page.evaluate(async (json) =>
    (await fetch('/api/push/subscription', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) })).status, sub.json);
  expect(status).toBe(204);
  return sub;
}

/** A group header's ⋮ -> Mute (a dialog on a phone) -> a choice. */
async function mute(actor: Actor, choice: 'always' | 'everything') {
  await actor.page.getByTestId('header-menu').click();
  await actor.page.getByTestId('menu-mute').click();
  await actor.page.getByTestId(`mute-${choice}`).click();
  await expect(actor.page.getByTestId('header-muted')).toBeVisible();
}

test('a mention reaches the mentioned member of a muted group, and nobody else', async ({ browser }) => {
  test.slow(); // three people on three phones, a translation, a push
  const ana = await newActor(browser, 'ana');
  const bruno = await newActor(browser, 'bruno');
  const claire = await newActor(browser, 'claire');
  await signUpOnPhone(ana, 'English');
  await signUpOnPhone(bruno, 'Spanish');
  await signUpOnPhone(claire, 'French');
  const [brunoPhone, clairePhone] = [await subscribe(bruno), await subscribe(claire)];
  const memberIds = [await userIdOf(ana.page, bruno.username), await userIdOf(ana.page, claire.username)];
  await ana.page.evaluate(async (body) => {
    await fetch('/api/groups', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  }, { name: GROUP, memberIds });
  // Both phones are told of the invitation (a mute never silences one).
  for (const sub of [brunoPhone, clairePhone]) expect((await service.waitFor(sub.id))[0]?.payload.kind).toBe('group_invite');

  for (const actor of [ana, bruno, claire]) {
    await actor.page.reload();
    await openConversation(actor, GROUP);
  }
  await mute(bruno, 'always');
  await mute(claire, 'everything');
  // Bruno and claire look elsewhere (the list): a phone showing the conversation is not pushed to.
  for (const actor of [bruno, claire]) await actor.page.goto('/');

  // Ana types "@br", picks bruno from the suggestions with a tap, and sends.
  const input = ana.page.getByTestId('message-input');
  await input.click();
  await input.pressSequentially('@' + bruno.username.slice(0, 3));
  const option = ana.page.getByTestId('mention-option');
  await expect(option).toHaveCount(1);
  await expect(option).toContainText(bruno.username);
  await shot(ana.page, 'suggestions');
  await option.click();
  await expect(input).toHaveValue(`@${bruno.username} `);
  await input.pressSequentially('can you book the train tickets?');
  await ana.page.getByTestId('send-button').click();
  const sent = ana.page.locator('[data-testid="message"][data-mine="true"]').filter({ hasText: 'train tickets' });
  await expect(sent.getByTestId('message-original').getByTestId('mention')).toHaveText(`@${bruno.username}`);

  // Bruno's phone: the push, decrypted, titled with the group, naming ana, the mention kept as written.
  const pushes = await service.waitFor(brunoPhone.id, 2);
  expect(pushes[1]?.payload).toMatchObject({ kind: 'message', title: GROUP, body: expect.stringContaining(`${ana.username}: `) });
  expect(pushes[1]?.payload.body).toContain(`@${bruno.username}`);
  // Claire muted everything: the same fan-out that told bruno queued nothing for her.
  expect(service.for(clairePhone.id).map((p) => p.payload.kind)).toEqual(['group_invite']);
  expect(service.rejected).toEqual([]);

  // Bruno's list marks the group with "@"; claire's does not.
  await expect(conversationRow(bruno.page, GROUP).getByTestId('mention-badge')).toBeVisible();
  await expect(conversationRow(claire.page, GROUP).getByTestId('conversation-preview')).toContainText(`@${bruno.username}`);
  await expect(conversationRow(claire.page, GROUP).getByTestId('mention-badge')).toHaveCount(0);
  await shot(bruno.page, 'list');
  // In the conversation, the mention of him stands out, in the original and in his Spanish translation alike.
  await openConversation(bruno, GROUP);
  const received = bruno.page.locator('[data-testid="message"][data-mine="false"]').filter({ hasText: 'train' });
  await expect(received.getByTestId('message-translation')).toBeVisible({ timeout: 30_000 });
  await expect(received.locator('[data-testid="mention"][data-me="true"]').first()).toHaveText(`@${bruno.username}`);
  await shot(bruno.page, 'message');
  // (That reading clears the "@" is server/test/mentions.test.ts's: here the read mark races the page's own timers.)
});
