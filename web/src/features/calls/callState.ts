import type {
  CallEndReason, CallInfo, CaptionTranslation, CallNoticeCode, CallServerEvent, CallSideCapability, CallSignalEvent, CallSpeaker, LanguageCode,
} from '@parley/common';

/**
 * The call as this tab shows it (pure: no socket, no audio). Type imports only, so the signed-in chunk
 * that listens for incoming calls stays light.
 *
 *   idle -> calling (Call pressed) -> ringing (the server rings the callee) -> connecting (accepted) -> active
 *   idle -> incoming (call.ringing on this device) -> connecting (Accept) -> active
 *   active <-> reconnecting (this side's media socket dropped and is back)
 *   any -> ended (an outcome shown briefly) -> idle
 */
export type CallPhase = 'idle' | 'calling' | 'ringing' | 'incoming' | 'connecting' | 'active' | 'reconnecting' | 'ended';

/** Why the call screen or the ringing closed: the server's end reasons, and this tab's own. */
export type CallOutcome = CallEndReason | 'answered_elsewhere' | 'failed' | 'already_in_call' | 'cannot_call' | 'microphone';

export interface CallPartner {
  id: string;
  username: string;
  language: LanguageCode | null;
}

/** One line of the live captions: an utterance (either side), or a notice about one side. */
export type CaptionItem =
  | {
      kind: 'caption';
      id: string;
      speaker: CallSpeaker;
      original: { text: string; language: LanguageCode };
      /** With the engine and pivot that made it, when the server said (CaptionTranslation). */
      translated: CaptionTranslation | null;
      final: boolean;
      notice?: CallNoticeCode;
    }
  | { kind: 'notice'; id: string; code: CallNoticeCode; speaker: CallSpeaker; language: LanguageCode | null };

/** How this side's speech is cut into utterances: voice activity detection, or hold-to-talk when it cannot start. */
export type InputMode = 'starting' | 'vad' | 'ptt';

export interface CallView {
  phase: CallPhase;
  role: 'caller' | 'callee' | null;
  call: CallInfo | null;
  roomId: string | null;
  partner: CallPartner | null;
  outcome: CallOutcome | null;
  /** The call timer's start (ISO), once both sides are connected. */
  startedAt: string | null;
  self: CallSideCapability | null;
  partnerSide: CallSideCapability | null;
  muted: boolean;
  speakerOn: boolean;
  hearOriginal: boolean;
  partnerMuted: boolean;
  partnerConnected: boolean;
  partnerSpeaking: boolean;
  input: InputMode;
  /** This side is in an utterance (detected speech, or the talk button held). */
  talking: boolean;
  items: CaptionItem[];
  consent: { self: boolean; partner: boolean };
  /** Audio chunks of the partner received (translated or untranslated): the e2e test reads it. */
  audioChunks: number;
}

/** Captions kept on screen (the oldest go). */
export const MAX_CAPTION_ITEMS = 60;

export const IDLE: CallView = {
  phase: 'idle', role: null, call: null, roomId: null, partner: null, outcome: null, startedAt: null, self: null, partnerSide: null,
  muted: false, speakerOn: true, hearOriginal: false, partnerMuted: false, partnerConnected: false, partnerSpeaking: false,
  input: 'starting', talking: false, items: [], consent: { self: false, partner: false }, audioChunks: 0,
};

export type CallAction =
  | { type: 'dial'; roomId: string; partner: CallPartner }
  | { type: 'dialed'; call: CallInfo }
  | { type: 'failed'; outcome: CallOutcome }
  | { type: 'signal'; event: CallSignalEvent; me: string; deviceId: string }
  /**
   * GET current at start: a call ringing for this user (another device started or it rang before the tab opened),
   * or, when `inThisTab` (this tab dialed or answered it before a reload), this tab's own call to take up again.
   */
  | { type: 'restore'; call: CallInfo; me: string; inThisTab?: boolean }
  | { type: 'accept' }
  | { type: 'decline' }
  | { type: 'hangup' }
  | { type: 'media'; event: CallServerEvent }
  | { type: 'mediaLost' }
  | { type: 'toggle'; key: 'muted' | 'speakerOn' | 'hearOriginal' }
  | { type: 'input'; mode: InputMode }
  | { type: 'talking'; on: boolean }
  | { type: 'consent'; agree: boolean }
  | { type: 'audio' }
  | { type: 'dismiss' };

const LIVE: ReadonlySet<CallPhase> = new Set(['calling', 'ringing', 'incoming', 'connecting', 'active', 'reconnecting']);

/** A call is on the screen (not idle, not an outcome being shown). */
export const isLive = (view: CallView) => LIVE.has(view.phase);

function partnerOf(call: CallInfo, me: string): CallPartner {
  const other = call.caller.id === me ? call.callee : call.caller;
  return { id: other.id, username: other.username, language: other.language };
}

function ended(view: CallView, outcome: CallOutcome, call?: CallInfo): CallView {
  return { ...view, phase: 'ended', outcome, call: call ?? view.call, talking: false, partnerSpeaking: false };
}

function sameCall(view: CallView, call: CallInfo): boolean {
  return view.call?.id === call.id;
}

function addItem(items: CaptionItem[], item: CaptionItem): CaptionItem[] {
  const at = items.findIndex((i) => i.kind === item.kind && i.id === item.id && (i.kind !== 'caption' || item.kind !== 'caption' || i.speaker === item.speaker));
  const next = at >= 0 ? items.map((i, n) => (n === at ? item : i)) : [...items, item];
  return next.length > MAX_CAPTION_ITEMS ? next.slice(next.length - MAX_CAPTION_ITEMS) : next;
}

function onSignal(view: CallView, event: CallSignalEvent, me: string, deviceId: string): CallView {
  const { call } = event;
  switch (event.type) {
    case 'call.ringing':
      if (call.callee.id === me && (view.phase === 'idle' || view.phase === 'ended')) {
        return { ...IDLE, phase: 'incoming', role: 'callee', call, roomId: call.roomId, partner: partnerOf(call, me) };
      }
      // The caller's own tab: the ringing event may come before the start request's answer.
      if (view.phase === 'calling' && call.caller.id === me && view.roomId === call.roomId) return { ...view, phase: 'ringing', call };
      return view;
    case 'call.accepted':
      if (!sameCall(view, call)) return view;
      if (view.phase === 'incoming') return event.deviceId === deviceId ? { ...view, phase: 'connecting', call } : ended(view, 'answered_elsewhere', call);
      if (view.phase === 'ringing' || view.phase === 'calling') return { ...view, phase: 'connecting', call };
      return { ...view, call };
    case 'call.ended':
      if (!sameCall(view, call) || !isLive(view)) return view;
      return ended(view, call.endReason ?? 'hangup', call);
    default:
      return view;
  }
}

function onMedia(view: CallView, event: CallServerEvent): CallView {
  switch (event.type) {
    case 'call.ready':
      return {
        ...view,
        phase: 'active',
        call: event.call,
        self: event.self,
        partnerSide: event.partner,
        partnerConnected: event.partnerConnected,
        startedAt: view.startedAt ?? (event.partnerConnected ? event.call.answeredAt : null),
      };
    case 'timer.started':
      return { ...view, startedAt: event.startedAt, partnerConnected: true };
    case 'partner.connection':
      return { ...view, partnerConnected: event.state === 'connected', partnerSpeaking: event.state === 'connected' && view.partnerSpeaking };
    case 'partner.muted':
      return { ...view, partnerMuted: event.muted };
    case 'partner.speaking':
      return { ...view, partnerSpeaking: event.speaking };
    case 'caption': {
      const { utteranceId, speaker, original, translated, final, notice } = event;
      return { ...view, items: addItem(view.items, { kind: 'caption', id: utteranceId, speaker, original, translated, final, ...(notice ? { notice } : {}) }) };
    }
    case 'notice': {
      // A notice about an utterance that has a caption is shown on that caption; a side's notice stands alone, once.
      // What the server cannot hear or speak is said once per side, not under every utterance.
      const sideWide = event.code === 'cannot_recognise' || event.code === 'cannot_speak';
      const id = sideWide || !event.utteranceId ? `side-${event.speaker}-${event.code}` : event.utteranceId;
      if (!sideWide && event.utteranceId && view.items.some((i) => i.kind === 'caption' && i.id === event.utteranceId)) return view;
      return { ...view, items: addItem(view.items, { kind: 'notice', id, code: event.code, speaker: event.speaker, language: event.language }) };
    }
    case 'transcript.consent':
      return { ...view, consent: { self: event.self, partner: event.partner } };
    case 'call.ended':
      return isLive(view) ? ended(view, event.call.endReason ?? 'hangup', event.call) : view;
    default:
      return view;
  }
}

export function callReducer(view: CallView, action: CallAction): CallView {
  switch (action.type) {
    case 'dial':
      if (isLive(view)) return view;
      return { ...IDLE, phase: 'calling', role: 'caller', roomId: action.roomId, partner: action.partner };
    case 'dialed':
      if (view.phase !== 'calling' && view.phase !== 'ringing') return view;
      // The callee was in a call: the attempt ended at once.
      if (action.call.state === 'ended') return ended(view, action.call.endReason ?? 'busy', action.call);
      return { ...view, phase: action.call.state === 'active' ? 'connecting' : 'ringing', call: action.call };
    case 'failed':
      return isLive(view) ? ended(view, action.outcome) : view;
    case 'signal':
      return onSignal(view, action.event, action.me, action.deviceId);
    case 'restore': {
      if (view.phase !== 'idle') return view;
      const { call, me } = action;
      const base = { ...IDLE, call, roomId: call.roomId, partner: partnerOf(call, me) };
      // Reloaded mid-call: this tab's call goes on (its media socket reconnects within the server's grace).
      if (action.inThisTab && call.state === 'active') return { ...base, phase: 'reconnecting', role: call.caller.id === me ? 'caller' : 'callee' };
      if (action.inThisTab && call.state === 'ringing' && call.caller.id === me) return { ...base, phase: 'ringing', role: 'caller' };
      if (call.state !== 'ringing' || call.callee.id !== me) return view;
      return { ...base, phase: 'incoming', role: 'callee' };
    }
    case 'accept':
      return view.phase === 'incoming' ? { ...view, phase: 'connecting' } : view;
    case 'decline':
      return view.phase === 'incoming' ? IDLE : view;
    case 'hangup':
      if (!isLive(view)) return view;
      return ended(view, view.phase === 'calling' || view.phase === 'ringing' ? 'cancelled' : 'hangup');
    case 'media':
      if (!isLive(view)) return view;
      return onMedia(view, action.event);
    case 'mediaLost':
      return view.phase === 'active' || view.phase === 'connecting' ? { ...view, phase: 'reconnecting', talking: false } : view;
    case 'toggle':
      return { ...view, [action.key]: !view[action.key] };
    case 'input':
      return { ...view, input: action.mode };
    case 'talking':
      return { ...view, talking: action.on };
    case 'consent':
      return { ...view, consent: { ...view.consent, self: action.agree } };
    case 'audio':
      return { ...view, audioChunks: view.audioChunks + 1 };
    case 'dismiss':
      return view.phase === 'ended' ? IDLE : view;
    default:
      return view;
  }
}

/** Seconds since the timer started, for "4:05". */
export function elapsedSeconds(startedAt: string | null, now: number): number {
  if (!startedAt) return 0;
  return Math.max(0, Math.floor((now - Date.parse(startedAt)) / 1000));
}

/** 65 -> "1:05", 3725 -> "1:02:05" (digits are the same in every script the app uses for timers). */
export function formatTimer(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}
