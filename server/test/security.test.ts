import type { DeviceSession } from '@parley/common';
import { describe, expect, it } from 'vitest';
import { describeUserAgent } from '../src/auth/devices.ts';
import { signUpAndIn, useTestServer } from './helpers.ts';
import { TestSocket } from './realtimeClient.ts';

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const s = useTestServer({ listen: true });

async function signInFrom(email: string, password: string, userAgent: string): Promise<string> {
  const res = await s.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password }, headers: { 'user-agent': userAgent } });
  expect(res.statusCode).toBe(200);
  return `${res.cookies[0]?.name}=${res.cookies[0]?.value}`;
}
const devices = async (cookie: string) => (await s.app.inject({ url: '/api/account/sessions', headers: { cookie } })).json() as DeviceSession[];
const sessionOk = async (cookie: string) => (await s.app.inject({ url: '/api/auth/session', headers: { cookie } })).statusCode === 200;

describe('signed-in devices', () => {
  it('lists the browser and system of each session, this one marked', async () => {
    const u = await signUpAndIn(s.app);
    const laptop = await signInFrom(u.email, u.password, CHROME_LINUX);
    await signInFrom(u.email, u.password, SAFARI_IPHONE);
    const list = await devices(laptop);
    expect(list).toHaveLength(3);
    expect(list.filter((d) => d.current)).toEqual([expect.objectContaining({ browser: 'Chrome', os: 'Linux' })]);
    expect(list.map((d) => `${d.browser} ${d.os}`)).toContain('Safari iOS');
    for (const d of list) expect(d.id).toMatch(/^[0-9a-f]{24}$/);
  });

  it('signs out one device (its socket closes); another user cannot, and gets the same 404 as a made-up id', async () => {
    const u = await signUpAndIn(s.app);
    const laptop = await signInFrom(u.email, u.password, CHROME_LINUX);
    const phone = await signInFrom(u.email, u.password, SAFARI_IPHONE);
    const socket = await TestSocket.open(s.base, phone);
    const target = (await devices(laptop)).find((d) => d.os === 'iOS')!;

    const stranger = await signUpAndIn(s.app);
    for (const [cookie, id] of [[stranger.cookie, target.id], [laptop, 'f'.repeat(24)], [laptop, 'not-an-id']] as const) {
      const res = await s.app.inject({ method: 'DELETE', url: `/api/account/sessions/${id}`, headers: { cookie } });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    expect(await sessionOk(phone)).toBe(true);

    expect((await s.app.inject({ method: 'DELETE', url: `/api/account/sessions/${target.id}`, headers: { cookie: laptop } })).statusCode).toBe(204);
    expect(await socket.waitClosed()).toBe(4001);
    expect(await sessionOk(phone)).toBe(false);
    expect(await sessionOk(laptop)).toBe(true);
  });

  it('"Sign out everywhere else" ends every other session and keeps this one', async () => {
    const u = await signUpAndIn(s.app);
    const laptop = await signInFrom(u.email, u.password, CHROME_LINUX);
    const phone = await signInFrom(u.email, u.password, SAFARI_IPHONE);
    expect((await s.app.inject({ method: 'POST', url: '/api/account/sessions/sign-out-others', headers: { cookie: laptop } })).statusCode).toBe(204);
    expect(await sessionOk(laptop)).toBe(true);
    expect(await sessionOk(phone)).toBe(false);
    expect(await sessionOk(u.cookie)).toBe(false);
    expect(await devices(laptop)).toHaveLength(1);
  });
});

describe('change password', () => {
  it('needs the current password: a wrong one is wrong_password and changes nothing', async () => {
    const u = await signUpAndIn(s.app);
    const res = await s.app.inject({ method: 'POST', url: '/api/account/password', headers: { cookie: u.cookie }, payload: { currentPassword: 'not it', newPassword: 'whatever new' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('wrong_password');
    const weak = await s.app.inject({ method: 'POST', url: '/api/account/password', headers: { cookie: u.cookie }, payload: { currentPassword: u.password, newPassword: '123' } });
    expect(weak.json().error.code).toBe('weak_password');
    expect((await s.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: u.email, password: u.password } })).statusCode).toBe(200);
  });

  it('sets the new password and ends the other sessions, not this one', async () => {
    const u = await signUpAndIn(s.app);
    const phone = await signInFrom(u.email, u.password, SAFARI_IPHONE);
    const res = await s.app.inject({ method: 'POST', url: '/api/account/password', headers: { cookie: u.cookie }, payload: { currentPassword: u.password, newPassword: 'my new secret' } });
    expect(res.statusCode).toBe(204);
    expect(await sessionOk(u.cookie)).toBe(true);
    expect(await sessionOk(phone)).toBe(false);
    expect((await s.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: u.email, password: u.password } })).statusCode).toBe(401);
    expect((await s.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: u.email, password: 'my new secret' } })).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/api/account/password', payload: { currentPassword: 'a', newPassword: 'b' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('describeUserAgent', () => {
  it('names common browsers and systems, and says nothing for an unknown one', () => {
    expect(describeUserAgent(CHROME_LINUX)).toEqual({ browser: 'Chrome', os: 'Linux' });
    expect(describeUserAgent(SAFARI_IPHONE)).toEqual({ browser: 'Safari', os: 'iOS' });
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0')).toEqual({ browser: 'Firefox', os: 'Windows' });
    expect(describeUserAgent('curl/8.0')).toEqual({ browser: null, os: null });
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null });
  });
});
