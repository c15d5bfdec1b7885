import { randomUUID } from 'node:crypto';
import {
  CALL_CLIENT_MESSAGE_TYPES, CALL_LIMITS, callClientMessage, VOICE_LIMITS, type CallClientMessage, type CallNoticeCode, type CallServerEvent, type CallTranscriptLine,
  type CaptionTranslation, type LanguageCode, type VoiceServerEvent,
} from '@parley/common';
import { decodePcm16Base64 } from '../voice/audio.ts';
import { DEFAULT_VOICE_LIMITS, FrameGate, runUtterance, voiceErrorCode, type PipelineEngines, type UtteranceTimings } from '../voice/index.ts';
import type { SttStream } from '../voice/index.ts';

/** One side of a call as its media socket's node sees it. */
export interface LegInfo {
  callId: string;
  userId: string;
  partnerId: string;
  /** What this side speaks, and what the partner hears (null: no language set, nothing translated). */
  language: LanguageCode | null;
  partnerLanguage: LanguageCode | null;
  /** The call timer's start (accepted at). */
  answeredAt: string | null;
}

export interface LegDeps {
  /** Engines with the pair's translator (tone and glossary of the speaker toward the partner). */
  engines: PipelineEngines;
  /** To this socket. */
  send(event: CallServerEvent): void;
  /** To the partner's socket, wherever it is (this node or another). */
  toPartner(event: CallServerEvent): void;
  /** Transcript agreement changed here: store it; the answer goes to both sides. */
  consent(agree: boolean): void;
  /** A settled utterance (kept only when both agreed). */
  transcript(line: CallTranscriptLine): void;
  /** Close the socket (too many bad frames). */
  close(code: number, reason: string): void;
  warn(err: unknown, message: string): void;
  /** Benchmark: each utterance's milestones. */
  onTimings?: ((timings: UtteranceTimings & { endedAt: number }) => void) | undefined;
}

interface Speech {
  id: string;
  chunks: Buffer[];
  bytes: number;
  /** The voice crosses as it is (the language cannot be recognised or spoken here, or both speak it). */
  passthrough: boolean;
  stream: { stt: SttStream; controller: AbortController } | undefined;
}

const MAX_BAD_FRAMES = 20;

/**
 * One participant's side of an active call: the utterances they speak (VAD or push-to-talk boundaries), each
 * recognised in their language, translated for the partner and spoken in the partner's language by Talk's
 * pipeline (voice/pipeline.ts runUtterance), one at a time, in order. Captions go to both sides, translated
 * audio to the partner. A language that cannot be recognised or spoken here: the raw voice goes across with
 * a notice. close() (hang-up, drop) aborts what runs, child processes included.
 */
export class CallLeg {
  readonly connectedAt = Date.now();
  muted = false;
  hearOriginal = false;
  private readonly controller = new AbortController();
  private readonly gate = new FrameGate<CallClientMessage>(DEFAULT_VOICE_LIMITS, { schema: callClientMessage, types: CALL_CLIENT_MESSAGE_TYPES });
  private speech: Speech | undefined;
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;
  private badFrames = 0;
  private partnerSeen = false;
  /** Utterances whose pipeline runs (or waits): aborted by close(). */
  private readonly running = new Set<AbortController>();

  constructor(
    readonly info: LegInfo,
    private readonly deps: LegDeps,
    private readonly can: { recognise: boolean; speak: boolean },
  ) {}

  handleMessage(data: string): void {
    if (this.controller.signal.aborted) return;
    const frame = this.gate.check(data);
    if ('error' in frame) {
      this.deps.send({ type: 'error', code: frame.code as never, message: frame.message });
      if (++this.badFrames >= MAX_BAD_FRAMES) this.deps.close(4400, 'too many invalid messages');
      return;
    }
    this.badFrames = 0;
    const m = frame.message;
    switch (m.type) {
      case 'speech.start':
        this.endSpeech();
        return this.startSpeech();
      case 'audio.append':
        return this.append(m.audio);
      case 'speech.end':
        return this.endSpeech();
      case 'speech.cancel':
        return this.dropSpeech();
      case 'mute':
        this.muted = m.muted;
        if (m.muted) this.endSpeech();
        return this.deps.toPartner({ type: 'partner.muted', muted: m.muted });
      case 'settings':
        this.hearOriginal = m.hearOriginal;
        return;
      case 'transcript.consent':
        return this.deps.consent(m.agree);
      case 'ping':
        return this.deps.send({ type: 'pong' });
    }
  }

  /** An event for this side from the partner's leg (any node): the original voice only when asked for. */
  receive(event: CallServerEvent): void {
    if (event.type === 'partner.audio' && event.kind === 'original' && !this.hearOriginal) return;
    this.deps.send(event);
    if (event.type === 'partner.connection' && event.state === 'connected') this.partnerConnected();
  }

  /** The partner is (or came) online: the call timer starts for this side the first time. */
  partnerConnected(): void {
    if (this.partnerSeen) return;
    this.partnerSeen = true;
    if (this.info.answeredAt) this.deps.send({ type: 'timer.started', startedAt: this.info.answeredAt });
  }

  close(): void {
    if (this.controller.signal.aborted) return;
    this.controller.abort();
    this.dropSpeech();
    for (const c of this.running) c.abort();
  }

  private startSpeech(): void {
    const { language, partnerLanguage } = this.info;
    const same = language !== null && language === partnerLanguage;
    const id = `utt_${randomUUID()}`;
    const speech: Speech = { id, chunks: [], bytes: 0, passthrough: same || !this.can.recognise || !this.can.speak || !language || !partnerLanguage, stream: undefined };
    this.speech = speech;
    this.deps.toPartner({ type: 'partner.speaking', speaking: true });
    if (!same) {
      const notice = (code: CallNoticeCode, speaker: 'self' | 'partner', lang: LanguageCode | null) => {
        this.deps.send({ type: 'notice', code, speaker, language: lang, utteranceId: id });
        this.deps.toPartner({ type: 'notice', code, speaker: speaker === 'self' ? 'partner' : 'self', language: lang, utteranceId: id });
      };
      if (!this.can.recognise) notice('cannot_recognise', 'self', language);
      else if (!this.can.speak) notice('cannot_speak', 'partner', partnerLanguage);
    }
    const { stt } = this.deps.engines;
    if (!speech.passthrough && language && stt.startStream) {
      const controller = new AbortController();
      try {
        speech.stream = { stt: stt.startStream(language, AbortSignal.any([this.controller.signal, controller.signal])), controller };
      } catch (err) {
        this.deps.warn(err, 'calls: streaming recognition did not start');
      }
    }
  }

  private append(audio: string): void {
    const decoded = decodePcm16Base64(audio);
    if ('problem' in decoded) return this.deps.send({ type: 'error', code: 'invalid_audio', message: decoded.problem });
    if (this.muted) return;
    if (!this.speech) this.startSpeech();
    let speech = this.speech!;
    if (speech.bytes + decoded.pcm.length > DEFAULT_VOICE_LIMITS.maxUtteranceBytes) {
      // A speaker who never pauses: what was said so far is translated, the rest is a new utterance.
      this.endSpeech();
      this.startSpeech();
      speech = this.speech!;
    }
    // The voice itself: untranslated (the only way it crosses), or the original under the translation.
    this.deps.toPartner({ type: 'partner.audio', utteranceId: speech.id, kind: speech.passthrough ? 'untranslated' : 'original', audio });
    if (speech.passthrough) return;
    speech.chunks.push(decoded.pcm);
    speech.bytes += decoded.pcm.length;
    speech.stream?.stt.write(decoded.pcm);
  }

  private dropSpeech(): void {
    if (!this.speech) return;
    this.speech.stream?.controller.abort();
    this.speech = undefined;
    this.deps.toPartner({ type: 'partner.speaking', speaking: false });
  }

  private endSpeech(): void {
    const speech = this.speech;
    if (!speech) return;
    this.speech = undefined;
    this.deps.toPartner({ type: 'partner.speaking', speaking: false });
    if (speech.passthrough || speech.bytes === 0) return speech.stream?.controller.abort();
    if (this.queued > DEFAULT_VOICE_LIMITS.maxQueuedUtterances + 1) {
      speech.stream?.controller.abort();
      return this.untranslated(speech, 'engine_failed');
    }
    const endedAt = performance.now();
    const controller = speech.stream?.controller ?? new AbortController();
    this.running.add(controller);
    this.queued++;
    this.queue = this.queue.then(() => this.process(speech, controller, endedAt)).finally(() => {
      this.queued--;
      this.running.delete(controller);
    });
  }

  private async process(speech: Speech, controller: AbortController, endedAt: number): Promise<void> {
    const language = this.info.language!;
    const partnerLanguage = this.info.partnerLanguage!;
    const signal = AbortSignal.any([this.controller.signal, controller.signal]);
    if (signal.aborted) return;
    const timings: UtteranceTimings = { translateMs: 0, ttsMs: 0, audioBytes: 0 };
    const original = { text: '', language };
    let translated = '';
    // The transcript keeps the line as soon as both texts are known (when the captions show it), not after its
    // audio: a hang-up while the translation is still being spoken must not lose the last line.
    let recorded = false;
    const record = () => {
      if (recorded || signal.aborted || !original.text) return;
      recorded = true;
      this.deps.transcript({ speakerId: this.info.userId, original: { ...original }, translated: translated ? { text: translated, language: partnerLanguage } : null });
    };
    const send = (event: VoiceServerEvent) => {
      if (signal.aborted) return;
      switch (event.type) {
        case 'conversation.item.input_audio_transcription.completed':
          original.text = event.transcript;
          return this.caption(speech.id, original, null, false);
        case 'response.audio_transcript.done':
          translated = event.transcript ?? translated;
          this.caption(speech.id, original, {
            text: translated, language: partnerLanguage, ...(event.engine ? { engine: event.engine } : {}), ...(event.via ? { via: event.via } : {}),
          }, true);
          return record();
        case 'response.audio.delta':
          return this.deps.toPartner({ type: 'audio.delta', utteranceId: speech.id, audio: event.delta });
        case 'response.audio.done':
          return this.deps.toPartner({
            type: 'audio.done', utteranceId: speech.id,
            stages: { recognitionMs: Math.round(timings.sttMs ?? 0), translationMs: Math.round(timings.translateMs), synthesisMs: Math.round(timings.ttsMs) },
          });
        default:
          return;
      }
    };
    const pcm = Buffer.concat(speech.chunks);
    try {
      await runUtterance(
        { itemId: speech.id, responseId: speech.id, pcm, pair: { user: language, partner: partnerLanguage }, plan: { mode: 'fixed', language }, stream: speech.stream?.stt },
        this.deps.engines, send, signal, timings,
      );
      record();
    } catch (err) {
      if (signal.aborted) return;
      const code = voiceErrorCode(err);
      if (code === 'no_speech' || code === 'speech_unclear') return this.notice(speech.id, code);
      if (code === 'unsupported_language') {
        // Translated as text (captions sent), but not spoken: the voice crosses as it is.
        this.notice(speech.id, 'cannot_speak');
        return this.forwardRaw(speech.id, pcm);
      }
      this.deps.warn(err, 'calls: utterance failed');
      if (original.text) this.caption(speech.id, original, null, true, 'engine_failed');
      this.untranslated({ ...speech, chunks: [pcm] }, 'engine_failed');
    } finally {
      if (!signal.aborted) this.deps.onTimings?.({ ...timings, endedAt });
    }
  }

  private caption(utteranceId: string, original: { text: string; language: LanguageCode }, translated: CaptionTranslation | null, final: boolean, notice?: CallNoticeCode): void {
    const base = { type: 'caption' as const, utteranceId, original, translated, final, ...(notice ? { notice } : {}) };
    this.deps.send({ ...base, speaker: 'self' });
    this.deps.toPartner({ ...base, speaker: 'partner' });
  }

  private notice(utteranceId: string, code: CallNoticeCode): void {
    const language = code === 'cannot_speak' ? this.info.partnerLanguage : this.info.language;
    const speaker = code === 'cannot_speak' ? 'partner' : 'self';
    this.deps.send({ type: 'notice', code, speaker, language, utteranceId });
    this.deps.toPartner({ type: 'notice', code, speaker: speaker === 'self' ? 'partner' : 'self', language, utteranceId });
  }

  /** The pipeline failed: the voice still reaches the partner, untranslated. */
  private untranslated(speech: Speech, code: CallNoticeCode): void {
    this.notice(speech.id, code);
    this.forwardRaw(speech.id, Buffer.concat(speech.chunks));
  }

  private forwardRaw(utteranceId: string, pcm: Buffer): void {
    const chunk = VOICE_LIMITS.chunkSamples * VOICE_LIMITS.bytesPerSample;
    for (let i = 0; i < pcm.length; i += chunk) {
      this.deps.toPartner({ type: 'partner.audio', utteranceId, kind: 'untranslated', audio: pcm.subarray(i, i + chunk).toString('base64') });
    }
  }
}

export const TRANSCRIPT_MAX_LINES = CALL_LIMITS.transcriptMaxLines;
