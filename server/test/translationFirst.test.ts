import { loadLocaleCatalog } from '@parley/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatTranslator } from '../src/chat/types.ts';
import { getTestServer, signIn, signUpAndIn, type TestServer } from './helpers.ts';
import { PushService } from './support/pushService.ts';

/** "Show my language first" (issue 38 item 4): the profile setting, and the notification of a late translation. */
const translator: ChatTranslator = {
  async translate(input) {
    if (input.text.startsWith('slow')) await new Promise((r) => setTimeout(r, 20_000));
    return { text: `[${input.target}] ${input.text}`, ok: true, kind: 'translated', detectedLanguage: input.sourceHint ?? 'en' };
  },
};

let s: TestServer;
const service = new PushService(() => s.app.push.vapid()?.publicKey ?? '');
beforeAll(async () => {
  await service.start();
  s = await getTestServer({
    chatTranslator: translator,
    env: { PUSH_ALLOWED_ORIGINS: service.origin },
    push: { translationWaitMs: 3_000, pollMs: 100, retryDelaySeconds: 1, retryBackoff: false },
  });
});
afterAll(async () => {
  await s.close();
  await service.stop();
});

const api = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  s.app.inject({ method, url, payload, headers: { cookie } });

describe('show my language first', () => {
  it('is off by default, saved on the profile, and read back by the profile and the session', async () => {
    const u = await signUpAndIn(s.app);
    expect((await api(u.cookie, 'GET', '/api/profile')).json()).toMatchObject({ translation_first: false });
    const on = await api(u.cookie, 'PATCH', '/api/profile', { translation_first: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ id: u.id, translation_first: true });
    // Another device signs in: the setting is the account's, not the browser's.
    const other = await signIn(s.app, u.email, u.password);
    expect((await api(other, 'GET', '/api/profile')).json()).toMatchObject({ translation_first: true });
    expect((await api(other, 'GET', '/api/auth/session')).json().profile).toMatchObject({ translation_first: true });
    expect((await api(u.cookie, 'PATCH', '/api/profile', { translation_first: 'yes' })).statusCode).toBe(400);
    expect((await api(u.cookie, 'PATCH', '/api/profile', { translation_first: false })).json()).toMatchObject({ translation_first: false });
  });

  it('puts "Translating..." before the original in the notification of a reader who reads their language first', async () => {
    const ana = await signUpAndIn(s.app);
    const bruno = await signUpAndIn(s.app);
    await api(ana.cookie, 'PATCH', '/api/profile', { language: 'en' });
    await api(bruno.cookie, 'PATCH', '/api/profile', { language: 'fr', translation_first: true });
    const sub = service.subscribe();
    expect((await api(bruno.cookie, 'PUT', '/api/push/subscription', sub.json)).statusCode).toBe(204);
    const room = (await api(ana.cookie, 'POST', '/api/chats', { userId: bruno.id })).json().room.id as string;
    const sent = await api(ana.cookie, 'POST', `/api/chats/${room}/messages`, { content: 'slow news', clientId: 'translation-first-1' });
    expect(sent.statusCode, sent.body).toBe(201);
    const [push] = await service.waitFor(sub.id);
    const fr = await loadLocaleCatalog('fr');
    expect(push?.payload.body).toBe(`${fr['push.translating']}\nslow news`);
  });
});

describe('notifications in plain text', () => {
  it('strip the markdown marks of the translation: a link shows its text, code its content', async () => {
    const ana = await signUpAndIn(s.app);
    const bruno = await signUpAndIn(s.app);
    await api(ana.cookie, 'PATCH', '/api/profile', { language: 'en' });
    await api(bruno.cookie, 'PATCH', '/api/profile', { language: 'fr' });
    const sub = service.subscribe();
    expect((await api(bruno.cookie, 'PUT', '/api/push/subscription', sub.json)).statusCode).toBe(204);
    const room = (await api(ana.cookie, 'POST', '/api/chats', { userId: bruno.id })).json().room.id as string;
    const sent = await api(ana.cookie, 'POST', `/api/chats/${room}/messages`, { content: '**Run** `npm install`, see [the docs](https://docs.example.io)', clientId: 'plain-push-1' });
    expect(sent.statusCode, sent.body).toBe(201);
    const [push] = await service.waitFor(sub.id);
    expect(push?.payload.body).toBe('[fr] Run npm install, see the docs');
  });
});

describe('search results for a reader who reads their language first', () => {
  it('carry the other text of each hit: the original of a hit in the translation, the translation of a hit in the original', async () => {
    const ana = await signUpAndIn(s.app);
    const bruno = await signUpAndIn(s.app);
    await api(ana.cookie, 'PATCH', '/api/profile', { language: 'en' });
    await api(bruno.cookie, 'PATCH', '/api/profile', { language: 'es', translation_first: true });
    const room = (await api(ana.cookie, 'POST', '/api/chats', { userId: bruno.id })).json().room.id as string;
    const sent = await api(ana.cookie, 'POST', `/api/chats/${room}/messages`, { content: 'Hello there', clientId: 'translation-first-2' });
    expect(sent.statusCode, sent.body).toBe(201);
    const search = async (q: string) => {
      for (let i = 0; i < 100; i += 1) {
        const res = await api(bruno.cookie, 'GET', `/api/messages/search?q=${encodeURIComponent(q)}&roomId=${room}`);
        const hit = res.json().results?.[0];
        if (hit) return hit;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no hit for ${q}`);
    };
    expect(await search('[es]')).toMatchObject({ text: '[es] Hello there', textIs: 'translation', other: 'Hello there' });
    // ana's own message: no translation row for her, the original only.
    const own = (await api(ana.cookie, 'GET', `/api/messages/search?q=Hello&roomId=${room}`)).json().results[0];
    expect(own).toMatchObject({ text: 'Hello there', textIs: 'original', other: null });
  });
});
