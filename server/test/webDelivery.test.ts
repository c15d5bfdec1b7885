import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOTSTRAP_ELEMENT_ID, jsonForScript, SIGNED_IN_RENDERER } from '../src/webPage.ts';
import { getTestServer, signUpAndIn, type TestServer } from './helpers.ts';

/**
 * The built web app as the server delivers it: precompressed brotli/gzip chosen by
 * Accept-Encoding, a year of immutable caching for hashed assets, no-cache for the entry points.
 */
const INDEX = '<!doctype html><html lang="en"><head><title>Parley</title><link rel="stylesheet" crossorigin href="/assets/index-Ss44.css"></head><body><div id="root"></div></body></html>';
const STYLESHEET = `.parley-shell{display:flex}${'a{color:blue}'.repeat(20)}`;
/** Stands in for the web's server render (web/src/prerender/signedInPage.tsx): shows what it was given. */
const RENDERER = `export async function renderSignedInPage({ session, conversations, language }) {
  if (session.profile.bio === 'THROW-RENDER') throw new Error('render broke');
  const given = JSON.stringify({ user: session.user.id, rooms: conversations.map((c) => c.id), language });
  return '<main data-testid="drawn">' + given.replace(/&/g, '&amp;').replace(/</g, '&lt;') + '</main>';
}`;
const SCRIPT = `console.log(${JSON.stringify('parley '.repeat(400))});`;
const AUTH_PAGE = `<!doctype html><html><head><style>${'main{color:red}'.repeat(100)}</style></head><body><div id="root"><main inert="">Sign In</main></div></body></html>`;

describe('web app delivery', () => {
  let server: TestServer;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'parley-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    const write = (name: string, body: string, compressed = true) => {
      writeFileSync(path.join(dist, name), body);
      if (!compressed) return;
      writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(body));
      writeFileSync(path.join(dist, `${name}.gz`), gzipSync(body));
    };
    write('index.html', INDEX);
    write('auth.html', AUTH_PAGE);
    write('assets/index-Ab12Cd34.js', SCRIPT);
    write('assets/tiny-Zz99.css', 'body{}', false); // too small to be worth compressing
    write('assets/index-Ss44.css', STYLESHEET);
    mkdirSync(path.join(dist, '.ssr'));
    writeFileSync(path.join(dist, SIGNED_IN_RENDERER), RENDERER);
    write('sw.js', 'self.addEventListener("fetch",()=>{});');
    write('manifest.webmanifest', '{"name":"Parley"}');
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify({
      'index.html': { file: 'assets/index-Ab12Cd34.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-Rr11.js' },
      'src/features/shell/MainPage.tsx': { file: 'assets/MainPage-Mm22.js', imports: ['index.html', '_react.js', '_client.js'] },
      '_client.js': { file: 'assets/client-Cc33.js' },
    }));
    server = await getTestServer({ env: { WEB_DIST_DIR: dist } });
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    server.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('serves brotli to a browser that accepts it, with the right type and Vary', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
  });

  it('serves gzip when brotli is not accepted, and the plain file when nothing is', async () => {
    const gz = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-Ab12Cd34.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('caches hashed assets for a year as immutable, compressed or not', async () => {
    for (const url of ['/assets/index-Ab12Cd34.js', '/assets/tiny-Zz99.css']) {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('revalidates index.html, the service worker and the manifest on every visit', async () => {
    // A client that accepts no compression (curl, a health probe) gets the plain page at / as well.
    const plain = await get('/');
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(INDEX);
    for (const url of ['/', '/index.html', '/sw.js', '/manifest.webmanifest']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
    }
  });

  it('client-side routes get index.html, compressed and not cached', async () => {
    const res = await get('/chat/123', 'gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(INDEX);
  });

  it('/auth gets the page with the sign-in screen prerendered, compressed and not cached', async () => {
    for (const url of ['/auth', '/auth?next=1']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(AUTH_PAGE);
    }
    // Every other client-side route keeps the empty shell (a signed-in user never sees the form flash).
    for (const url of ['/', '/profile', '/auth/other', '/chat/1']) {
      const res = await get(url, 'br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX);
    }
  });

  it('API misses stay JSON 404s, and an unknown asset is not answered with the page', async () => {
    const api = await get('/api/nothing-here', 'br');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: { code: 'not_found' } });
    const missing = await get('/assets/gone-123.js', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/json/);
  });

  describe('a signed-in visit to the list or a conversation', () => {
    const BIO = 'hi </script><script>alert(1)</script> <!-- & \u2028';
    let alice: Awaited<ReturnType<typeof signUpAndIn>>;
    let bob: Awaited<ReturnType<typeof signUpAndIn>>;
    let carol: Awaited<ReturnType<typeof signUpAndIn>>;
    let aliceBobRoom: string;

    beforeAll(async () => {
      [alice, bob, carol] = [await signUpAndIn(server.app), await signUpAndIn(server.app), await signUpAndIn(server.app)];
      const patched = await server.app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie: alice.cookie }, payload: { bio: BIO } });
      expect(patched.statusCode).toBe(200);
      const started = await server.app.inject({ method: 'POST', url: '/api/chats', headers: { cookie: alice.cookie }, payload: { userId: bob.id } });
      aliceBobRoom = (started.json() as { room: { id: string } }).room.id;
      // Bob and Carol's conversation is not Alice's business.
      await server.app.inject({ method: 'POST', url: '/api/chats', headers: { cookie: bob.cookie }, payload: { userId: carol.id } });
    });

    const page = async (url: string, cookie?: string) => {
      const res = await server.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) } });
      const html = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body;
      return { res, html };
    };
    const bootstrapOf = (html: string) => {
      const match = new RegExp(`<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">(.*?)</script>`, 's').exec(html);
      return match ? (JSON.parse(match[1] ?? '') as { session: { user: { id: string }; profile: { bio: string | null } }; conversations: { id: string }[] }) : null;
    };

    it("carries only the caller's session and conversations, the signed-in chunks to preload, and is never stored", async () => {
      for (const url of ['/', `/chat/${aliceBobRoom}`]) {
        const { res, html } = await page(url, alice.cookie);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        expect(res.headers['cache-control'], url).toMatch(/no-store/);
        expect(res.headers['cache-control'], url).toMatch(/private/);
        const bootstrap = bootstrapOf(html);
        expect(bootstrap?.session.user.id, url).toBe(alice.id);
        expect(bootstrap?.session.profile.bio, url).toBe(BIO);
        expect(bootstrap?.conversations.map((c) => c.id), url).toEqual([aliceBobRoom]);
        // Exactly what the API answers Alice (her partner's public details included), nothing of Bob and Carol's.
        const api = (path: string) => server.app.inject({ method: 'GET', url: path, headers: { cookie: alice.cookie } }).then((r) => r.json() as unknown);
        expect(bootstrap?.session).toEqual(await api('/api/auth/session'));
        expect(bootstrap?.conversations).toEqual(((await api('/api/chats')) as { conversations: unknown }).conversations);
        expect(html, url).not.toContain(carol.id);
        expect(html, url).not.toContain(carol.email);
        expect(html, url).not.toContain(carol.username);
        // The app's chunk and what it imports, but not the entry's own files again.
        expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/MainPage-Mm22.js">');
        expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/client-Cc33.js">');
        expect(html).toContain('href="/assets/react-Rr11.js"');
        expect(html).not.toContain('href="/assets/index-Ab12Cd34.js"');
      }
      const bobs = bootstrapOf((await page('/', bob.cookie)).html);
      expect(bobs?.session.user.id).toBe(bob.id);
      expect(bobs?.conversations).toHaveLength(2);
    });

    it('escapes what could end the script element', async () => {
      const { html } = await page('/', alice.cookie);
      const start = html.indexOf(`id="${BOOTSTRAP_ELEMENT_ID}">`);
      const body = html.slice(start, html.indexOf('</script>', start));
      expect(body).toContain(alice.id);
      expect(body).not.toMatch(/<\/?script|<!--/i);
      expect(body).toContain('\\u003c/script\\u003e');
      expect(JSON.parse(jsonForScript({ s: '</script><!--\u2028' }))).toEqual({ s: '</script><!--\u2028' });
      expect(jsonForScript({ s: '</script>' })).not.toContain('<');
    });

    it('is absent without a valid session: the plain, revalidated page', async () => {
      for (const cookie of [undefined, 'parley_session=not-a-session', `${alice.cookie}x`]) {
        const { res, html } = await page('/', cookie);
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(html).toBe(INDEX);
      }
      // Other pages and the file the service worker precaches never carry it.
      for (const url of ['/index.html', '/profile', '/auth']) {
        const { html } = await page(url, alice.cookie);
        expect(html, url).not.toContain(BOOTSTRAP_ELEMENT_ID);
      }
      const signedOut = await signUpAndIn(server.app);
      await server.app.inject({ method: 'POST', url: '/api/auth/signout', headers: { cookie: signedOut.cookie } });
      expect((await page('/', signedOut.cookie)).html).toBe(INDEX);
      // A session cookie no longer live: a cookie the page can read tells the app to forget that session first.
      for (const url of ['/', '/chat/1']) {
        const ended = (await page(url, signedOut.cookie)).res.headers['set-cookie'];
        expect(String(ended), url).toMatch(/^parley_session_ended=1; Path=\/; SameSite=Lax$/);
      }
      expect((await page('/', undefined)).res.headers['set-cookie']).toBeUndefined();
      expect((await page('/', alice.cookie)).res.headers['set-cookie']).toBeUndefined();
    });

    describe('the list drawn on the server (GET /)', () => {
      const drawnOf = (html: string) => {
        const match = /<div id="root"><div data-signed-in-language="([a-z]+)" inert style="display:contents"><main data-testid="drawn">(.*?)<\/main><\/div><\/div>/s.exec(html);
        return match ? { language: match[1], given: JSON.parse((match[2] ?? '').replace(/&lt;/g, '<').replace(/&amp;/g, '&')) as { user: string; rooms: string[]; language: string } } : null;
      };
      const chooseLanguage = async (cookie: string, language: string) => {
        const res = await server.app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie }, payload: { language } });
        expect(res.statusCode).toBe(200);
      };

      it("draws the caller's own list in their language, inert, with the stylesheet inlined and the page's direction", async () => {
        const dave = await signUpAndIn(server.app);
        await chooseLanguage(dave.cookie, 'ar');
        const started = await server.app.inject({ method: 'POST', url: '/api/chats', headers: { cookie: dave.cookie }, payload: { userId: bob.id } });
        const room = (started.json() as { room: { id: string } }).room.id;
        const before = Date.now();
        const { res, html } = await page('/', dave.cookie);
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(drawnOf(html)).toEqual({ language: 'ar', given: { user: dave.id, rooms: [room], language: 'ar' } });
        expect(html).toContain('<html lang="ar" dir="rtl">');
        expect(html).toContain(`<style>${STYLESHEET}</style>`);
        expect(html).not.toContain('rel="stylesheet"');
        // The data the app takes over with is the same page's, stamped with the time it was drawn.
        const bootstrap = bootstrapOf(html) as unknown as { session: { user: { id: string } }; conversations: { id: string }[]; renderedAt: number };
        expect(bootstrap.session.user.id).toBe(dave.id);
        expect(bootstrap.conversations.map((c) => c.id)).toEqual([room]);
        expect(bootstrap.renderedAt).toBeGreaterThanOrEqual(before);
        expect(bootstrap.renderedAt).toBeLessThanOrEqual(Date.now());
      });

      it('draws nothing for a conversation, nor before a language is chosen (the app asks for one first)', async () => {
        const erin = await signUpAndIn(server.app);
        const fresh = await page('/', erin.cookie);
        expect(bootstrapOf(fresh.html)?.session.user.id).toBe(erin.id);
        expect(fresh.html).toContain('<div id="root"></div>');
        expect(fresh.html).toContain('rel="stylesheet"');
        await chooseLanguage(erin.cookie, 'de');
        expect(drawnOf((await page('/', erin.cookie)).html)?.language).toBe('de');
        const started = await server.app.inject({ method: 'POST', url: '/api/chats', headers: { cookie: erin.cookie }, payload: { userId: bob.id } });
        const room = (started.json() as { room: { id: string } }).room.id;
        const conversation = await page(`/chat/${room}`, erin.cookie);
        expect(bootstrapOf(conversation.html)?.session.user.id).toBe(erin.id);
        expect(conversation.html).toContain('<div id="root"></div>');
      });

      it('a render that fails still sends the page, undrawn, with its data', async () => {
        const frank = await signUpAndIn(server.app);
        await chooseLanguage(frank.cookie, 'en');
        await server.app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie: frank.cookie }, payload: { bio: 'THROW-RENDER' } });
        const { res, html } = await page('/', frank.cookie);
        expect(res.statusCode).toBe(200);
        expect(bootstrapOf(html)?.session.user.id).toBe(frank.id);
        expect(html).toContain('<div id="root"></div>');
      });

      it('never serves the render module or the build manifest', async () => {
        for (const url of [`/${SIGNED_IN_RENDERER}`, '/.vite/manifest.json']) {
          const { html } = await page(url);
          expect(html, url).not.toContain('renderSignedInPage');
          expect(html, url).not.toContain('MainPage-Mm22');
        }
      });
    });
  });
});
