import { languageName, resolveLanguage, VOICE_LIMITS, VOICE_SERVER_EVENT_TYPES, voiceServerEvent, type VoiceServerEvent } from '@parley/common';
import WebSocket from 'ws';
import { decodePcm16Base64 } from './audio.ts';
import { FrameGate } from './frames.ts';
import type { LanguagePair } from './text.ts';
import { DEFAULT_VOICE_LIMITS, errorEvent, silentLogger, type VoiceLimits, type VoiceLogger, type VoiceSessionContext, type VoiceSessionHandle } from './types.ts';

export interface OpenAiRealtimeOptions {
  /** WebSocket endpoint without the query, e.g. wss://api.openai.com/v1/realtime. */
  url: string;
  model: string;
  apiKey?: string | undefined;
  /** Output voice, e.g. 'alloy'. */
  voice?: string | undefined;
  /** Model transcribing the input for conversation.item.input_audio_transcription.completed. */
  transcriptionModel?: string | undefined;
  limits?: Partial<VoiceLimits>;
  logger?: VoiceLogger;
}

/** Frames (bytes) held while the upstream socket is still connecting. */
const MAX_PENDING_BYTES = 4 * 1024 * 1024;

export function interpreterInstructions(pair: LanguagePair): string {
  const user = languageName(pair.user);
  const partner = languageName(pair.partner);
  return [
    `You are a live interpreter between a ${user} speaker and a ${partner} speaker.`,
    `When you hear ${user}, say its translation in ${partner}. When you hear ${partner} or any other language, say its translation in ${user}.`,
    'Say only the translation, in the first person, keeping the tone. Never answer, comment on or add to what was said.',
  ].join(' ');
}

/**
 * VOICE_ENGINE=openai-realtime: the whole conversation is proxied to the OpenAI Realtime API.
 * Client frames pass the same checks as in the offline pipeline; update_languages becomes a
 * session.update with interpreter instructions; append/commit/clear are forwarded (a commit is
 * followed by response.create); upstream events of the protocol's types go back unchanged.
 */
export class OpenAiRealtimeSession implements VoiceSessionHandle {
  private readonly upstream: WebSocket;
  private readonly gate: FrameGate;
  private readonly limits: VoiceLimits;
  private readonly logger: VoiceLogger;
  private pending: string[] = [];
  private pendingBytes = 0;
  private pair: LanguagePair | undefined;
  private bytes = 0;
  private overflowed = false;
  private closed = false;

  constructor(
    private readonly ctx: VoiceSessionContext,
    private readonly options: OpenAiRealtimeOptions,
  ) {
    this.limits = { ...DEFAULT_VOICE_LIMITS, ...options.limits };
    this.logger = options.logger ?? silentLogger;
    this.gate = new FrameGate(this.limits);
    const url = `${options.url}?model=${encodeURIComponent(options.model)}`;
    const headers: Record<string, string> = { 'OpenAI-Beta': 'realtime=v1' };
    if (options.apiKey) headers.Authorization = `Bearer ${options.apiKey}`;
    this.upstream = new WebSocket(url, { headers, maxPayload: 16 * 1024 * 1024, handshakeTimeout: 10_000 });
    this.upstream.on('open', () => {
      for (const frame of this.pending) this.upstream.send(frame);
      this.pending = [];
      this.pendingBytes = 0;
    });
    this.upstream.on('message', (data, isBinary) => {
      if (!isBinary) this.fromUpstream(data.toString());
    });
    this.upstream.on('error', (err) => this.logger.warn({ err: err.message }, 'voice: realtime upstream error'));
    this.upstream.on('unexpected-response', (_req, res) => {
      this.logger.warn({ status: res.statusCode }, 'voice: realtime upstream refused the connection');
    });
    this.upstream.on('close', () => {
      if (this.closed) return;
      this.ctx.send(errorEvent('upstream_error', 'The voice translation service disconnected. Please reconnect.'));
      this.closed = true;
      this.ctx.close(1011, 'upstream closed');
    });
  }

  handleMessage(data: string): void {
    if (this.closed) return;
    const frame = this.gate.check(data);
    if ('error' in frame) return this.ctx.send(errorEvent(frame.code, frame.message));
    const message = frame.message;
    switch (message.type) {
      case 'update_languages': {
        const user = resolveLanguage(message.userLanguage)?.code;
        const partner = resolveLanguage(message.partnerLanguage)?.code;
        if (!user || !partner) {
          return this.ctx.send(errorEvent('unknown_language', `Unknown language: ${(!user ? message.userLanguage : message.partnerLanguage).slice(0, 64)}`));
        }
        this.pair = { user, partner };
        return this.forward({
          type: 'session.update',
          session: {
            modalities: ['text', 'audio'],
            instructions: interpreterInstructions(this.pair),
            input_audio_format: 'pcm16',
            output_audio_format: 'pcm16',
            turn_detection: null,
            ...(this.options.voice ? { voice: this.options.voice } : {}),
            ...(this.options.transcriptionModel ? { input_audio_transcription: { model: this.options.transcriptionModel } } : {}),
          },
        });
      }
      case 'input_audio_buffer.append': {
        const decoded = decodePcm16Base64(message.audio);
        if ('problem' in decoded) return this.ctx.send(errorEvent('invalid_audio', decoded.problem));
        if (this.overflowed) return; // the rest of a too-long utterance, already answered
        if (this.bytes + decoded.pcm.length > this.limits.maxUtteranceBytes) {
          this.overflowed = true;
          this.bytes = 0;
          this.forward({ type: 'input_audio_buffer.clear' });
          const seconds = Math.round(this.limits.maxUtteranceBytes / 2 / VOICE_LIMITS.sampleRate);
          return this.ctx.send(errorEvent('utterance_too_long', `Recording is too long (over ${seconds} s); release the button and try a shorter sentence.`));
        }
        this.bytes += decoded.pcm.length;
        // The spoken language is ours, not OpenAI's (the Realtime model hears which one it is).
        return this.forward({ type: message.type, audio: message.audio });
      }
      case 'input_audio_buffer.commit':
        if (this.overflowed) {
          this.overflowed = false;
          return;
        }
        if (!this.pair) return this.ctx.send(errorEvent('languages_not_set', 'Send update_languages before speaking.'));
        if (this.bytes === 0) return this.ctx.send(errorEvent('input_audio_buffer_commit_empty', 'Nothing was recorded. Hold the microphone button while you speak.'));
        this.bytes = 0;
        this.forward(message);
        return this.forward({ type: 'response.create', response: { modalities: ['text', 'audio'] } });
      case 'input_audio_buffer.clear':
        this.bytes = 0;
        this.overflowed = false;
        return this.forward(message);
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.pending = [];
    if (this.upstream.readyState === WebSocket.OPEN) this.upstream.close(1000);
    else this.upstream.terminate();
  }

  private forward(message: object): void {
    const frame = JSON.stringify(message);
    if (this.upstream.readyState === WebSocket.OPEN) return this.upstream.send(frame);
    if (this.upstream.readyState !== WebSocket.CONNECTING) return;
    if (this.pendingBytes + frame.length > MAX_PENDING_BYTES) {
      return this.ctx.send(errorEvent('busy', 'Still connecting to the voice translation service; try again in a moment.'));
    }
    this.pending.push(frame);
    this.pendingBytes += frame.length;
  }

  private fromUpstream(data: string): void {
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    if (!json || typeof json !== 'object') return;
    const event = json as { type?: unknown; error?: { code?: unknown; type?: unknown; message?: unknown } };
    if (!(VOICE_SERVER_EVENT_TYPES as readonly unknown[]).includes(event.type)) return;
    if (event.type === 'error' && event.error && typeof event.error === 'object' && typeof event.error.code !== 'string') {
      // OpenAI sends code: null for some errors; the protocol promises a string.
      event.error.code = typeof event.error.type === 'string' ? event.error.type : 'upstream_error';
    }
    if (!voiceServerEvent.safeParse(event).success) {
      this.logger.warn({ type: event.type }, 'voice: dropped a malformed realtime event');
      return;
    }
    this.ctx.send(event as VoiceServerEvent);
  }
}
