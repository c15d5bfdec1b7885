import { z } from 'zod';
import type { LanguageCode } from './languages.ts';

/**
 * Translated voice calls (issue 26): the protocol shared by server and web.
 *
 * SIGNALLING is HTTP (acknowledged, idempotent per call) plus chat-socket events (`/api/realtime`, the
 * ServerEvent union of realtimeProtocol.ts includes CallSignalEvent):
 *
 *   caller                         server                                  callee (every open device)
 *   GET  CALL_API.capabilities ->  can this server hear/speak each side (the pre-call notice)
 *   POST CALL_API.start        ->  201 {call} state 'ringing'   ---------> `call.ringing` {call}
 *                                  (callee already in a call: 201 {call} state 'ended', endReason 'busy')
 *                                                               <-------- POST CALL_API.accept {deviceId}
 *   `call.accepted` {call, deviceId} to both users' sockets: the callee's other devices stop ringing and
 *   show "answered on another device" (their deviceId differs); a second accept gets
 *   409 `call_answered_elsewhere`. POST CALL_API.decline (callee), POST CALL_API.end (caller: cancel while
 *   ringing; either: hang up once active). No answer within CALL_LIMITS.ringSeconds (server config
 *   CALL_RING_SECONDS) -> ended 'missed'. Every end -> `call.ended` {call} to both users, and one system line
 *   in the conversation (a message whose `system_event` is a CallSystemEvent; rendered from the reader's
 *   catalog, never machine-translated). A tab that opens during a call reads GET CALL_API.current.
 *
 * MEDIA is a WebSocket per participant at CALL_MEDIA_PATH?callId=..., opened after accept (same upgrade
 * guard as the voice socket: session cookie + Origin). Only the caller or the callee of an active call gets
 * in; anyone else, an unknown id and an ended call are closed alike with CALL_CLOSE.notFound. Audio both
 * ways is base64 PCM16 little-endian mono 24 kHz (VOICE_LIMITS of voice.ts). The client segments its speech
 * into utterances (VAD or push-to-talk): `speech.start`, `audio.append`..., `speech.end` (or
 * `speech.cancel` for a false start). On `speech.end` the server recognises the utterance in the speaker's
 * language, translates it with the pair's relationship tone and glossary, synthesises it in the listener's
 * language and sends the listener `audio.delta` chunks; both sides get `caption` events. When a side's
 * language cannot be recognised (or the other's cannot be spoken) the voice goes across untranslated
 * (`partner.audio` kind 'untranslated') with a `notice`.
 */
export const CALL_PROTOCOL_VERSION = 1;

// ---------------------------------------------------------------- limits and paths

export const CALL_LIMITS = {
  /** Default ring time before a call is 'missed' (the server's CALL_RING_SECONDS overrides it). */
  ringSeconds: 30,
  /** Call attempts (POST start) per user per minute. */
  attemptsPerMinute: 10,
  /** A participant whose media socket is gone this long ends the call ('connection_lost'). */
  reconnectGraceSeconds: 20,
  /** Utterances kept for a transcript; the oldest go first. */
  transcriptMaxLines: 500,
  /** Client pings at least this often; the server answers `pong`. */
  pingSeconds: 5,
} as const;

/** HTTP paths (the web client imports these). */
export const CALL_API = {
  /** GET: the pre-call notice for a one-to-one room (CallCapabilities). Non-members: the room's 404. */
  capabilities: (roomId: string) => `/api/chats/${roomId}/call-capabilities`,
  /** POST {roomId}: call the other member of a one-to-one room -> 201 StartCallResponse. */
  start: '/api/calls',
  /** GET: the user's ringing or active call, if any -> CurrentCallResponse. */
  current: '/api/calls/current',
  /** POST {deviceId}: the callee answers -> 200 CallResponse. */
  accept: (callId: string) => `/api/calls/${callId}/accept`,
  /** POST: the callee refuses while ringing -> 200 CallResponse (ended, 'declined'). */
  decline: (callId: string) => `/api/calls/${callId}/decline`,
  /** POST: the caller cancels while ringing ('cancelled'), or either side hangs up ('hangup') -> 200 CallResponse. */
  end: (callId: string) => `/api/calls/${callId}/end`,
} as const;

/** The media WebSocket (query: callId). */
export const CALL_MEDIA_PATH = '/api/calls/media';

/** Close codes of the media socket (4001 = session ended, as on the chat and voice sockets). */
export const CALL_CLOSE = {
  sessionEnded: { code: 4001, reason: 'session ended' },
  /** Not a participant, unknown id, or a call not active (ended or still ringing): one answer for all. */
  notFound: { code: 4404, reason: 'no such call' },
  /** The same user opened the call's media socket on another socket (a reconnect): the old one closes. */
  replaced: { code: 4409, reason: 'replaced by a newer connection' },
  /** The call ended (after `call.ended`). */
  ended: { code: 4410, reason: 'call ended' },
  /** Too many bad frames in a row: the client is broken. */
  badInput: { code: 4400, reason: 'too many invalid messages' },
} as const;

// ---------------------------------------------------------------- calls and outcomes

export const CALL_STATES = ['ringing', 'active', 'ended'] as const;
export type CallState = (typeof CALL_STATES)[number];

export const CALL_END_REASONS = [
  'missed', // nobody answered within the ring time
  'declined', // the callee refused
  'cancelled', // the caller gave up while ringing
  'busy', // the callee was already in a call (the attempt ends at once)
  'hangup', // either side hung up an active call
  'signed_out', // a participant's session ended (sign-out, expiry, "sign out other devices")
  'blocked', // one blocked the other
  'account_disabled', // an operator disabled a participant's account
  'connection_lost', // a participant's media socket stayed away longer than reconnectGraceSeconds
  'server_lost', // the server node carrying one side stopped (its calls are ended by the others)
] as const;
export type CallEndReason = (typeof CALL_END_REASONS)[number];

export interface CallParty {
  id: string;
  username: string;
  /** Profile language (what they speak and want to hear). */
  language: LanguageCode | null;
}

/** A call as both participants see it. Times are ISO strings from the server's clock. */
export interface CallInfo {
  id: string;
  roomId: string;
  state: CallState;
  caller: CallParty;
  callee: CallParty;
  createdAt: string;
  /** When the ringing stops being answerable (createdAt + ring time). */
  ringUntil: string;
  /** Accepted at (the call timer's start). */
  answeredAt: string | null;
  endedAt: string | null;
  endReason: CallEndReason | null;
  /** Who ended it (hung up, declined, cancelled, blocked, signed out); null for missed, busy, server_lost. */
  endedBy: string | null;
}

export interface StartCallResponse {
  call: CallInfo;
}
export interface CallResponse {
  call: CallInfo;
}
export interface CurrentCallResponse {
  call: CallInfo | null;
}

/** One side of the pre-call notice: can this server hear and speak their language. */
export interface CallSideCapability {
  userId: string;
  username: string;
  language: LanguageCode | null;
  /** Speech recognition understands this side's language (else their voice crosses untranslated). */
  recognised: boolean;
  /** Speech synthesis speaks this side's language (else they get captions and the original voice). */
  spoken: boolean;
}

/** GET CALL_API.capabilities (members of the room only). */
export interface CallCapabilities {
  roomId: string;
  /** false for groups ('not_a_pair') and blocked pairs ('cannot_call'): the call button is hidden. */
  callable: boolean;
  reason: 'not_a_pair' | 'cannot_call' | null;
  self: CallSideCapability;
  /** null for a group. */
  partner: CallSideCapability | null;
  /** Both languages the same: voices go across as they are, no translation needed. */
  sameLanguage: boolean;
}

// ---------------------------------------------------------------- requests

export const startCallRequest = z.object({ roomId: z.string().min(1).max(64) });
export type StartCallRequest = z.infer<typeof startCallRequest>;

/** deviceId: a random id per tab, echoed in `call.accepted` so other devices know it was not them. */
export const acceptCallRequest = z.object({ deviceId: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/u) });
export type AcceptCallRequest = z.infer<typeof acceptCallRequest>;

/**
 * Error codes of the call routes (all also in ERROR_CODES of api/errors.ts):
 * - `not_a_pair` 400: calls are one-to-one; a group room cannot be called.
 * - `cannot_call` 403: a block either way (neutral: which side blocked is not told).
 * - `already_in_call` 409: the caller is in a call (ringing or active) already.
 * - `call_answered_elsewhere` 409: accepted on another device of the callee.
 * - `call_ended` 409: the call is over (accept/decline/end too late).
 * - `not_found` 404: not a participant, unknown call or room: the same answer.
 * - `rate_limited` 429: more than CALL_LIMITS.attemptsPerMinute attempts.
 */
export const CALL_ERROR_CODES = ['not_a_pair', 'cannot_call', 'already_in_call', 'call_answered_elsewhere', 'call_ended'] as const;
export type CallErrorCode = (typeof CALL_ERROR_CODES)[number];

// ---------------------------------------------------------------- chat socket events (signalling)

/**
 * Events on the chat socket (members of the call only; through the cluster bus on every node).
 * `call.ringing`: to both users (the callee's devices ring; the caller's other devices may show "calling").
 * `call.accepted`: to both users; `deviceId` is the accepting device's (others: "answered on another device").
 * `call.ended`: to both users, with `call.endReason`.
 */
export type CallSignalEvent =
  | { v: 1; type: 'call.ringing'; call: CallInfo }
  | { v: 1; type: 'call.accepted'; call: CallInfo; deviceId: string }
  | { v: 1; type: 'call.ended'; call: CallInfo };

// ---------------------------------------------------------------- system lines

/**
 * The call kinds of a conversation's system line (GroupSystemEvent.kind, groupTypes.ts), one per outcome.
 * `call_completed` has `durationSeconds` (answer -> end); the actor is the caller.
 * `call_transcript` carries the bilingual transcript both agreed to keep (`transcript`).
 */
export const CALL_EVENT_KINDS = ['call_missed', 'call_declined', 'call_cancelled', 'call_busy', 'call_completed', 'call_transcript'] as const;
export type CallEventKind = (typeof CALL_EVENT_KINDS)[number];

/** One line of a saved transcript: what was said and how the listener heard it. */
export interface CallTranscriptLine {
  speakerId: string;
  original: { text: string; language: LanguageCode };
  /** null when it crossed untranslated. */
  translated: { text: string; language: LanguageCode } | null;
}

// ---------------------------------------------------------------- media socket: client -> server

const base64Audio = z.string();

export const callClientMessage = z.discriminatedUnion('type', [
  /** An utterance begins (VAD speech start or push-to-talk press). Ends any unfinished one first. */
  z.object({ type: z.literal('speech.start') }),
  /** Audio of the current utterance (an append outside one starts one). */
  z.object({ type: z.literal('audio.append'), audio: base64Audio }),
  /** The utterance is complete: recognise, translate, speak to the partner. */
  z.object({ type: z.literal('speech.end') }),
  /** The utterance was not speech after all (VAD misfire): discard it. */
  z.object({ type: z.literal('speech.cancel') }),
  /** The microphone is muted or back (the partner is told); a muted side's audio is ignored. */
  z.object({ type: z.literal('mute'), muted: z.boolean() }),
  /** The listener's setting: also receive the partner's original voice (`partner.audio` kind 'original'). */
  z.object({ type: z.literal('settings'), hearOriginal: z.boolean() }),
  /** Agree (or no longer agree) to keep a bilingual transcript; saved only when both agree at the end. */
  z.object({ type: z.literal('transcript.consent'), agree: z.boolean() }),
  z.object({ type: z.literal('ping') }),
]);
export type CallClientMessage = z.infer<typeof callClientMessage>;
export type CallClientMessageType = CallClientMessage['type'];
export const CALL_CLIENT_MESSAGE_TYPES: readonly CallClientMessageType[] = [
  'speech.start', 'audio.append', 'speech.end', 'speech.cancel', 'mute', 'settings', 'transcript.consent', 'ping',
];

// ---------------------------------------------------------------- media socket: server -> client

/** Why an utterance crossed untranslated, or was dropped; shown in the captions from the catalog. */
export const CALL_NOTICE_CODES = [
  /** The speaker's language cannot be recognised on this server: their voice crosses untranslated. */
  'cannot_recognise',
  /** The listener's language cannot be spoken here: captions only (plus the original voice). */
  'cannot_speak',
  /** Nothing was recognised in the utterance. */
  'no_speech',
  /** Recognition too unsure: nothing translated. */
  'speech_unclear',
  /** An engine failed for this utterance (recognition, translation or synthesis). */
  'engine_failed',
  /** The speaker talked for longer than VOICE_LIMITS.maxUtteranceSeconds: the rest went untranslated. */
  'utterance_too_long',
] as const;
export type CallNoticeCode = (typeof CALL_NOTICE_CODES)[number];

export const CALL_MEDIA_ERROR_CODES = ['invalid_json', 'unknown_type', 'invalid_message', 'invalid_audio', 'frame_too_large', 'rate_limited', 'muted'] as const;
export type CallMediaErrorCode = (typeof CALL_MEDIA_ERROR_CODES)[number];

/** A caption's translation; engine and via are absent when unknown (a translation made before they were sent). */
export interface CaptionTranslation {
  text: string;
  language: LanguageCode;
  engine?: string;
  via?: string;
}

/** 'self' is the socket's user; 'partner' the other side. */
export type CallSpeaker = 'self' | 'partner';

export type CallServerEvent =
  /** First event: who is who, and what can be heard and spoken (same as the capabilities answer). */
  | { type: 'call.ready'; protocolVersion: number; call: CallInfo; self: CallSideCapability; partner: CallSideCapability; partnerConnected: boolean }
  /** Both sides connected for the first time: the call timer starts at `startedAt` (= call.answeredAt). */
  | { type: 'timer.started'; startedAt: string }
  /** The partner's media connection dropped ('dropped') or came back ('connected'). */
  | { type: 'partner.connection'; state: 'connected' | 'dropped' }
  | { type: 'partner.muted'; muted: boolean }
  /** The partner started or finished an utterance (a "speaking" indicator). */
  | { type: 'partner.speaking'; speaking: boolean }
  /**
   * One caption. `final: false` = recognised, translation coming; `final: true` = settled. `translated` is
   * null when the utterance crossed untranslated (then `notice` says why); its `engine` and `via` (a pivot
   * language) say how it was made, as a message's translation_detail does.
   */
  | {
      type: 'caption';
      utteranceId: string;
      speaker: CallSpeaker;
      original: { text: string; language: LanguageCode };
      translated: CaptionTranslation | null;
      final: boolean;
      notice?: CallNoticeCode;
    }
  /** Translated speech for the listener: base64 PCM16 24 kHz mono, in order; `audio.done` closes the utterance. */
  | { type: 'audio.delta'; utteranceId: string; audio: string }
  /** `stages`: how long each stage of this utterance took on the server (ms; recognition counts from speech.end). */
  | { type: 'audio.done'; utteranceId: string; stages?: { recognitionMs: number; translationMs: number; synthesisMs: number } }
  /** The partner's own voice: 'original' (only with settings.hearOriginal; play it quietly) or 'untranslated' (always; play it normally). */
  | { type: 'partner.audio'; utteranceId: string; kind: 'original' | 'untranslated'; audio: string }
  /** Something about an utterance or a side (rendered from the catalog with the speaker's name and language). */
  | { type: 'notice'; code: CallNoticeCode; speaker: CallSpeaker; language: LanguageCode | null; utteranceId?: string }
  /** The transcript agreement as it stands. */
  | { type: 'transcript.consent'; self: boolean; partner: boolean }
  /** The call is over (the socket then closes with CALL_CLOSE.ended). */
  | { type: 'call.ended'; call: CallInfo }
  | { type: 'pong' }
  /** A bad frame; the socket stays usable (after CALL_CLOSE.badInput's threshold it closes). */
  | { type: 'error'; code: CallMediaErrorCode; message: string };
export type CallServerEventType = CallServerEvent['type'];

/** Parse one media-socket server frame (web side); undefined when not JSON or without a type. */
export function parseCallServerEvent(raw: string): CallServerEvent | undefined {
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string') return value as CallServerEvent;
  } catch {
    // fall through
  }
  return undefined;
}
