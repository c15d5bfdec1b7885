import { VOICE_SOCKET_PATH } from '@parley/common';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signUpAndIn, useTestServer } from './helpers.ts';
import { TestSocket } from './realtimeClient.ts';

/** Every socket of a session (chat and voice) closes when the session ends, whatever ends it. */
const s = useTestServer({ env: { SESSION_IDLE_HOURS: '1', SESSION_ABSOLUTE_HOURS: '3' }, listen: true });

async function openVoice(cookie: string) {
  const ws = new WebSocket(`${s.base.replace('http', 'ws')}${VOICE_SOCKET_PATH}`, { headers: { cookie, origin: s.base } });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return { ws, closed };
}

async function openBoth(cookie: string) {
  const chat = await TestSocket.open(s.base, cookie);
  const voice = await openVoice(cookie);
  return { chat, voice };
}

const profile = (cookie: string) => s.app.inject({ url: '/api/profile', headers: { cookie } });

describe('sockets end with their session', () => {
  it('sign-out closes the chat and the voice socket of that session, not those of another session', async () => {
    const u = await signUpAndIn(s.app);
    const mine = await openBoth(u.cookie);
    const other = await signUpAndIn(s.app);
    const theirs = await openBoth(other.cookie);
    const out = await s.app.inject({ method: 'POST', url: '/api/auth/signout', headers: { cookie: u.cookie, 'sec-fetch-site': 'same-origin' } });
    expect(out.statusCode).toBe(204);
    expect(await mine.chat.waitClosed()).toBe(4001);
    expect(await mine.voice.closed).toBe(4001);
    expect(theirs.chat.closed).toBeNull();
    expect(theirs.voice.ws.readyState).toBe(WebSocket.OPEN);
    theirs.chat.close();
    theirs.voice.ws.close();
  });

  it('idle expiry closes both sockets at the next sweep', async () => {
    const u = await signUpAndIn(s.app);
    const { chat, voice } = await openBoth(u.cookie);
    s.clock.advance(59 * 60_000);
    await s.app.sessionWatch.sweep();
    expect(chat.closed).toBeNull();
    expect(voice.ws.readyState).toBe(WebSocket.OPEN);
    s.clock.advance(2 * 60_000);
    await s.app.sessionWatch.sweep();
    expect(await chat.waitClosed()).toBe(4001);
    expect(await voice.closed).toBe(4001);
    expect((await profile(u.cookie)).statusCode).toBe(401);
  });

  it('absolute expiry closes both sockets though the session was in use', async () => {
    const u = await signUpAndIn(s.app);
    const { chat, voice } = await openBoth(u.cookie);
    for (let i = 0; i < 5; i++) {
      s.clock.advance(35 * 60_000);
      expect((await profile(u.cookie)).statusCode).toBe(200);
      await s.app.sessionWatch.sweep();
    }
    expect(chat.closed).toBeNull();
    expect(voice.ws.readyState).toBe(WebSocket.OPEN);
    s.clock.advance(20 * 60_000); // 195 minutes: past the 3 h limit
    await s.app.sessionWatch.sweep();
    expect(await chat.waitClosed()).toBe(4001);
    expect(await voice.closed).toBe(4001);
  });

  it('an expiry noticed by a request closes the sockets too', async () => {
    const u = await signUpAndIn(s.app);
    const { chat, voice } = await openBoth(u.cookie);
    s.clock.advance(61 * 60_000);
    expect((await profile(u.cookie)).statusCode).toBe(401);
    expect(await chat.waitClosed()).toBe(4001);
    expect(await voice.closed).toBe(4001);
  });
});
