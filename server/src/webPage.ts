import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ConversationListItem, SessionResponse } from '@parley/common';
import { sessionFromRequest } from './auth/requireUser.ts';
import type { SessionStore } from './auth/sessions.ts';
import { listConversations } from './chat/rooms.ts';
import type { Db } from './db/connect.ts';
import { getProfile } from './profiles/service.ts';

/** What the signed-in list's first screen needs, embedded in the page (web/src/lib/bootstrap.ts reads it). */
export interface WebBootstrap {
  session: SessionResponse;
  conversations: ConversationListItem[];
}

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
 * conversation list as JSON (no API round trip before the first paint). The answer is personal:
 * `private, no-store`, never the file the service worker precaches (that stays the plain index.html).
 * Returns false (the caller sends the plain page) without a live session.
 */
export function makeSignedInPage(distDir: string, deps: { db: Db; sessions: SessionStore; cookieName: string }) {
  const indexPath = path.join(distDir, 'index.html');
  let template: { head: string; tail: string } | null | undefined;
  const load = () => {
    if (template !== undefined) return template;
    if (!existsSync(indexPath)) return (template = null);
    const html = readFileSync(indexPath, 'utf8');
    const cut = html.indexOf('</head>');
    if (cut < 0) return (template = null);
    const preloads = signedInChunks(distDir, html).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
    return (template = { head: html.slice(0, cut) + preloads, tail: html.slice(cut) });
  };

  return async function sendSignedInPage(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const page = load();
    if (!page) return false;
    const session = await sessionFromRequest(request, deps.sessions, deps.cookieName);
    if (!session) return false;
    const [profile, conversations] = await Promise.all([getProfile(deps.db, session.userId), listConversations(deps.db, session.userId)]);
    const bootstrap: WebBootstrap = { session: { user: { id: session.userId, email: session.email }, profile }, conversations };
    const html = `${page.head}<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">${jsonForScript(bootstrap)}</script>${page.tail}`;
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
