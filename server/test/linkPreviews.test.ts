import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { AccountExport, ChatMessage, LinkPreviewResponse } from '@parley/common';
import { getTestServer, signUpSpeaking, uniqueUser, type TestServer } from './helpers.ts';
import { pngImage } from './images.ts';
import { until } from './support/poll.ts';

/**
 * Link previews (issue 36 item 3) with a real local site (node:http, in LINK_PREVIEW_ALLOWED_ORIGINS), real Apertium
 * translating the card per reader language, on PGlite or PostgreSQL (TEST_DB). Limits are lowered so that they show
 * with small pages: 1.5 s, 64 kB of HTML.
 */
let s: TestServer;
let site: http.Server;
let origin: string;
const hits = new Map<string, number>();
const cookiesSeen: (string | undefined)[] = [];
const agents: (string | undefined)[] = [];
type Person = Awaited<ReturnType<typeof signUpSpeaking>>;
let ana: Person; // English, sends; an admin
let bruno: Person; // Spanish
let chloe: Person; // French
let stranger: Person;
let roomId: string;

const article = (title: string, description: string, image = '/img.png') => `<!doctype html><html><head>
  <meta charset="utf-8"><title>Fallback title</title>
  <meta property="og:title" content="${title}">
  <meta property="og:description" content="${description}">
  <meta property="og:site_name" content="Local News">
  <meta property="og:image" content="${image}">
</head><body><p>Body text</p></body></html>`;

beforeAll(async () => {
  const png = await pngImage(800, 400);
  site = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    cookiesSeen.push(req.headers.cookie);
    agents.push(req.headers['user-agent']);
    const html = (body: string) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'set-cookie': 'tracker=1; Path=/' }).end(body);
    if (path.startsWith('/article') || path.startsWith('/counted') || path.startsWith('/switch')) return html(article('The train leaves at nine in the morning', 'Please bring your passport'));
    if (path === '/plain-title') return html('<html><head><title>Station &amp; platform guide</title><meta name="description" content="Where the trains stop"></head></html>');
    if (path === '/img.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (path === '/fake-image') return html(article('A page with a fake image', 'Its image is HTML', '/not-an-image'));
    if (path === '/not-an-image') return res.writeHead(200, { 'content-type': 'image/png' }).end('<html>not a picture</html>');
    if (path === '/text') return res.writeHead(200, { 'content-type': 'text/plain' }).end('just text');
    if (path === '/big') return html(`<html><head><title>Big</title></head><body>${'x'.repeat(200 * 1024)}</body></html>`);
    if (path === '/slow') return; // never answers
    const hop = /^\/hop(\d)$/.exec(path);
    if (hop) {
      const n = Number(hop[1]);
      return res.writeHead(302, { location: n > 1 ? `/hop${n - 1}` : '/article-after-hops' }).end();
    }
    if (path === '/away') return res.writeHead(302, { location: `http://localhost:${(site.address() as AddressInfo).port}/article` }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const admin = uniqueUser('lpadmin');
  s = await getTestServer({
    env: { LINK_PREVIEW_ALLOWED_ORIGINS: origin, ADMIN_EMAILS: admin.email },
    // The server's own 5 s fetch limit: a shorter one lost the image of a card on a busy machine (the test run's load).
    linkPreviews: { limits: { pageMaxBytes: 64 * 1024 }, pollMs: 100 },
  });
  [ana, bruno, chloe, stranger] = [
    await signUpSpeaking(s.app, 'en', admin), await signUpSpeaking(s.app, 'es'), await signUpSpeaking(s.app, 'fr'), await signUpSpeaking(s.app, 'en'),
  ];
  const res = await s.app.inject({ method: 'POST', url: '/api/groups', payload: { name: 'Trip', memberIds: [bruno.id, chloe.id] }, headers: { cookie: ana.cookie } });
  roomId = res.json().room.id;
}, 60_000);
afterAll(async () => {
  await s?.close();
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
});

const api = (who: Person, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  s.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { cookie: who.cookie } });
let sends = 0;
async function send(who: Person, content: string, extra: object = {}, room = roomId): Promise<ChatMessage> {
  const res = await api(who, 'POST', `/api/chats/${room}/messages`, { content, clientId: `lp-${++sends}-${Date.now()}`, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().message as ChatMessage;
}
const history = async (who: Person, room = roomId) => (await api(who, 'GET', `/api/chats/${room}/messages`)).json().messages as ChatMessage[];
const seenBy = async (who: Person, id: string, room = roomId) => (await history(who, room)).find((m) => m.id === id);
const withCard = async (who: Person, id: string, room = roomId) =>
  (await until(`card of ${id}`, async () => (await seenBy(who, id, room))?.link_preview ?? null, (v) => v !== null, { timeoutMs: 120_000, everyMs: 100 }))!;
const composer = async (url: string) => (await api(bruno, 'POST', '/api/link-previews', { url })).json() as LinkPreviewResponse;
const cacheRow = (url: string) => s.database.db.selectFrom('link_previews').selectAll().where('url', '=', url).executeTakeFirst();
const jobsFor = async (messageId: string) =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM pgboss.job WHERE name = 'link-previews' AND data->>'messageId' = ${messageId}`.execute(s.database.db)).rows[0]!.n);

describe('a message with a link', () => {
  it('gets a card fetched by the server, its title and description translated for each reader, its image served to members only', async () => {
    const message = await send(ana, `Our plan: ${origin}/article?day=1.`);
    const spanish = await withCard(bruno, message.id);
    expect(spanish).toMatchObject({ url: `${origin}/article?day=1`, siteName: 'Local News', translated: true, original: { title: 'The train leaves at nine in the morning', description: 'Please bring your passport' } });
    expect(spanish.title).toMatch(/tren/i);
    expect(spanish.description).toMatch(/pasaporte/i);
    const french = (await withCard(chloe, message.id));
    expect(french.translated).toBe(true);
    expect(french.description).toMatch(/passeport/i);
    // The sender reads the card in their own language: here the page's own words.
    expect(await withCard(ana, message.id)).toMatchObject({ title: 'The train leaves at nine in the morning', translated: false });

    expect(spanish.image).toBe(`/api/chats/${roomId}/messages/${message.id}/link-preview/image`);
    expect(spanish.imageWidth).toBe(600);
    const image = await api(chloe, 'GET', spanish.image!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    // Anyone else: the room's 404, the same as for a room that does not exist; the public storage route never serves it.
    const notMine = await api(stranger, 'GET', spanish.image!);
    const noRoom = await api(stranger, 'GET', `/api/chats/00000000-0000-4000-8000-000000000000/messages/${message.id}/link-preview/image`);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toEqual(noRoom.json());
    const row = await cacheRow(`${origin}/article?day=1`);
    expect((await s.app.inject({ url: `/storage/link-previews/${row!.image_key}` })).statusCode).toBe(404);

    // Fetched as Parley, with no cookie though the site set one.
    expect(agents.at(-1)).toMatch(/Parley/);
    expect(cookiesSeen.every((c) => c === undefined)).toBe(true);
  }, 180_000);

  it('reuses the cached card across messages and rooms (one fetch of the page)', async () => {
    const pair = (await s.app.inject({ method: 'POST', url: '/api/chats', payload: { userId: bruno.id }, headers: { cookie: chloe.cookie } })).json().room.id as string;
    const first = await send(ana, `${origin}/counted`);
    await withCard(bruno, first.id);
    const second = await send(chloe, `see ${origin}/counted#top`, {}, pair);
    expect((await withCard(bruno, second.id, pair)).siteName).toBe('Local News');
    expect(hits.get('/counted')).toBe(1);
  }, 180_000);

  it('reads <title> and the description when a page has no Open Graph tags; the site name falls back to the host', async () => {
    const card = await composer(`${origin}/plain-title`);
    expect(card).toMatchObject({ enabled: true, preview: { title: 'Station & platform guide', description: 'Where the trains stop', siteName: '127.0.0.1', image: null } });
  });

  it('makes no card when the sender removed it before sending (no job at all), from the outbox too', async () => {
    const removed = await send(ana, `not this one ${origin}/article?removed`, { linkPreview: false });
    const kept = await send(ana, `this one ${origin}/article?kept`);
    await withCard(bruno, kept.id);
    expect(await jobsFor(removed.id)).toBe(0);
    expect((await seenBy(bruno, removed.id))?.link_preview).toBeUndefined();
    // The outbox retries with the same client id and the same flag: still nothing.
    const retry = await api(ana, 'POST', `/api/chats/${roomId}/messages`, { content: removed.content, clientId: removed.client_id, linkPreview: false });
    expect(retry.statusCode).toBe(200);
    expect(await jobsFor(removed.id)).toBe(0);
  }, 180_000);
});

describe('the outgoing-request guard and its limits', () => {
  it('refuses what is not HTML, too large, too slow, too many redirects, and a redirect away from the allowed origin', async () => {
    expect((await composer(`${origin}/text`)).preview).toBeNull();
    expect((await cacheRow(`${origin}/text`))?.problem).toBe('wrong_type');
    expect((await composer(`${origin}/big`)).preview).toBeNull();
    expect((await cacheRow(`${origin}/big`))?.problem).toBe('too_large');
    expect((await composer(`${origin}/slow`)).preview).toBeNull();
    expect((await cacheRow(`${origin}/slow`))?.problem).toBe('timeout');
    expect((await composer(`${origin}/hop4`)).preview).toBeNull();
    expect((await cacheRow(`${origin}/hop4`))?.problem).toBe('too_many_redirects');
    expect((await composer(`${origin}/hop3`)).preview?.title).toBe('The train leaves at nine in the morning');
    expect((await composer(`${origin}/away`)).preview).toBeNull();
    expect((await cacheRow(`${origin}/away`))?.problem).toBe('refused');
  }, 60_000);

  it('refuses private addresses and plain http outside the allowed origins (the page is never asked)', async () => {
    const port = (site.address() as AddressInfo).port;
    for (const url of [`http://localhost:${port}/article`, `https://127.0.0.1:${port}/article`, 'http://10.1.2.3/', 'https://192.168.1.1/admin', 'https://[::1]/']) {
      expect((await composer(url)).preview, url).toBeNull();
      expect((await cacheRow(new URL(url).toString()))?.problem, url).toBe('refused');
    }
    const before = hits.get('/article') ?? 0;
    const message = await send(ana, `http://localhost:${port}/article and ${origin}/article?after`);
    // Only the first link counts, and it is refused: no card, the page not fetched.
    const later = await send(ana, `${origin}/article-marker`);
    await withCard(bruno, later.id);
    await until('the refused link was judged', () => cacheRow(`http://localhost:${port}/article`));
    expect((await seenBy(bruno, message.id))?.link_preview).toBeUndefined();
    expect(hits.get('/article') ?? 0).toBe(before);
  }, 120_000);

  it('keeps a card without an image when the "image" is not one (type told by its bytes)', async () => {
    const card = await composer(`${origin}/fake-image`);
    expect(card.preview?.title).toBe('A page with a fake image');
    expect((await cacheRow(`${origin}/fake-image`))?.image_key).toBeNull();
  });

  it('refuses a malformed URL with 400 link_url_invalid, and a visitor with 401', async () => {
    const bad = await api(bruno, 'POST', '/api/link-previews', { url: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('link_url_invalid');
    expect((await s.app.inject({ method: 'POST', url: '/api/link-previews', payload: { url: `${origin}/article` } })).statusCode).toBe(401);
  });
});

describe('everywhere a message goes', () => {
  it('search finds a message by its card title; the export has the card; a report keeps it; deleting the message removes it', async () => {
    const message = await send(ana, `${origin}/article?everywhere`);
    await withCard(bruno, message.id);

    const found = (await api(bruno, 'GET', `/api/messages/search?q=${encodeURIComponent('leaves at nine')}`)).json().results as { id: string }[];
    expect(found.map((r) => r.id)).toContain(message.id);

    const exported = (await api(ana, 'GET', '/api/account/export')).json() as AccountExport;
    const mine = exported.conversations.flatMap((c) => c.messages).find((m) => m.id === message.id);
    expect(mine?.linkPreview).toMatchObject({ url: `${origin}/article?everywhere`, title: 'The train leaves at nine in the morning', siteName: 'Local News' });
    expect(mine?.linkPreview?.translations.es?.title).toMatch(/tren/i);

    const report = await api(bruno, 'POST', '/api/reports', { userId: ana.id, messageId: message.id, reason: 'Spam link' });
    expect(report.statusCode).toBe(201);
    const reported = () => s.database.db.selectFrom('reports').select('link_preview').where('message_id', '=', message.id).executeTakeFirstOrThrow();
    const kept = await reported();
    expect(kept.link_preview).toMatchObject({ title: 'The train leaves at nine in the morning' });
    // The operators' queue shows it beside the reported text.
    const queue = (await api(ana, 'GET', '/api/admin/reports')).json().reports as { messageId: string; linkPreview: { title: string; url: string } | null }[];
    expect(queue.find((r) => r.messageId === message.id)?.linkPreview).toMatchObject({ title: 'The train leaves at nine in the morning', url: `${origin}/article?everywhere` });

    const image = `/api/chats/${roomId}/messages/${message.id}/link-preview/image`;
    expect((await api(bruno, 'GET', image)).statusCode).toBe(200);
    expect((await api(ana, 'DELETE', `/api/chats/${roomId}/messages/${message.id}`)).statusCode).toBe(200);
    expect((await seenBy(bruno, message.id))?.link_preview).toBeUndefined();
    expect((await s.database.db.selectFrom('messages').select('link_preview').where('id', '=', message.id as never).executeTakeFirstOrThrow()).link_preview).toBeNull();
    expect((await api(bruno, 'GET', image)).statusCode).toBe(404);
    // The report still has it as evidence.
    expect((await reported()).link_preview).toMatchObject({ title: 'The train leaves at nine in the morning' });
  }, 180_000);

  it('an edit keeps the card while its link stays the first, and drops it when the link goes', async () => {
    const message = await send(ana, `${origin}/article?edit`);
    await withCard(bruno, message.id);
    const edit = (content: string) => api(ana, 'PATCH', `/api/chats/${roomId}/messages/${message.id}`, { content });
    const kept = await edit(`Read this: ${origin}/article?edit`);
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await seenBy(bruno, message.id))?.link_preview?.url).toBe(`${origin}/article?edit`);
    expect((await edit('No link any more')).statusCode).toBe(200);
    expect((await seenBy(bruno, message.id))?.link_preview).toBeUndefined();
  }, 180_000);

  it('an erased account takes its messages and their cards; the cache row of the page stays (it is not personal)', async () => {
    const dora = await signUpSpeaking(s.app, 'en');
    const pair = (await s.app.inject({ method: 'POST', url: '/api/chats', payload: { userId: bruno.id }, headers: { cookie: dora.cookie } })).json().room.id as string;
    const message = await send(dora, `${origin}/article?dora`, {}, pair);
    await withCard(bruno, message.id, pair);
    expect((await api(dora, 'POST', '/api/account/delete', { password: dora.password, eraseMessages: true })).statusCode).toBe(204);
    expect(await s.database.db.selectFrom('messages').select('id').where('id', '=', message.id as never).executeTakeFirst()).toBeUndefined();
    expect(await cacheRow(`${origin}/article?dora`)).toMatchObject({ status: 'ok' });
  }, 180_000);
});

describe('the operators\' switch', () => {
  it('turned off: no job, no card, the composer says off; audited; on again: cards again', async () => {
    const off = await api(ana, 'PUT', '/api/admin/link-previews', { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((await api(bruno, 'PUT', '/api/admin/link-previews', { enabled: true })).statusCode).toBe(403);
    expect(await composer(`${origin}/switch`)).toEqual({ enabled: false, preview: null });
    const during = await send(ana, `${origin}/switch?off`);
    expect(await jobsFor(during.id)).toBe(0);

    expect((await api(ana, 'PUT', '/api/admin/link-previews', { enabled: true })).json()).toEqual({ enabled: true });
    expect((await api(ana, 'GET', '/api/admin/link-previews')).json()).toEqual({ enabled: true });
    const after = await send(ana, `${origin}/switch?on`);
    await withCard(bruno, after.id);
    expect((await seenBy(bruno, during.id))?.link_preview).toBeUndefined();
    const audit = (await api(ana, 'GET', '/api/admin/audit?action=link_previews.changed')).json();
    expect(JSON.stringify(audit)).toContain('link_previews.changed');
  }, 120_000);
});
