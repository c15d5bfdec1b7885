import { z } from 'zod';
import { safeText } from './text.ts';

/**
 * The voice socket protocol (spec section 7), shared by server and web. Event names follow the
 * OpenAI Realtime API so the same client works against the offline pipeline and the Realtime proxy.
 * Audio in both directions is base64 PCM16 little-endian, 24 kHz, mono.
 *
 * Version history: 1 = first version; 2 = `input_audio_buffer.append` says which language is spoken
 * (`language`, one microphone per language), required when recognition cannot tell the pair's two
 * languages apart; codes `unrecognised_language`, `speech_unclear`, `spoken_language_required`.
 */
export const VOICE_PROTOCOL_VERSION = 2;

/** Path of the voice WebSocket on the app's own host and port. */
export const VOICE_SOCKET_PATH = '/functions/v1/realtime-voice-translate';

/** Audio format and the server's caps on what a client sends. */
export const VOICE_LIMITS = {
  sampleRate: 24_000,
  channels: 1,
  bytesPerSample: 2,
  /** Samples per capture buffer and per audio chunk the server sends (spec section 9). */
  chunkSamples: 4_096,
  /** Longest utterance between two commits. */
  maxUtteranceSeconds: 60,
  /** Largest text frame the server accepts, in bytes (base64 audio plus JSON). */
  maxFrameBytes: 256 * 1024,
  /** Frames per second a client may send, averaged over a short burst. */
  maxFramesPerSecond: 50,
} as const;

/** Stable error ids of the error event. Upstream (OpenAI Realtime) errors keep their own codes. */
export const VOICE_ERROR_CODES = [
  'invalid_json',
  'invalid_message',
  'unknown_type',
  'invalid_audio',
  'frame_too_large',
  'rate_limited',
  'input_audio_buffer_commit_empty',
  'utterance_too_long',
  'unknown_language',
  'languages_not_set',
  /** Speech synthesis cannot speak the target language (the translation is shown as text). */
  'unsupported_language',
  /** Speech recognition cannot understand the language spoken (nothing is transcribed). */
  'unrecognised_language',
  /** Recognition was too unsure to be a transcript in the spoken language (nothing is translated). */
  'speech_unclear',
  /** The recogniser cannot tell the two languages apart: the append must say which one is spoken. */
  'spoken_language_required',
  'busy',
  'no_speech',
  'stt_failed',
  'translation_failed',
  'tts_failed',
  'upstream_error',
  'internal_error',
] as const;
export type VoiceErrorCode = (typeof VOICE_ERROR_CODES)[number];

/** A language as the client sends it: a code ('es'), a locale tag ('es-MX') or a name ('Spanish'). */
const voiceLanguage = safeText().trim().min(1).max(64);
const base64Audio = z.string();

// ---------------------------------------------------------------- client -> server

export const updateLanguagesMessage = z.object({
  type: z.literal('update_languages'),
  userLanguage: voiceLanguage,
  partnerLanguage: voiceLanguage,
});
export const inputAudioAppendMessage = z.object({
  type: z.literal('input_audio_buffer.append'),
  audio: base64Audio,
  /**
   * The language being spoken, as the speaker chose it (one microphone per language): one of the
   * two set by update_languages, the same for every append of an utterance. Recognition listens
   * for exactly that language, and the direction follows it.
   */
  language: voiceLanguage.optional(),
});
export const inputAudioCommitMessage = z.object({ type: z.literal('input_audio_buffer.commit') });
export const inputAudioClearMessage = z.object({ type: z.literal('input_audio_buffer.clear') });

export const voiceClientMessage = z.discriminatedUnion('type', [
  updateLanguagesMessage,
  inputAudioAppendMessage,
  inputAudioCommitMessage,
  inputAudioClearMessage,
]);
export type VoiceClientMessage = z.infer<typeof voiceClientMessage>;
export type VoiceClientMessageType = VoiceClientMessage['type'];
export const VOICE_CLIENT_MESSAGE_TYPES: readonly VoiceClientMessageType[] = [
  'update_languages',
  'input_audio_buffer.append',
  'input_audio_buffer.commit',
  'input_audio_buffer.clear',
];

// ---------------------------------------------------------------- server -> client

const eventId = z.string().optional();

/** Ready event. The Realtime proxy forwards OpenAI's session object, hence the loose shape. */
export const sessionCreatedEvent = z.object({
  type: z.literal('session.created'),
  event_id: eventId,
  session: z.looseObject({
    id: z.string().optional(),
    protocolVersion: z.number().int().optional(),
    engine: z.string().optional(),
  }),
});
/** Sent after update_languages was accepted (the Realtime proxy forwards OpenAI's). */
export const sessionUpdatedEvent = z.object({
  type: z.literal('session.updated'),
  event_id: eventId,
  session: z.looseObject({
    userLanguage: z.string().optional(),
    partnerLanguage: z.string().optional(),
  }),
});
export const inputAudioCommittedEvent = z.object({
  type: z.literal('input_audio_buffer.committed'),
  event_id: eventId,
  item_id: z.string(),
});
export const inputAudioClearedEvent = z.object({
  type: z.literal('input_audio_buffer.cleared'),
  event_id: eventId,
});
/** The recognised original utterance (OpenAI shape plus the language it was recognised as). */
export const inputTranscriptionCompletedEvent = z.object({
  type: z.literal('conversation.item.input_audio_transcription.completed'),
  event_id: eventId,
  item_id: z.string(),
  content_index: z.number().int(),
  transcript: z.string(),
  language: z.string().optional(),
});
/** Part of the translation; the client appends deltas until transcript.done. */
export const audioTranscriptDeltaEvent = z.object({
  type: z.literal('response.audio_transcript.delta'),
  event_id: eventId,
  response_id: z.string().optional(),
  item_id: z.string().optional(),
  delta: z.string(),
  language: z.string().optional(),
});
export const audioTranscriptDoneEvent = z.object({
  type: z.literal('response.audio_transcript.done'),
  event_id: eventId,
  response_id: z.string().optional(),
  item_id: z.string().optional(),
  transcript: z.string().optional(),
  language: z.string().optional(),
  /** How the translation was made (issue 34 item 4): the engine and, for a pivot, the language in the middle. */
  engine: z.string().optional(),
  via: z.string().optional(),
});
/** A chunk of translated speech: base64 PCM16 24 kHz mono. */
export const audioDeltaEvent = z.object({
  type: z.literal('response.audio.delta'),
  event_id: eventId,
  response_id: z.string().optional(),
  item_id: z.string().optional(),
  delta: z.string(),
});
export const audioDoneEvent = z.object({
  type: z.literal('response.audio.done'),
  event_id: eventId,
  response_id: z.string().optional(),
  item_id: z.string().optional(),
});
export const voiceErrorEvent = z.object({
  type: z.literal('error'),
  event_id: eventId,
  error: z.looseObject({ code: z.string(), message: z.string() }),
});

export const voiceServerEvent = z.discriminatedUnion('type', [
  sessionCreatedEvent,
  sessionUpdatedEvent,
  inputAudioCommittedEvent,
  inputAudioClearedEvent,
  inputTranscriptionCompletedEvent,
  audioTranscriptDeltaEvent,
  audioTranscriptDoneEvent,
  audioDeltaEvent,
  audioDoneEvent,
  voiceErrorEvent,
]);
export type VoiceServerEvent = z.infer<typeof voiceServerEvent>;
export type VoiceServerEventType = VoiceServerEvent['type'];
export type VoiceErrorEvent = z.infer<typeof voiceErrorEvent>;
export const VOICE_SERVER_EVENT_TYPES: readonly VoiceServerEventType[] = [
  'session.created',
  'session.updated',
  'input_audio_buffer.committed',
  'input_audio_buffer.cleared',
  'conversation.item.input_audio_transcription.completed',
  'response.audio_transcript.delta',
  'response.audio_transcript.done',
  'response.audio.delta',
  'response.audio.done',
  'error',
];

/** Parse one server frame (web side); undefined for frames the client does not understand. */
export function parseVoiceServerEvent(raw: string): VoiceServerEvent | undefined {
  try {
    const result = voiceServerEvent.safeParse(JSON.parse(raw));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

/** GET path of what the voice engines understand and speak. */
export const VOICE_CAPABILITIES_PATH = '/api/voice/capabilities';

/**
 * GET /api/voice/capabilities: the languages speech recognition understands and speech synthesis
 * speaks with the configured engines (offline PocketSphinx: English only). The Talk tab disables the
 * microphone for a language that cannot be recognised instead of transcribing it as another.
 */
export interface VoiceCapabilities {
  engine: 'pipeline' | 'openai-realtime';
  stt: { engine: string; languages: string[] };
  tts: { engine: string; languages: string[] };
}
