import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ConversationListItem, SessionResponse } from '@parley/common';
import { languageDirection } from '@parley/common/i18n';
import type { LanguageCode } from '@parley/common/languages';
import { sessionFromRequest } from './auth/requireUser.ts';
import type { SessionStore } from './auth/sessions.ts';
import { listConversations } from './chat/rooms.ts';
import type { Db } from './db/connect.ts';
import { getProfile } from './profiles/service.ts';

/** What the signed-in list's first screen needs, embedded in the page (web/src/lib/bootstrap.ts reads it). */
export interface WebBootstrap {
  session: SessionResponse;
  conversations: ConversationListItem[];
  /** Server time of the render (ms): a copy the service worker kept is older, so the app checks it again. */
  renderedAt: number;
}

/** The web's server-side render of the list (web/src/prerender/signedInPage.tsx, built into dist/.ssr/). */
export interface SignedInRenderer {
  renderSignedInPage(input: { session: SessionResponse; conversations: ConversationListItem[]; language: LanguageCode }): Promise<string>;
}

/** Where the web build puts the server render; a dot folder, so the static files handler never serves it. */
export const SIGNED_IN_RENDERER = path.join('.ssr', 'signedInPage.js');

/** Rows of the list drawn on the server: more than any first screen, and a render stays a few ms (bench/ssr.bench.ts). */
export const DRAWN_ROWS = 20;

/** The element id the web reads the bootstrap from. */
export const BOOTSTRAP_ELEMENT_ID = 'parley-bootstrap';

/** The Vite module that is the signed-in app (App.tsx imports it lazily). */
const SIGNED_IN_ENTRY = 'src/features/shell/MainPage.tsx';

interface ManifestChunk { file: string; imports?: string[]; isEntry?: boolean }

/**
 * JSON that can sit inside a <script> element: `<`, `>`, `&` and the JavaScript line separators are
 * \u escapes (JSON.parse reads them back), so no value can close the element or open a comment.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The signed-in chunks (the app and what it imports), from Vite's build manifest, minus what index.html already loads. */
export function signedInChunks(distDir: string, indexHtml: string): string[] {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return [];
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    if (!chunk.isEntry) files.push(chunk.file);
    for (const child of chunk.imports ?? []) visit(child);
  };
  visit(SIGNED_IN_ENTRY);
  return files.filter((file) => !indexHtml.includes(`/${file}"`));
}

/**
 * GET / and /chat/:roomId with a live session cookie: index.html with `<link rel="modulepreload">`
 * for the signed-in chunks (they download beside the entry instead of after it) and the session and
 * conversation list as JSON (no API round trip before the first paint). GET / also arrives with the
 * list already drawn in the reader's language and the stylesheet inlined, so a phone paints it as soon
 * as the page is in, like /auth; the drawing is inert until the app renders the same screen over it.
 * The answer is personal: `private, no-store`, never the file the service worker precaches (that stays
 * the plain index.html). Returns false (the caller sends the plain page) without a live session.
 */
export function makeSignedInPage(distDir: string, deps: { db: Db; sessions: SessionStore; cookieName: string; log?: FastifyRequest['log'] }) {
  const indexPath = path.join(distDir, 'index.html');
  let template: { head: string; tail: string; styledHead: string } | null | undefined;
  const load = () => {
    if (template !== undefined) return template;
    if (!existsSync(indexPath)) return (template = null);
    const html = readFileSync(indexPath, 'utf8');
    const cut = html.indexOf('</head>');
    if (cut < 0) return (template = null);
    const preloads = signedInChunks(distDir, html).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
    const head = html.slice(0, cut) + preloads;
    return (template = { head, tail: html.slice(cut), styledHead: inlineStylesheet(distDir, head) });
  };
  let renderer: Promise<SignedInRenderer | null> | undefined;
  const loadRenderer = () =>
    (renderer ??= (async () => {
      const file = path.join(distDir, SIGNED_IN_RENDERER);
      if (!existsSync(file)) return null;
      return (await import(pathToFileURL(file).href)) as SignedInRenderer;
    })().catch((err: unknown) => {
      deps.log?.warn({ err }, 'signed-in page render module failed to load');
      return null;
    }));

  /** The list drawn in `language`, or '' (the page still works, drawn by the app) when it cannot be. */
  const drawList = async (request: FastifyRequest, input: Parameters<SignedInRenderer['renderSignedInPage']>[0]): Promise<string> => {
    try {
      const render = await loadRenderer();
      if (!render) return '';
      const markup = await render.renderSignedInPage(input);
      return `<div data-signed-in-language="${input.language}" inert style="display:contents">${markup}</div>`;
    } catch (err) {
      request.log.warn({ err }, 'signed-in page render failed; sending the page undrawn');
      return '';
    }
  };

  return async function sendSignedInPage(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const page = load();
    if (!page) return false;
    const session = await sessionFromRequest(request, deps.sessions, deps.cookieName);
    if (!session) return false;
    const [profile, conversations] = await Promise.all([getProfile(deps.db, session.userId), listConversations(deps.db, session.userId)]);
    const sessionResponse: SessionResponse = { user: { id: session.userId, email: session.email, ...(session.admin ? { admin: true } : {}) }, profile };
    const bootstrap: WebBootstrap = { session: sessionResponse, conversations, renderedAt: Date.now() };
    const script = `<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">${jsonForScript(bootstrap)}</script>`;
    // Only the list is drawn (a conversation needs its messages), and only once a language is chosen (else the
    // app asks for one first). A phone's first screen shows about eight rows: the first 20 are drawn (the app
    // renders them all from the data).
    const language = request.url.split('?')[0] === '/' ? profile.language : null;
    const list = language ? await drawList(request, { session: sessionResponse, conversations: conversations.slice(0, DRAWN_ROWS), language }) : '';
    const html = language && list
      ? withLanguage(page.styledHead, language) + script + page.tail.replace('<div id="root"></div>', () => `<div id="root">${list}</div>`)
      : page.head + script + page.tail;
    const accept = String(request.headers['accept-encoding'] ?? '');
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('vary', 'Cookie, Accept-Encoding');
    if (/\bbr\b/.test(accept)) {
      await reply.header('content-encoding', 'br').send(brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
    } else if (/\bgzip\b/.test(accept)) {
      await reply.header('content-encoding', 'gzip').send(gzipSync(html));
    } else {
      await reply.send(html);
    }
    return true;
  };
}

/** The page's `<link rel="stylesheet">` replaced by the stylesheet itself: the drawn list paints without another request. */
function inlineStylesheet(distDir: string, head: string): string {
  const link = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/.exec(head);
  if (!link?.[1] || !existsSync(path.join(distDir, link[1]))) return head;
  const css = readFileSync(path.join(distDir, link[1]), 'utf8').replace(/<\/style/gi, '<\\/style');
  return head.replace(link[0], () => `<style>${css}</style>`);
}

/** `<html lang dir>` of the language the page is drawn in. */
function withLanguage(head: string, language: LanguageCode): string {
  return head.replace(/<html[^>]*>/, () => `<html lang="${language}" dir="${languageDirection(language)}">`);
}
