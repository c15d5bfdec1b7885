/**
 * The server's render of the signed-in list (web/src/prerender/signedInPage.tsx, as built into
 * web/dist/.ssr/): how long one GET / holds the event loop, by list length. server/src/webPage.ts draws
 * at most DRAWN_ROWS rows. Needs the built web app (npm run build).
 * Run: node --import tsx bench/ssr.bench.ts
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ConversationListItem } from '@parley/common';
import { DRAWN_ROWS, SIGNED_IN_RENDERER, type SignedInRenderer } from '../server/src/webPage.ts';
import { table } from './stats.ts';

const file = path.resolve(import.meta.dirname, '../web/dist', SIGNED_IN_RENDERER);
const { renderSignedInPage } = (await import(pathToFileURL(file).href)) as SignedInRenderer;

const session = {
  user: { id: 'u1', email: 'ana@example.com' },
  profile: { id: 'u1', username: 'ana', email: 'ana@example.com', language: 'de' as const, bio: null, avatar_url: null },
};
const conversation = (i: number): ConversationListItem => ({
  id: `room-${i}`,
  kind: 'direct',
  name: 'Chat',
  memberCount: 2,
  avatarInitials: 'P',
  register: null,
  isAdmin: false,
  created_at: new Date().toISOString(),
  lastMessage: { content: 'See you at the station at five, by the main entrance?', created_at: new Date().toISOString(), sender_username: `partner${i}`, isFromCurrentUser: false },
  otherUser: { id: `u${i + 2}`, username: `partner${i}`, email: `partner${i}@example.com`, language: 'es' },
  unreadCount: i % 3,
});

const rows: [string, string][] = [['conversations drawn', 'p50 ms  p95 ms  (100 renders, German)']];
for (const n of [0, 8, DRAWN_ROWS, 100]) {
  const conversations = Array.from({ length: n }, (_, i) => conversation(i));
  for (let i = 0; i < 20; i += 1) await renderSignedInPage({ session, conversations, language: 'de' });
  const times: number[] = [];
  for (let i = 0; i < 100; i += 1) {
    const start = performance.now();
    await renderSignedInPage({ session, conversations, language: 'de' });
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  rows.push([String(n), `${times[50]?.toFixed(2)}  ${times[95]?.toFixed(2)}`]);
}
table(rows);
