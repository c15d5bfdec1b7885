import { describe, expect, it } from 'vitest';
import type { CallInfo, CallServerEvent } from '@parley/common';
import { callReducer, elapsedSeconds, formatTimer, IDLE, MAX_CAPTION_ITEMS, type CallAction, type CallView } from './callState.ts';

const ana = { id: 'u-ana', username: 'ana', language: 'en' as const };
const bruno = { id: 'u-bruno', username: 'bruno', language: 'es' as const };

function info(over: Partial<CallInfo> = {}): CallInfo {
  return {
    id: 'c1', roomId: 'r1', state: 'ringing', caller: ana, callee: bruno, createdAt: '2026-01-01T00:00:00Z', ringUntil: '2026-01-01T00:00:30Z',
    answeredAt: null, endedAt: null, endReason: null, endedBy: null, ...over,
  };
}
const run = (actions: CallAction[], from: CallView = IDLE) => actions.reduce(callReducer, from);
const media = (event: CallServerEvent): CallAction => ({ type: 'media', event });
const ready = (partnerConnected = true): CallAction =>
  media({
    type: 'call.ready', protocolVersion: 1, call: info({ state: 'active', answeredAt: '2026-01-01T00:00:05Z' }), partnerConnected,
    self: { userId: ana.id, username: 'ana', language: 'en', recognised: true, spoken: true },
    partner: { userId: bruno.id, username: 'bruno', language: 'es', recognised: true, spoken: true },
  });

describe('the caller', () => {
  const dial: CallAction = { type: 'dial', roomId: 'r1', partner: bruno };
  it('goes calling -> ringing -> connecting -> active with the timer', () => {
    let v = run([dial]);
    expect(v).toMatchObject({ phase: 'calling', role: 'caller', partner: bruno });
    v = run([{ type: 'dialed', call: info() }], v);
    expect(v.phase).toBe('ringing');
    v = run([{ type: 'signal', event: { v: 1, type: 'call.accepted', call: info({ state: 'active' }), deviceId: 'bruno-phone' }, me: ana.id, deviceId: 'ana-tab' }], v);
    expect(v.phase).toBe('connecting');
    v = run([ready()], v);
    expect(v).toMatchObject({ phase: 'active', startedAt: '2026-01-01T00:00:05Z', partnerConnected: true });
  });

  it('takes the ringing event that comes before the start answer', () => {
    const v = run([dial, { type: 'signal', event: { v: 1, type: 'call.ringing', call: info() }, me: ana.id, deviceId: 'x' }]);
    expect(v).toMatchObject({ phase: 'ringing', call: { id: 'c1' } });
  });

  it('ends busy at once when the callee is in a call', () => {
    const v = run([dial, { type: 'dialed', call: info({ state: 'ended', endReason: 'busy' }) }]);
    expect(v).toMatchObject({ phase: 'ended', outcome: 'busy' });
  });

  it('shows declined / missed from call.ended, cancelled on its own hang-up, and closes on dismiss', () => {
    const ringing = run([dial, { type: 'dialed', call: info() }]);
    const declined = run([{ type: 'signal', event: { v: 1, type: 'call.ended', call: info({ state: 'ended', endReason: 'declined' }) }, me: ana.id, deviceId: 'x' }], ringing);
    expect(declined).toMatchObject({ phase: 'ended', outcome: 'declined' });
    expect(run([{ type: 'hangup' }], ringing)).toMatchObject({ phase: 'ended', outcome: 'cancelled' });
    expect(run([{ type: 'dismiss' }], declined)).toBe(IDLE);
  });

  it('ignores a second Call while one is on, and failures once it is over', () => {
    const ringing = run([dial, { type: 'dialed', call: info() }]);
    expect(run([{ type: 'dial', roomId: 'r2', partner: ana }], ringing)).toBe(ringing);
    expect(run([{ type: 'failed', outcome: 'failed' }], IDLE)).toBe(IDLE);
  });
});

describe('the callee', () => {
  const ring: CallAction = { type: 'signal', event: { v: 1, type: 'call.ringing', call: info() }, me: bruno.id, deviceId: 'bruno-tab' };
  it('rings, accepts on this device and connects', () => {
    let v = run([ring]);
    expect(v).toMatchObject({ phase: 'incoming', role: 'callee', partner: ana });
    v = run([{ type: 'accept' }, { type: 'signal', event: { v: 1, type: 'call.accepted', call: info({ state: 'active' }), deviceId: 'bruno-tab' }, me: bruno.id, deviceId: 'bruno-tab' }], v);
    expect(v.phase).toBe('connecting');
  });

  it('shows "answered on another device" when another device accepted', () => {
    const v = run([ring, { type: 'signal', event: { v: 1, type: 'call.accepted', call: info({ state: 'active' }), deviceId: 'bruno-phone' }, me: bruno.id, deviceId: 'bruno-tab' }]);
    expect(v).toMatchObject({ phase: 'ended', outcome: 'answered_elsewhere' });
  });

  it('does not ring for the caller, nor for another call while in one; restores a ringing call', () => {
    expect(run([{ ...ring, me: ana.id } as CallAction])).toBe(IDLE);
    const inCall = run([ring, { type: 'accept' }]);
    const other: CallAction = { type: 'signal', event: { v: 1, type: 'call.ringing', call: info({ id: 'c2' }) }, me: bruno.id, deviceId: 'bruno-tab' };
    expect(run([other], inCall)).toBe(inCall);
    expect(run([{ type: 'restore', call: info(), me: bruno.id }])).toMatchObject({ phase: 'incoming' });
    expect(run([{ type: 'restore', call: info({ state: 'active' }), me: bruno.id }])).toBe(IDLE);
  });

  it('a tab reloaded mid-call takes its own call up again; other tabs do not', () => {
    const active = info({ state: 'active', answeredAt: '2026-01-01T00:00:05Z' });
    expect(run([{ type: 'restore', call: active, me: bruno.id, inThisTab: true }])).toMatchObject({ phase: 'reconnecting', role: 'callee', call: active, partner: ana });
    expect(run([{ type: 'restore', call: active, me: ana.id, inThisTab: true }])).toMatchObject({ phase: 'reconnecting', role: 'caller', partner: bruno });
    expect(run([{ type: 'restore', call: active, me: ana.id, inThisTab: false }])).toBe(IDLE);
    // The caller's tab reloaded while it still rings: ringing again, so it can be cancelled.
    expect(run([{ type: 'restore', call: info(), me: ana.id, inThisTab: true }])).toMatchObject({ phase: 'ringing', role: 'caller' });
    expect(run([{ type: 'restore', call: info(), me: ana.id }])).toBe(IDLE);
    // Then the media socket's ready makes it active.
    expect(run([{ type: 'restore', call: active, me: ana.id, inThisTab: true }, ready()]).phase).toBe('active');
  });

  it('declining closes at once; a missed ring shows its outcome', () => {
    expect(run([ring, { type: 'decline' }])).toBe(IDLE);
    const missed = run([ring, { type: 'signal', event: { v: 1, type: 'call.ended', call: info({ state: 'ended', endReason: 'missed' }) }, me: bruno.id, deviceId: 'bruno-tab' }]);
    expect(missed).toMatchObject({ phase: 'ended', outcome: 'missed' });
  });
});

describe('in the call', () => {
  const active = run([{ type: 'dial', roomId: 'r1', partner: bruno }, { type: 'dialed', call: info() }, ready(false)]);

  it('starts the timer when both are connected, and follows the partner', () => {
    expect(active.startedAt).toBeNull();
    let v = run([media({ type: 'timer.started', startedAt: '2026-01-01T00:00:06Z' })], active);
    expect(v).toMatchObject({ startedAt: '2026-01-01T00:00:06Z', partnerConnected: true });
    v = run([media({ type: 'partner.connection', state: 'dropped' }), media({ type: 'partner.muted', muted: true })], v);
    expect(v).toMatchObject({ partnerConnected: false, partnerMuted: true });
  });

  it('reconnects: media lost -> reconnecting -> ready again', () => {
    const lost = run([{ type: 'mediaLost' }], active);
    expect(lost.phase).toBe('reconnecting');
    expect(run([ready()], lost).phase).toBe('active');
  });

  it('updates a caption in place and keeps the newest', () => {
    const partial: CallServerEvent = { type: 'caption', utteranceId: 'u1', speaker: 'partner', original: { text: 'hola', language: 'es' }, translated: null, final: false };
    let v = run([media(partial), media({ ...partial, translated: { text: 'hello', language: 'en' }, final: true })], active);
    expect(v.items).toEqual([{ kind: 'caption', id: 'u1', speaker: 'partner', original: { text: 'hola', language: 'es' }, translated: { text: 'hello', language: 'en' }, final: true }]);
    // Same utterance id from my side is a different line.
    v = run([media({ ...partial, speaker: 'self' })], v);
    expect(v.items).toHaveLength(2);
    for (let i = 0; i < MAX_CAPTION_ITEMS + 5; i++) v = run([media({ ...partial, utteranceId: `x${i}` })], v);
    expect(v.items).toHaveLength(MAX_CAPTION_ITEMS);
  });

  it('shows a side notice once, and no separate notice for an utterance that has its caption', () => {
    const notice: CallServerEvent = { type: 'notice', code: 'cannot_recognise', speaker: 'partner', language: 'ja' };
    let v = run([media(notice), media(notice)], active);
    expect(v.items).toHaveLength(1);
    v = run([media({ type: 'caption', utteranceId: 'u9', speaker: 'partner', original: { text: '', language: 'ja' }, translated: null, final: true }), media({ ...notice, utteranceId: 'u9' })], v);
    expect(v.items).toHaveLength(2);
  });

  it('toggles, consent and the audio count; the end from the media socket', () => {
    let v = run([{ type: 'toggle', key: 'muted' }, { type: 'toggle', key: 'speakerOn' }, { type: 'consent', agree: true }, media({ type: 'transcript.consent', self: true, partner: true }), { type: 'audio' }], active);
    expect(v).toMatchObject({ muted: true, speakerOn: false, consent: { self: true, partner: true }, audioChunks: 1 });
    v = run([media({ type: 'call.ended', call: info({ state: 'ended', endReason: 'server_lost' }) })], v);
    expect(v).toMatchObject({ phase: 'ended', outcome: 'server_lost' });
    // Nothing after the end changes it.
    expect(run([media({ type: 'partner.muted', muted: false })], v)).toBe(v);
  });
});

describe('the timer', () => {
  it('counts whole seconds and formats them', () => {
    expect(elapsedSeconds(null, 0)).toBe(0);
    expect(elapsedSeconds('2026-01-01T00:00:00Z', Date.parse('2026-01-01T00:04:05.900Z'))).toBe(245);
    expect(formatTimer(5)).toBe('0:05');
    expect(formatTimer(245)).toBe('4:05');
    expect(formatTimer(3725)).toBe('1:02:05');
  });
});
