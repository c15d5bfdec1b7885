import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

const BOOTSTRAP = {
  session: { user: { id: 'u1', email: 'a@example.com' }, profile: { id: 'u1', username: 'ana', bio: '</script>' } },
  conversations: [{ id: 'room-1' }],
};

/** A page as the server sends it to a signed-in visit (server/src/webPage.ts), then the module fresh. */
async function load(json: string | null) {
  document.body.innerHTML = json === null ? '' : `<script type="application/json" id="parley-bootstrap">${json}</script>`;
  vi.resetModules();
  return import('./bootstrap.ts');
}

describe('the page bootstrap', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it("seeds the conversation list from the page's data, read once and removed from the page", async () => {
    const { readBootstrap, seedFromBootstrap } = await load(JSON.stringify(BOOTSTRAP).replace(/</g, '\\u003c'));
    const client = new QueryClient();
    seedFromBootstrap(client);
    expect(client.getQueryData(['chats'])).toEqual(BOOTSTRAP.conversations);
    expect(readBootstrap()?.session).toEqual(BOOTSTRAP.session);
    expect(document.getElementById('parley-bootstrap')).toBeNull();
  });

  it('is nothing without the element, when it is broken, and after sign-out', async () => {
    for (const json of [null, '{not json', '{"session":null,"conversations":[]}']) {
      const { readBootstrap, seedFromBootstrap } = await load(json);
      const client = new QueryClient();
      seedFromBootstrap(client);
      expect(readBootstrap()).toBeNull();
      expect(client.getQueryData(['chats'])).toBeUndefined();
    }
    const { readBootstrap, forgetBootstrap } = await load(JSON.stringify(BOOTSTRAP).replace(/</g, '\\u003c'));
    expect(readBootstrap()).not.toBeNull();
    forgetBootstrap();
    expect(readBootstrap()).toBeNull();
  });
});

describe('a page the service worker kept', () => {
  it('is fresh only when just rendered: an older copy makes the app check the session again', async () => {
    const now = Date.UTC(2026, 10, 24, 12);
    for (const [renderedAt, fresh] of [[now - 2_000, true], [now + 5_000, true], [now - 10 * 60_000, false], [undefined, false]] as const) {
      const { bootstrapIsFresh } = await load(JSON.stringify({ ...BOOTSTRAP, renderedAt }).replace(/</g, '\\u003c'));
      expect(bootstrapIsFresh(now), String(renderedAt)).toBe(fresh);
    }
    const { bootstrapIsFresh } = await load(null);
    expect(bootstrapIsFresh(now)).toBe(false);
  });
});
