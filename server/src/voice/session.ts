import { randomUUID } from 'node:crypto';
import { resolveLanguage, VOICE_LIMITS, VOICE_PROTOCOL_VERSION, type LanguageCode, type VoiceClientMessage, type VoiceErrorCode } from '@parley/common';
import { decodePcm16Base64 } from './audio.ts';
import { FrameGate } from './frames.ts';
import { runUtterance, type PipelineEngines, type Utterance, type UtteranceTimings } from './pipeline.ts';
import type { SttStream } from './stt/types.ts';
import { nothingRecognisable, planRecognition, type LanguagePair } from './text.ts';
import { DEFAULT_VOICE_LIMITS, errorEvent, silentLogger, voiceErrorCode, type VoiceLimits, type VoiceLogger, type VoiceSessionContext, type VoiceSessionHandle } from './types.ts';

export interface VoiceSessionOptions extends Omit<PipelineEngines, 'stageTimeoutMs'> {
  limits?: Partial<VoiceLimits>;
  logger?: VoiceLogger;
  /** Called after each utterance with its milestones (benchmark). */
  onTimings?: (timings: UtteranceTimings) => void;
}

/**
 * The offline pipeline behind one voice socket: collects the utterance's audio (recognition starts
 * streaming at the first chunk when the engine can), and on commit runs STT -> translation -> TTS.
 * Utterances are processed one at a time, in order. Every bad frame is answered with an error event
 * and changes nothing else; close() aborts whatever runs (child processes are killed).
 */
export class VoiceSession implements VoiceSessionHandle {
  private readonly limits: VoiceLimits;
  private readonly logger: VoiceLogger;
  private readonly controller = new AbortController();
  private pair: LanguagePair | undefined;
  private chunks: Buffer[] = [];
  private bytes = 0;
  /** The rest of this utterance is ignored until commit or clear (too long, or refused: already answered). */
  private overflowed = false;
  /** The language the speaker says this utterance is in (append's `language`). */
  private spoken: LanguageCode | undefined;
  private stream: { stt: SttStream; controller: AbortController } | undefined;
  private readonly gate: FrameGate;
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;
  private counter = 0;

  constructor(
    private readonly ctx: VoiceSessionContext,
    private readonly options: VoiceSessionOptions,
  ) {
    this.limits = { ...DEFAULT_VOICE_LIMITS, ...options.limits };
    this.logger = options.logger ?? silentLogger;
    this.gate = new FrameGate(this.limits);
    ctx.send({
      type: 'session.created',
      session: { id: `sess_${randomUUID()}`, protocolVersion: VOICE_PROTOCOL_VERSION, engine: `${options.stt.id}+${options.tts.id}` },
    });
  }

  handleMessage(data: string): void {
    if (this.controller.signal.aborted) return;
    const frame = this.gate.check(data);
    if ('error' in frame) return this.fail(frame.code, frame.message);
    this.dispatch(frame.message);
  }

  close(): void {
    if (this.controller.signal.aborted) return;
    this.controller.abort();
    this.dropUtterance();
  }

  private dispatch(message: VoiceClientMessage): void {
    switch (message.type) {
      case 'update_languages':
        return this.updateLanguages(message.userLanguage, message.partnerLanguage);
      case 'input_audio_buffer.append':
        return this.append(message.audio, message.language);
      case 'input_audio_buffer.commit':
        return this.commit();
      case 'input_audio_buffer.clear':
        this.dropUtterance();
        this.overflowed = false;
        return this.ctx.send({ type: 'input_audio_buffer.cleared' });
    }
  }

  private updateLanguages(userInput: string, partnerInput: string): void {
    const user = resolveLanguage(userInput)?.code;
    const partner = resolveLanguage(partnerInput)?.code;
    if (!user || !partner) {
      return this.fail('unknown_language', `Unknown language: ${(!user ? userInput : partnerInput).slice(0, 64)}`);
    }
    const changed = this.pair?.user !== user || this.pair?.partner !== partner;
    this.pair = { user, partner };
    if (changed) this.stopStream(); // recognition restarts at commit with the new languages
    this.ctx.send({ type: 'session.updated', session: { userLanguage: user, partnerLanguage: partner } });
    const deaf = nothingRecognisable(this.options.stt, this.pair);
    if (deaf) this.fail('unrecognised_language', deaf);
  }

  private append(audio: string, language: string | undefined): void {
    const decoded = decodePcm16Base64(audio);
    if ('problem' in decoded) return this.fail('invalid_audio', decoded.problem);
    if (this.overflowed) return; // the rest of a too-long or refused utterance, already answered
    if (this.bytes === 0 && !this.refuseSpeaker(language)) return;
    if (this.bytes > 0 && (resolveLanguage(language ?? '')?.code ?? undefined) !== this.spoken) {
      this.dropUtterance();
      this.overflowed = true;
      return this.fail('invalid_message', 'language: an utterance is in one language; release the microphone before switching.');
    }
    if (this.bytes + decoded.pcm.length > this.limits.maxUtteranceBytes) {
      this.dropUtterance();
      this.overflowed = true;
      const seconds = Math.round(this.limits.maxUtteranceBytes / 2 / VOICE_LIMITS.sampleRate);
      return this.fail('utterance_too_long', `Recording is too long (over ${seconds} s); release the button and try a shorter sentence.`);
    }
    this.chunks.push(decoded.pcm);
    this.bytes += decoded.pcm.length;
    this.startStreamIfPossible();
    this.stream?.stt.write(decoded.pcm);
  }

  /**
   * The first audio of an utterance: note the language the speaker says it is in, and refuse at
   * once (nothing of it will be transcribed) when that language cannot be recognised here, or when
   * the recogniser could not tell which of the two it is. Returns whether the audio may be kept.
   */
  private refuseSpeaker(language: string | undefined): boolean {
    this.spoken = undefined;
    if (language !== undefined) {
      const code = resolveLanguage(language)?.code;
      if (!code || (this.pair && code !== this.pair.user && code !== this.pair.partner)) {
        this.overflowed = true;
        this.fail('invalid_message', `language: ${language.slice(0, 64)} is not one of the two languages of update_languages`);
        return false;
      }
      this.spoken = code;
    }
    if (!this.pair) return true; // answered at commit (languages_not_set)
    const plan = planRecognition(this.options.stt, this.pair, this.spoken);
    if (plan.mode !== 'unsupported') return true;
    this.overflowed = true;
    this.fail(plan.code, plan.message);
    return false;
  }

  /** Start streaming recognition at the first audio so the engine works while the user speaks. */
  private startStreamIfPossible(): void {
    const { stt } = this.options;
    if (this.stream || !this.pair || !stt.startStream) return;
    const plan = planRecognition(stt, this.pair, this.spoken);
    if (plan.mode !== 'fixed') return;
    const controller = new AbortController();
    try {
      const stream = stt.startStream(plan.language, AbortSignal.any([this.controller.signal, controller.signal]));
      this.stream = { stt: stream, controller };
      for (const chunk of this.chunks.slice(0, -1)) stream.write(chunk); // earlier audio; the caller writes the last
    } catch (err) {
      this.logger.warn({ err }, 'voice: streaming recognition did not start');
    }
  }

  private commit(): void {
    if (this.overflowed) {
      this.overflowed = false;
      return;
    }
    if (!this.pair) {
      this.dropUtterance();
      return this.fail('languages_not_set', 'Send update_languages before speaking.');
    }
    if (this.bytes === 0) return this.fail('input_audio_buffer_commit_empty', 'Nothing was recorded. Hold the microphone button while you speak.');
    // The languages may have changed since the first audio: plan again with the current pair.
    const spoken = this.spoken && [this.pair.user, this.pair.partner].includes(this.spoken) ? this.spoken : undefined;
    const plan = planRecognition(this.options.stt, this.pair, spoken);
    if (plan.mode === 'unsupported') {
      this.dropUtterance();
      return this.fail(plan.code, plan.message);
    }
    if (this.queued > this.limits.maxQueuedUtterances) {
      this.dropUtterance();
      return this.fail('busy', 'Still translating what you said before; try again in a moment.');
    }
    const n = ++this.counter;
    const utterance: Utterance = {
      itemId: `item_${n}`,
      responseId: `resp_${n}`,
      pcm: Buffer.concat(this.chunks),
      pair: this.pair,
      plan,
      stream: this.stream?.stt,
    };
    const utteranceController = this.stream?.controller ?? new AbortController();
    this.chunks = [];
    this.bytes = 0;
    this.spoken = undefined;
    this.stream = undefined;
    this.ctx.send({ type: 'input_audio_buffer.committed', item_id: utterance.itemId });
    this.queued++;
    this.queue = this.queue.then(() => this.process(utterance, utteranceController));
  }

  private async process(utterance: Utterance, controller: AbortController): Promise<void> {
    const signal = AbortSignal.any([this.controller.signal, controller.signal]);
    const timings: UtteranceTimings = { translateMs: 0, ttsMs: 0, audioBytes: 0 };
    try {
      const engines = { ...this.options, stageTimeoutMs: this.limits.stageTimeoutMs };
      await runUtterance(utterance, engines, (event) => this.ctx.send(event), signal, timings);
      this.options.onTimings?.(timings);
    } catch (err) {
      if (signal.aborted) return;
      const code = voiceErrorCode(err);
      if (code) this.fail(code, (err as Error).message);
      else {
        this.logger.error({ err }, 'voice: utterance failed');
        this.fail('internal_error', 'Something went wrong while translating; please try again.');
      }
    } finally {
      utterance.stream?.abort();
      controller.abort(); // nothing of this utterance may outlive it
      this.queued--;
    }
  }

  private stopStream(): void {
    if (!this.stream) return;
    this.stream.controller.abort();
    this.stream.stt.abort();
    this.stream = undefined;
  }

  private dropUtterance(): void {
    this.stopStream();
    this.chunks = [];
    this.bytes = 0;
    this.spoken = undefined;
  }

  private fail(code: VoiceErrorCode, message: string): void {
    this.ctx.send(errorEvent(code, message));
  }
}
