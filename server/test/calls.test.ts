import { CALL_API, CALL_CLOSE, type CallCapabilities, type CallInfo, type ChatMessage, type ServerEvent } from '@parley/common';
import { describe, expect, it } from 'vitest';
import { CallSocket } from './callClient.ts';
import { signUpAndIn, signUpSpeaking, uniqueUser, useTestServer } from './helpers.ts';
import { TestSocket } from './realtimeClient.ts';

/**
 * Calls, signalling and access (issue 26): ringing on every device, accept once, decline, cancel, busy, missed,
 * blocked, non-members, sign-out, connection lost, bad frames on the media socket. One server, short timers.
 */
const operator = uniqueUser('op');
const s = useTestServer({ env: { CALL_RING_SECONDS: '1.5', CALL_RECONNECT_GRACE_SECONDS: '3', CALL_KEEPALIVE_SECONDS: '0.5', ADMIN_EMAILS: operator.email }, listen: true });

type Person = Awaited<ReturnType<typeof signUpAndIn>>;
const req = (who: Person | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
  s.app.inject({ method, url, ...(payload ? { payload } : {}), headers: who ? { cookie: who.cookie } : {} });

const person = (language: string) => signUpSpeaking(s.app, language);

async function pair(a: Person, b: Person): Promise<string> {
  const res = await req(a, 'POST', '/api/chats', { userId: b.id });
  expect(res.statusCode, res.body).toBeLessThan(300);
  const body = res.json() as { room?: { id: string }; id?: string };
  return body.room?.id ?? body.id ?? '';
}

async function call(caller: Person, roomId: string): Promise<CallInfo> {
  const res = await req(caller, 'POST', CALL_API.start, { roomId });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { call: CallInfo }).call;
}

const accept = (who: Person, callId: string, deviceId: string) => req(who, 'POST', CALL_API.accept(callId), { deviceId });
const ended = (socket: TestSocket, callId: string) => socket.next((e) => e.type === 'call.ended' && e.call.id === callId) as Promise<Extract<ServerEvent, { type: 'call.ended' }>>;
const lineOf = (socket: TestSocket, roomId: string, kind: string) =>
  socket.next((e) => e.type === 'message.created' && e.message.chat_room_id === roomId && e.message.system_event?.kind === kind) as Promise<{ message: ChatMessage }>;

describe('calling', () => {
  it('rings every device of the callee; the first accept wins, the second device hears "answered on another device"; hang-up leaves "Call, n min"', async () => {
    const [ana, li] = [await person('en'), await person('es')];
    const roomId = await pair(ana, li);
    const [anaWs, liPhone, liLaptop] = await Promise.all([TestSocket.open(s.base, ana.cookie), TestSocket.open(s.base, li.cookie), TestSocket.open(s.base, li.cookie)]);

    const capabilities = (await req(ana, 'GET', CALL_API.capabilities(roomId))).json() as CallCapabilities;
    expect(capabilities).toMatchObject({ callable: true, reason: null, self: { language: 'en', recognised: true, spoken: true }, partner: { userId: li.id, language: 'es', recognised: false, spoken: true } });

    const c = await call(ana, roomId);
    expect(c).toMatchObject({ state: 'ringing', caller: { id: ana.id, language: 'en' }, callee: { id: li.id, language: 'es' }, answeredAt: null });
    for (const ws of [liPhone, liLaptop, anaWs]) expect((await ws.next('call.ringing')).call.id).toBe(c.id);
    expect(((await req(li, 'GET', CALL_API.current)).json() as { call: CallInfo }).call.id).toBe(c.id);

    const first = await accept(li, c.id, 'phone');
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as { call: CallInfo }).call.state).toBe('active');
    const second = await accept(li, c.id, 'laptop');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error: { code: 'call_answered_elsewhere' } });
    // The laptop was ringing: it learns another device (not itself) answered.
    expect(await liLaptop.next('call.accepted')).toMatchObject({ deviceId: 'phone', call: { id: c.id, state: 'active' } });
    expect((await req(ana, 'POST', CALL_API.decline(c.id))).statusCode).toBe(404); // the caller cannot decline

    const [anaMedia, liMedia] = await Promise.all([CallSocket.open(s.base, ana.cookie, c.id), CallSocket.open(s.base, li.cookie, c.id)]);
    expect(await anaMedia.next('call.ready')).toMatchObject({ self: { userId: ana.id, recognised: true }, partner: { userId: li.id, language: 'es', recognised: false, spoken: true } });
    await Promise.all([anaMedia.next('timer.started'), liMedia.next('timer.started')]);

    // Mute is told to the partner; transcript agreement is shown to both.
    anaMedia.send({ type: 'mute', muted: true });
    expect(await liMedia.next('partner.muted')).toEqual({ type: 'partner.muted', muted: true });
    anaMedia.send({ type: 'transcript.consent', agree: true });
    expect(await liMedia.next((e) => e.type === 'transcript.consent' && e.partner)).toEqual({ type: 'transcript.consent', self: false, partner: true });

    const hangup = await req(li, 'POST', CALL_API.end(c.id));
    expect((hangup.json() as { call: CallInfo }).call).toMatchObject({ state: 'ended', endReason: 'hangup', endedBy: li.id });
    expect(await anaMedia.next('call.ended')).toMatchObject({ call: { endReason: 'hangup' } });
    expect(await anaMedia.waitClosed()).toBe(CALL_CLOSE.ended.code);
    expect((await ended(anaWs, c.id)).call.endReason).toBe('hangup');
    const line = await lineOf(anaWs, roomId, 'call_completed');
    expect(line.message.system_event).toMatchObject({ actor: { id: ana.id }, target: { id: li.id }, durationSeconds: expect.any(Number) });
    expect(line.message.content).toBe('');
    expect((await req(ana, 'GET', CALL_API.current)).json()).toEqual({ call: null });
    // Ended: too late to accept.
    expect((await accept(li, c.id, 'phone')).json()).toMatchObject({ error: { code: 'call_ended' } });
    for (const ws of [anaWs, liPhone, liLaptop]) ws.close();
  });

  it('declined, cancelled and missed calls each leave their line; calling someone in a call is "busy"', async () => {
    const [ana, li, bo] = [await person('en'), await person('es'), await person('fr')];
    const roomId = await pair(ana, li);
    const boRoom = await pair(bo, li);
    const anaWs = await TestSocket.open(s.base, ana.cookie);

    const declined = await call(ana, roomId);
    expect((await req(li, 'POST', CALL_API.decline(declined.id))).json()).toMatchObject({ call: { endReason: 'declined', endedBy: li.id } });
    await lineOf(anaWs, roomId, 'call_declined');

    const cancelled = await call(ana, roomId);
    expect((await req(li, 'POST', CALL_API.end(cancelled.id))).statusCode).toBe(409); // the callee declines instead
    expect((await req(ana, 'POST', CALL_API.end(cancelled.id))).json()).toMatchObject({ call: { endReason: 'cancelled' } });
    await lineOf(anaWs, roomId, 'call_cancelled');

    const ringing = await call(ana, roomId);
    // Li is being called: Bo's call ends at once as busy, and Ana cannot start a second call.
    const busy = await call(bo, boRoom);
    expect(busy).toMatchObject({ state: 'ended', endReason: 'busy' });
    expect((await req(ana, 'POST', CALL_API.start, { roomId })).json()).toMatchObject({ error: { code: 'already_in_call' } });
    // Nobody answers: missed after CALL_RING_SECONDS, and then everyone can call again.
    expect((await ended(anaWs, ringing.id)).call.endReason).toBe('missed');
    await lineOf(anaWs, roomId, 'call_missed');
    expect((await call(bo, boRoom)).state).toBe('ringing');
    anaWs.close();
  });

  it('a non-member and a room that does not exist get the same 404; a group cannot be called; blocked pairs cannot call', async () => {
    const [ana, li, outsider, bo] = [await person('en'), await person('es'), await person('de'), await person('fr')];
    const roomId = await pair(ana, li);
    const stranger = await req(outsider, 'POST', CALL_API.start, { roomId });
    const missing = await req(outsider, 'POST', CALL_API.start, { roomId: '00000000-0000-4000-8000-000000000000' });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).toBe(missing.body);
    expect((await req(outsider, 'GET', CALL_API.capabilities(roomId))).body).toBe((await req(outsider, 'GET', CALL_API.capabilities('nope'))).body);
    expect((await req(undefined, 'POST', CALL_API.start, { roomId })).statusCode).toBe(401);

    const group = await req(ana, 'POST', '/api/groups', { name: 'Team', memberIds: [li.id, bo.id] });
    const groupId = (group.json() as { room: { id: string } }).room.id;
    expect((await req(ana, 'POST', CALL_API.start, { roomId: groupId })).json()).toMatchObject({ error: { code: 'not_a_pair' } });

    // Someone else's call id: the same 404 as an unknown one.
    const c = await call(ana, roomId);
    expect((await accept(outsider, c.id, 'x')).body).toBe((await accept(outsider, '00000000-0000-4000-8000-000000000000', 'x')).body);
    await expect(CallSocket.open(s.base, outsider.cookie, c.id).then((ws) => ws.waitClosed())).resolves.toBe(CALL_CLOSE.notFound.code);
    expect((await accept(li, c.id, 'phone')).statusCode).toBe(200);

    // A block ends the live call (the partner hears why) and refuses the next attempt, neutrally.
    const [liMedia, anaMedia] = await Promise.all([CallSocket.open(s.base, li.cookie, c.id), CallSocket.open(s.base, ana.cookie, c.id)]);
    await Promise.all([liMedia.next('call.ready'), anaMedia.next('call.ready')]);
    expect((await req(ana, 'POST', '/api/blocks', { userId: li.id })).statusCode).toBe(200);
    expect(await liMedia.next('call.ended')).toMatchObject({ call: { endReason: 'blocked' } });
    const refused = await req(li, 'POST', CALL_API.start, { roomId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'cannot_call' } });
    expect(((await req(li, 'GET', CALL_API.capabilities(roomId))).json() as CallCapabilities)).toMatchObject({ callable: false, reason: 'cannot_call' });
  });

  it('ends when a side signs out, or stays away longer than the grace; bad frames are answered and the socket stays usable', async () => {
    const [ana, li] = [await person('en'), await person('es')];
    const roomId = await pair(ana, li);
    const c = await call(ana, roomId);
    await accept(li, c.id, 'phone');
    const [anaMedia, liMedia] = await Promise.all([CallSocket.open(s.base, ana.cookie, c.id), CallSocket.open(s.base, li.cookie, c.id)]);
    await anaMedia.next('call.ready');

    for (const garbage of ['not json', '{"type":"nope"}', '{"type":"audio.append","audio":"%%%"}', '{"type":"mute"}']) anaMedia.ws.send(garbage);
    anaMedia.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    anaMedia.send({ type: 'ping' });
    await anaMedia.next('pong');
    expect(anaMedia.of('error').map((e) => e.code)).toEqual(['invalid_json', 'unknown_type', 'invalid_audio', 'invalid_message', 'invalid_message']);

    // Li drops: Ana is told, and Li may come back within the grace.
    liMedia.close();
    await anaMedia.next((e) => e.type === 'partner.connection' && e.state === 'dropped');
    const back = await CallSocket.open(s.base, li.cookie, c.id);
    await back.next('call.ready');
    await anaMedia.next((e) => e.type === 'partner.connection' && e.state === 'connected' && anaMedia.events.indexOf(e) > anaMedia.events.findIndex((x) => x.type === 'partner.connection' && x.state === 'dropped'));

    // Ana signs out: her media socket closes, the call ends for both with the reason.
    await req(ana, 'POST', '/api/auth/signout');
    expect(await anaMedia.waitClosed()).toBe(CALL_CLOSE.sessionEnded.code);
    expect(await back.next('call.ended')).toMatchObject({ call: { endReason: 'signed_out', endedBy: ana.id } });

    // Accepted, then nobody connects: connection lost after the grace; both are free again.
    const [bo, mia] = [await person('en'), await person('es')];
    const second = await call(bo, await pair(bo, mia));
    await accept(mia, second.id, 'phone');
    const boWs = await TestSocket.open(s.base, bo.cookie);
    expect((await ended(boWs, second.id)).call.endReason).toBe('connection_lost');
    expect((await req(bo, 'GET', CALL_API.current)).json()).toEqual({ call: null });
    boWs.close();
  });

  it('limits call attempts per person, and an operator disabling an account ends its call with that reason', async () => {
    const [zoe, max] = [await person('en'), await person('es')];
    const roomId = await pair(zoe, max);
    for (let i = 0; i < 10; i++) await req(zoe, 'POST', CALL_API.end((await call(zoe, roomId)).id));
    const limited = await req(zoe, 'POST', CALL_API.start, { roomId });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect(limited.headers['retry-after']).toBeDefined();

    const admin = await signUpAndIn(s.app, operator);
    const c = await call(max, roomId);
    await accept(zoe, c.id, 'phone');
    // Both connected (neither is "away": the short grace of this file would end the call first).
    const [maxMedia, zoeMedia] = await Promise.all([CallSocket.open(s.base, max.cookie, c.id), CallSocket.open(s.base, zoe.cookie, c.id)]);
    await Promise.all([maxMedia.next('call.ready'), zoeMedia.next('call.ready')]);
    const disabled = await req(admin, 'POST', `/api/admin/users/${zoe.id}/disable`);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(await maxMedia.next('call.ended')).toMatchObject({ call: { endReason: 'account_disabled', endedBy: zoe.id } });
  });
});
