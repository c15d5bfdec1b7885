import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestServer, type TestServer } from './helpers.ts';

/**
 * The built web app as the server delivers it: precompressed brotli/gzip chosen by
 * Accept-Encoding, a year of immutable caching for hashed assets, no-cache for the entry points.
 */
const INDEX = '<!doctype html><html><head><title>Parley</title></head><body><div id="root"></div></body></html>';
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
    write('sw.js', 'self.addEventListener("fetch",()=>{});');
    write('manifest.webmanifest', '{"name":"Parley"}');
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
});
