import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallInfo } from '@parley/common';
import { I18nProvider } from '../../lib/i18n.tsx';
import { CallScreen } from './CallScreen.tsx';
import { IDLE, type CallView } from './callState.ts';
import { IncomingCall } from './IncomingCall.tsx';
import { callLine } from '../chat/roomText.ts';

afterEach(cleanup);

const call: CallInfo = {
  id: 'c1', roomId: 'r1', state: 'active', caller: { id: 'a', username: 'ana', language: 'en' }, callee: { id: 'b', username: 'li', language: 'ja' },
  createdAt: '2026-01-01T00:00:00Z', ringUntil: '2026-01-01T00:00:30Z', answeredAt: '2026-01-01T00:00:05Z', endedAt: null, endReason: null, endedBy: 'b',
};
const base: CallView = { ...IDLE, role: 'caller', call, roomId: 'r1', partner: { id: 'b', username: 'li', language: 'ja' } };

function screenOf(view: CallView) {
  const props = { onHangUp: vi.fn(), onClose: vi.fn(), onToggle: vi.fn(), onConsent: vi.fn(), onTalk: vi.fn() };
  render(
    <I18nProvider initialLanguage="en">
      <CallScreen view={view} {...props} />
    </I18nProvider>,
  );
  return props;
}

describe('CallScreen', () => {
  it('says Calling... and Ringing, and hanging up works', () => {
    const props = screenOf({ ...base, phase: 'calling' });
    expect(screen.getByTestId('call-status').textContent).toBe('Calling...');
    fireEvent.click(screen.getByTestId('call-hangup'));
    expect(props.onHangUp).toHaveBeenCalled();
    cleanup();
    screenOf({ ...base, phase: 'ringing' });
    expect(screen.getByTestId('call-status').textContent).toBe('Ringing');
  });

  it('connected: the timer, captions both ways with the notice of what cannot be recognised, the toggles', () => {
    const view: CallView = {
      ...base,
      phase: 'active',
      startedAt: new Date(Date.now() - 65_000).toISOString(),
      partnerConnected: true,
      items: [
        { kind: 'caption', id: 'u1', speaker: 'self', original: { text: 'Hello, how are you today', language: 'en' }, translated: { text: 'こんにちは', language: 'ja' }, final: true },
        { kind: 'notice', id: 'side', code: 'cannot_recognise', speaker: 'partner', language: 'ja' },
        { kind: 'caption', id: 'u2', speaker: 'partner', original: { text: 'げんき', language: 'ja' }, translated: { text: 'Fine', language: 'en' }, final: true },
      ],
    };
    const props = screenOf(view);
    expect(screen.getByTestId('call-status').textContent).toMatch(/^1:0[5-9]$/);
    const captions = screen.getAllByTestId('call-caption');
    expect(captions.map((c) => c.querySelector('[data-testid="caption-main"]')?.textContent)).toEqual(['Hello, how are you today', 'Fine']);
    expect(captions[1]!.querySelector('[data-testid="caption-second"]')?.textContent).toBe('Japanese: げんき');
    expect(screen.getByTestId('call-notice').textContent).toBe("li's Japanese speech can't be recognised on this server; the voice comes through untranslated.");
    fireEvent.click(screen.getByTestId('call-mute'));
    fireEvent.click(screen.getByTestId('call-speaker'));
    fireEvent.click(screen.getByTestId('call-hear-original'));
    fireEvent.click(screen.getByTestId('call-transcript'));
    expect(props.onToggle.mock.calls.map((c) => c[0])).toEqual(['muted', 'speakerOn', 'hearOriginal']);
    expect(props.onConsent).toHaveBeenCalledWith(true);
  });

  it("a caption's details say how its translation was made: the engine and the pivot", () => {
    screenOf({
      ...base,
      phase: 'active',
      partnerConnected: true,
      items: [
        { kind: 'caption', id: 'u1', speaker: 'partner', original: { text: 'げんき', language: 'ja' }, translated: { text: 'Fine', language: 'en', engine: 'apertium', via: 'es' }, final: true },
        { kind: 'caption', id: 'u2', speaker: 'partner', original: { text: 'はい', language: 'ja' }, translated: { text: 'Yes', language: 'en' }, final: true },
      ],
    });
    // Only a caption whose engine is known has the affordance; the details open on a tap.
    const buttons = screen.getAllByTestId('translation-details');
    expect(buttons).toHaveLength(1);
    expect(buttons[0]!.getAttribute('aria-label')).toBe('How it was translated');
    expect(screen.queryByTestId('translation-info')).toBeNull();
    fireEvent.click(buttons[0]!);
    expect(buttons[0]!.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('translation-info-engine').textContent).toBe('Machine translation by Apertium');
    expect(screen.getByTestId('translation-info-via').textContent).toBe('Through Spanish');
  });

  it('reconnecting, the partner dropped, hold-to-talk when detection could not start', () => {
    const props = screenOf({ ...base, phase: 'active', startedAt: new Date().toISOString(), partnerConnected: false, input: 'ptt' });
    expect(screen.getByTestId('call-partner-line').textContent).toBe("li's connection dropped. Waiting for it to come back...");
    const mic = screen.getByTestId('mic-button');
    fireEvent.pointerDown(mic, { pointerType: 'mouse', button: 0 });
    fireEvent.pointerUp(mic);
    expect(props.onTalk.mock.calls).toEqual([[true], [false]]);
    cleanup();
    screenOf({ ...base, phase: 'reconnecting', startedAt: new Date().toISOString() });
    expect(screen.getByTestId('call-status').textContent).toBe('Reconnecting...');
  });

  it('ended: the outcome as this side lived it, and Close', () => {
    const props = screenOf({ ...base, phase: 'ended', outcome: 'hangup', call: { ...call, state: 'ended', endReason: 'hangup' } });
    expect(screen.getByTestId('call-status').textContent).toBe('li hung up');
    fireEvent.click(screen.getByTestId('call-close'));
    expect(props.onClose).toHaveBeenCalled();
  });
});

describe('IncomingCall', () => {
  it('rings with the caller, Accept and Decline; then answered on another device', () => {
    const onAccept = vi.fn();
    const onDecline = vi.fn();
    const ringing: CallView = { ...base, role: 'callee', phase: 'incoming', partner: { id: 'a', username: 'ana', language: 'en' } };
    render(
      <I18nProvider initialLanguage="en">
        <IncomingCall view={ringing} onAccept={onAccept} onDecline={onDecline} />
      </I18nProvider>,
    );
    expect(screen.getByTestId('incoming-caller').textContent).toBe('ana is calling you');
    fireEvent.click(screen.getByTestId('call-accept'));
    fireEvent.click(screen.getByTestId('call-decline'));
    expect([onAccept.mock.calls.length, onDecline.mock.calls.length]).toEqual([1, 1]);
    cleanup();
    render(
      <I18nProvider initialLanguage="en">
        <IncomingCall view={{ ...ringing, phase: 'ended', outcome: 'answered_elsewhere' }} onAccept={onAccept} onDecline={onDecline} />
      </I18nProvider>,
    );
    expect(screen.getByTestId('incoming-outcome').textContent).toBe('Answered on another device');
    expect(screen.queryByTestId('call-accept')).toBeNull();
  });
});

describe('call lines in the conversation', () => {
  it('reads each outcome from the catalog', () => {
    const t = ((key: string, vars?: Record<string, unknown>) => `${key}${vars ? JSON.stringify(vars) : ''}`) as Parameters<typeof callLine>[1];
    const line = (kind: string, extra = {}) => callLine({ kind, actor: null, target: { id: 'b', username: 'li' }, name: null, register: null, ...extra } as never, t);
    expect(line('call_missed')).toBe('calls.lineMissed');
    expect(line('call_busy')).toBe('calls.lineBusy{"name":"li"}');
    expect(line('call_completed', { durationSeconds: 30 })).toBe('calls.lineCompletedShort');
    expect(line('call_completed', { durationSeconds: 250 })).toBe('calls.lineCompleted{"minutes":4}');
    expect(line('created')).toBeNull();
  });
});
