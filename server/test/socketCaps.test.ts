import { REALTIME_LIMITS, REALTIME_TOO_MANY_SOCKETS } from '@parley/common';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signIn, signUpAndIn, useTestServer } from './helpers.ts';
import { TestSocket } from './realtimeClient.ts';

/** Chat sockets are capped per session and per user (one session once opened 3,000), with close code 4008. */
const s = useTestServer({ listen: true });

/** A socket the server is expected to close at once: its close code and reason. */
function refused(cookie: string): Promise<{ code: number; reason: string }> {
  const ws = new WebSocket(`${s.base.replace(/^http/, 'ws')}/api/realtime`, { headers: { cookie, origin: s.base } });
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
}

describe('chat socket caps', () => {
  it('closes the socket over the per-session cap with 4008, while another session of the user still connects', async () => {
    const user = await signUpAndIn(s.app);
    const sockets = await Promise.all(Array.from({ length: REALTIME_LIMITS.socketsPerSession }, () => TestSocket.open(s.base, user.cookie)));
    expect(await refused(user.cookie)).toEqual({ code: REALTIME_TOO_MANY_SOCKETS.code, reason: 'too many sockets' });
    const other = await TestSocket.open(s.base, await signIn(s.app, user.email, user.password));
    // A closed one frees its place.
    sockets[0]!.close();
    await sockets[0]!.waitClosed();
    const again = await TestSocket.open(s.base, user.cookie);
    for (const socket of [...sockets.slice(1), other, again]) expect(socket.closed).toBeNull();
    for (const socket of [...sockets, other, again]) socket.close();
  });

  it('closes the socket over the per-user cap with 4008, whichever session opens it', async () => {
    const user = await signUpAndIn(s.app);
    const sessions = REALTIME_LIMITS.socketsPerUser / REALTIME_LIMITS.socketsPerSession;
    const cookies = [user.cookie];
    for (let i = 1; i <= sessions; i++) cookies.push(await signIn(s.app, user.email, user.password));
    const sockets: TestSocket[] = [];
    for (const cookie of cookies.slice(0, sessions)) {
      sockets.push(...(await Promise.all(Array.from({ length: REALTIME_LIMITS.socketsPerSession }, () => TestSocket.open(s.base, cookie)))));
    }
    expect(sockets).toHaveLength(REALTIME_LIMITS.socketsPerUser);
    expect(await refused(cookies[sessions]!)).toEqual({ code: 4008, reason: 'too many sockets' });
    // Someone else is not affected.
    const stranger = await signUpAndIn(s.app);
    const theirs = await TestSocket.open(s.base, stranger.cookie);
    expect(theirs.closed).toBeNull();
    for (const socket of [...sockets, theirs]) socket.close();
  });
});
