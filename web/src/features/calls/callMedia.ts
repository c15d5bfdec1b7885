import { CALL_CLOSE, CALL_LIMITS, parseCallServerEvent, type CallClientMessage, type CallServerEvent } from '@parley/common';
import { VoiceAudio, type Capture, type VoiceAudioEngine } from '../../lib/audio/voiceAudio.ts';
import { callMediaUrl } from './callsApi.ts';
import type { CallAction, CallOutcome } from './callState.ts';
import { Segmenter, utteranceChunks } from './segmenter.ts';
import { startVad, type Vad, type VadCallbacks } from './vad.ts';

/** Seams for tests: the socket, the audio engines (volume < 1: the quiet one), the detector. */
export interface CallMediaDeps {
  createSocket: (url: string) => WebSocket;
  createAudio: (volume?: number) => VoiceAudioEngine;
  startVad: (callbacks: VadCallbacks) => Promise<Vad>;
}

export const DEFAULT_MEDIA_DEPS: CallMediaDeps = {
  createSocket: (url) => new WebSocket(url),
  createAudio: (volume) => new VoiceAudio(volume),
  startVad,
};

const OPEN = 1;
/** Chunks of a detected utterance sent at once (the server allows bursts of 100 frames, then 50 a second). */
const UTTERANCE_BURST = 60;
/** The partner's own voice under the translation. */
const QUIET_VOLUME = 0.2;
/** Reconnect attempts after a drop: soon at first, then every few seconds, until the server's grace is over. */
const RETRY_MS = [300, 1000, 2000, 3000, 5000];
/** Close codes after which reconnecting makes no sense. */
const FINAL_CLOSES: ReadonlySet<number> = new Set([CALL_CLOSE.notFound.code, CALL_CLOSE.ended.code, CALL_CLOSE.sessionEnded.code, CALL_CLOSE.replaced.code, CALL_CLOSE.badInput.code]);

export interface CallSettings {
  muted: boolean;
  speakerOn: boolean;
  hearOriginal: boolean;
}

/**
 * One call's media (after accept): the media socket with reconnection and keep-alive, the microphone cut
 * into utterances (voice activity detection, else hold-to-talk), and gapless playback of what the partner's
 * side sends (translated speech, their untranslated voice, their own voice quietly when asked).
 */
export class CallMedia {
  private socket?: WebSocket;
  private audio?: VoiceAudioEngine;
  private quiet?: VoiceAudioEngine;
  private capture?: Capture;
  private vad?: Vad;
  private closed = false;
  private attempts = 0;
  private droppedAt = 0;
  private lastFrameAt = 0;
  private retryTimer?: ReturnType<typeof setTimeout>;
  private pingTimer?: ReturnType<typeof setInterval>;
  private readonly segmenter: Segmenter;
  private settings: CallSettings;
  private consent = false;

  constructor(
    private readonly callId: string,
    private readonly dispatch: (action: CallAction) => void,
    settings: CallSettings,
    private readonly deps: CallMediaDeps = DEFAULT_MEDIA_DEPS,
  ) {
    this.settings = { ...settings };
    this.segmenter = new Segmenter((message) => this.send(message));
  }

  /** Open the socket and the microphone. Call it from the click that answered or placed the call (sound may start). */
  start(): void {
    this.audio = this.deps.createAudio();
    this.connect();
    void this.startMicrophone();
  }

  private connect(): void {
    if (this.closed) return;
    const ws = this.deps.createSocket(callMediaUrl(this.callId));
    this.socket = ws;
    ws.onopen = () => {
      if (this.socket !== ws) return;
      this.attempts = 0;
      this.lastFrameAt = Date.now();
      this.send({ type: 'settings', hearOriginal: this.settings.hearOriginal });
      if (this.settings.muted) this.send({ type: 'mute', muted: true });
      if (this.consent) this.send({ type: 'transcript.consent', agree: true });
    };
    ws.onmessage = (message: MessageEvent) => {
      if (this.socket !== ws || typeof message.data !== 'string') return;
      this.lastFrameAt = Date.now();
      const event = parseCallServerEvent(message.data);
      if (event) this.handle(event);
    };
    ws.onclose = (event: CloseEvent) => this.dropped(ws, event.code);
    ws.onerror = () => undefined; // a close follows
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      if (this.socket !== ws || ws.readyState !== OPEN) return;
      // Silent for three pings: the connection is dead even if the socket does not know it yet.
      if (Date.now() - this.lastFrameAt > CALL_LIMITS.pingSeconds * 3000) ws.close(4000, 'silent');
      else this.send({ type: 'ping' });
    }, CALL_LIMITS.pingSeconds * 1000);
  }

  private dropped(ws: WebSocket, code: number): void {
    if (this.socket !== ws || this.closed) return;
    this.socket = undefined;
    this.segmenter.reset();
    this.dispatch({ type: 'talking', on: false });
    if (FINAL_CLOSES.has(code)) {
      const outcome: CallOutcome = code === CALL_CLOSE.sessionEnded.code ? 'signed_out' : code === CALL_CLOSE.replaced.code ? 'answered_elsewhere' : 'hangup';
      // After call.ended the view is already 'ended' and this does nothing.
      this.dispatch({ type: 'failed', outcome });
      this.close();
      return;
    }
    if (!this.droppedAt) this.droppedAt = Date.now();
    this.dispatch({ type: 'mediaLost' });
    // The server ends the call after its grace period; a few seconds more and this side gives up too.
    if (Date.now() - this.droppedAt > (CALL_LIMITS.reconnectGraceSeconds + 5) * 1000) {
      this.dispatch({ type: 'failed', outcome: 'connection_lost' });
      this.close();
      return;
    }
    const wait = RETRY_MS[Math.min(this.attempts, RETRY_MS.length - 1)] ?? 5000;
    this.attempts += 1;
    this.retryTimer = setTimeout(() => this.connect(), wait);
  }

  private handle(event: CallServerEvent): void {
    switch (event.type) {
      case 'call.ready':
        this.droppedAt = 0;
        this.dispatch({ type: 'media', event });
        break;
      case 'audio.delta':
        this.play(this.audio, event.audio);
        break;
      case 'partner.audio':
        // Untranslated speech is the only voice there is: full volume. The original under a translation: quiet, when asked.
        if (event.kind === 'untranslated') this.play(this.audio, event.audio);
        else if (this.settings.hearOriginal) this.play((this.quiet ??= this.deps.createAudio(QUIET_VOLUME)), event.audio);
        break;
      case 'audio.done':
      case 'pong':
        break;
      case 'error':
        console.warn('Call media error', event.code, event.message);
        break;
      case 'call.ended':
        this.dispatch({ type: 'media', event });
        this.close();
        break;
      default:
        this.dispatch({ type: 'media', event });
    }
  }

  private play(engine: VoiceAudioEngine | undefined, audio: string): void {
    this.dispatch({ type: 'audio' });
    if (!engine || !this.settings.speakerOn) return;
    try {
      engine.play(audio);
    } catch (error) {
      console.warn('Unplayable call audio chunk', error);
    }
  }

  private send(message: CallClientMessage): void {
    const ws = this.socket;
    if (ws?.readyState === OPEN) ws.send(JSON.stringify(message));
  }

  /**
   * Voice activity detection first: it listens to the microphone itself and hands over each utterance exactly as
   * it judged it (so a busy device that runs the model late still sends the right audio). When it cannot start,
   * Talk's capture worklet streams the talk button's utterances instead.
   */
  private async startMicrophone(): Promise<void> {
    try {
      const vad = await this.deps.startVad({
        onSpeechStart: () => {
          if (this.segmenter.start()) this.dispatch({ type: 'talking', on: true });
        },
        onSpeechEnd: (audio) => {
          this.dispatch({ type: 'talking', on: false });
          if (!this.segmenter.inUtterance && !this.segmenter.start()) return; // muted
          void this.sendUtterance(utteranceChunks(audio));
        },
        onMisfire: () => {
          this.segmenter.cancel();
          this.dispatch({ type: 'talking', on: false });
        },
      });
      if (this.closed) return void vad.destroy().catch(() => undefined);
      this.vad = vad;
      this.dispatch({ type: 'input', mode: 'vad' });
      return;
    } catch (error) {
      console.warn('Voice activity detection could not start: hold to talk', error);
    }
    const engine = this.audio;
    if (!engine || this.closed) return;
    try {
      const capture = await engine.startCapture((chunk) => this.segmenter.chunk(chunk));
      if (this.closed) return capture.cancel();
      this.capture = capture;
      this.dispatch({ type: 'input', mode: 'ptt' });
    } catch (error) {
      console.warn('Call microphone failed', error);
      if (!this.closed) this.dispatch({ type: 'failed', outcome: 'microphone' });
    }
  }

  /** A detected utterance's chunks, then its end; paced below the server's frame burst. */
  private async sendUtterance(chunks: string[]): Promise<void> {
    for (let i = 0; i < chunks.length; i++) {
      if (i > 0 && i % UTTERANCE_BURST === 0) await new Promise((resolve) => setTimeout(resolve, 1000 * (UTTERANCE_BURST / 50)));
      if (!this.segmenter.inUtterance) return; // cancelled, muted or dropped meanwhile
      this.segmenter.chunk(chunks[i] ?? '');
    }
    this.segmenter.end();
  }

  /** Hold-to-talk (when the detector could not start). */
  talkDown(): void {
    if (this.segmenter.start()) this.dispatch({ type: 'talking', on: true });
  }

  talkUp(): void {
    if (!this.segmenter.inUtterance) return;
    this.segmenter.end();
    this.dispatch({ type: 'talking', on: false });
  }

  setMuted(muted: boolean): void {
    this.settings.muted = muted;
    this.segmenter.setMuted(muted);
    if (muted) this.dispatch({ type: 'talking', on: false });
    this.send({ type: 'mute', muted });
  }

  setSpeaker(on: boolean): void {
    this.settings.speakerOn = on;
  }

  setHearOriginal(on: boolean): void {
    this.settings.hearOriginal = on;
    this.send({ type: 'settings', hearOriginal: on });
  }

  setConsent(agree: boolean): void {
    this.consent = agree;
    this.send({ type: 'transcript.consent', agree });
  }

  /** Release the microphone, the detector, the sounds and the socket. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    const ws = this.socket;
    this.socket = undefined;
    if (ws && ws.readyState <= OPEN) ws.close(1000);
    this.capture?.cancel();
    void this.vad?.destroy().catch(() => undefined);
    this.audio?.close();
    this.quiet?.close();
  }
}
