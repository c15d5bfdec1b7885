import type { LanguageCode, VoiceServerEvent } from '@parley/common';
import { chunkPcm } from './audio.ts';
import type { SpeechToText, SttStream, Transcription } from './stt/types.ts';
import { direction, splitSentences, type LanguagePair, type RecognitionPlan } from './text.ts';
import type { TextToSpeech } from './tts/types.ts';
import { EngineError, type EngineErrorCode } from '../platform/errors.ts';
import type { TextTranslator } from '../translation/textTranslator.ts';
import { voiceErrorCode } from './types.ts';

export interface PipelineEngines {
  stt: SpeechToText;
  tts: TextToSpeech;
  translator: TextTranslator;
  /** Limit of each engine call. */
  stageTimeoutMs: number;
}

/** One committed utterance: its audio (24 kHz PCM16), and the recognition already running on it if any. */
export interface Utterance {
  itemId: string;
  responseId: string;
  pcm: Buffer;
  pair: LanguagePair;
  plan: Extract<RecognitionPlan, { mode: 'fixed' | 'detect' }>;
  stream: SttStream | undefined;
}

/** Milestones for the benchmark (performance.now() times). */
export interface UtteranceTimings {
  recognised?: number;
  firstDelta?: number;
  firstAudio?: number;
  done?: number;
  sttMs?: number;
  translateMs: number;
  ttsMs: number;
  audioBytes: number;
}

type Send = (event: VoiceServerEvent) => void;

/**
 * Recognise -> translate sentence by sentence -> synthesise sentence by sentence. Translation runs
 * ahead of synthesis, so each sentence's transcript delta goes out as soon as it is translated and
 * its audio as soon as it is synthesised, in 4096-sample chunks. Throws an EngineError with a voice code for the client;
 * returns quietly when `signal` aborts.
 */
export async function runUtterance(utt: Utterance, engines: PipelineEngines, send: Send, signal: AbortSignal, timings?: UtteranceTimings): Promise<void> {
  const ids = { response_id: utt.responseId, item_id: utt.itemId };
  const t0 = performance.now();
  const heard = await stage(signal, engines.stageTimeoutMs, 'stt_failed', 'Speech recognition', (s) => {
    const { stream } = utt;
    if (!stream) return engines.stt.transcribe(utt.pcm, utt.plan.mode === 'fixed' ? utt.plan.language : undefined, s);
    s.addEventListener('abort', () => stream.abort(), { once: true });
    return stream.finish();
  });
  if (timings) Object.assign(timings, { recognised: performance.now(), sttMs: performance.now() - t0 });
  const text = heard.text.trim();
  if (!text) throw new EngineError('voice', 'no_speech', 'No speech was recognised. Hold the microphone and speak a little louder or closer.');
  // Too unsure to be speech in the language listened for: likely another language heard as this
  // one (PocketSphinx turns Spanish into English-sounding nonsense). Never presented as a transcript.
  const { minConfidence } = engines.stt;
  if (heard.confidence !== undefined && minConfidence !== undefined && heard.confidence < minConfidence) {
    const listened = utt.plan.mode === 'fixed' ? utt.plan.language : 'the chosen language';
    throw new EngineError('voice', 'speech_unclear', `What was said was not understood clearly as ${listened}; nothing was translated. Please try again.`);
  }
  const spoken = spokenLanguage(heard, text, utt, engines.translator);
  send({ type: 'conversation.item.input_audio_transcription.completed', item_id: utt.itemId, content_index: 0, transcript: text, language: spoken });

  const { source, target } = direction(spoken, utt.pair);
  const sentences = heard.segments?.length ? heard.segments : splitSentences(text);
  const done = { transcript: false, started: false, stopped: false };
  const translatedParts: string[] = [];
  /** How the translation was made: the first sentence an engine translated says it (engine, pivot). */
  let made: { engine?: string; via?: string } = {};
  try {
    // Translations chained one after another, each announcing its delta; synthesis follows behind.
    let previous: Promise<unknown> = Promise.resolve();
    const translated = sentences.map((sentence, index) => {
      const next = previous.then(async () => {
        if (done.stopped) return '';
        const started = performance.now();
        const result = source === target ? { text: sentence, engine: null } : await translateSentence(engines, sentence, source, target, signal);
        const out = result.text;
        if (!made.engine && result.engine) made = { engine: result.engine, ...(result.via ? { via: result.via } : {}) };
        if (timings) timings.translateMs += performance.now() - started;
        if (signal.aborted || done.stopped) return out;
        send({ type: 'response.audio_transcript.delta', ...ids, delta: index === 0 ? out : ` ${out}`, language: target });
        if (timings && index === 0) timings.firstDelta = performance.now();
        done.started = true;
        translatedParts.push(out);
        if (index === sentences.length - 1) {
          send({ type: 'response.audio_transcript.done', ...ids, transcript: translatedParts.join(' '), language: target, ...made });
          done.transcript = true;
        }
        return out;
      });
      next.catch(() => {});
      previous = next;
      return next;
    });
    if (!engines.tts.supports(target)) {
      await previous;
      throw new EngineError('voice', 'unsupported_language', `Speech synthesis does not support ${target}; the translation is shown as text only.`);
    }
    for (const pending of translated) {
      const sentence = await pending;
      const started = performance.now();
      const audio = await stage(signal, engines.stageTimeoutMs, 'tts_failed', 'Speech synthesis', (s) => engines.tts.synthesize(sentence, target, s));
      if (timings) timings.ttsMs += performance.now() - started;
      for (const chunk of chunkPcm(audio)) {
        if (signal.aborted) return;
        send({ type: 'response.audio.delta', ...ids, delta: chunk.toString('base64') });
        if (timings) {
          timings.firstAudio ??= performance.now();
          timings.audioBytes += chunk.length;
        }
      }
    }
    await previous;
  } finally {
    done.stopped = true;
    if (!signal.aborted && done.started) {
      if (!done.transcript) send({ type: 'response.audio_transcript.done', ...ids, transcript: translatedParts.join(' '), language: target, ...made });
      send({ type: 'response.audio.done', ...ids });
    }
    if (timings) timings.done = performance.now();
  }
}

function spokenLanguage(heard: Transcription, text: string, utt: Utterance, translator: TextTranslator): LanguageCode {
  if (heard.language) return heard.language;
  if (utt.plan.mode === 'fixed') return utt.plan.language;
  return translator.detect(text, [utt.pair.user, utt.pair.partner]) ?? utt.pair.user;
}

async function translateSentence(
  engines: PipelineEngines, text: string, source: LanguageCode, target: LanguageCode, signal: AbortSignal,
): Promise<{ text: string; engine: string | null; via?: string | undefined }> {
  const result = await stage(signal, engines.stageTimeoutMs, 'translation_failed', 'Translation', () => engines.translator.translate({ text, source, target }));
  if (!result.ok) throw new EngineError('voice', 'translation_failed', result.message ?? 'Translation failed. Please try again.');
  const translated = result.text.trim();
  if (!translated) throw new EngineError('voice', 'translation_failed', 'The translation came back empty. Please try again.');
  return { text: translated, engine: result.engine, via: result.via };
}

type StageCode = Extract<EngineErrorCode, 'stt_failed' | 'translation_failed' | 'tts_failed'>;

/**
 * Run one engine call with the stage's time limit. A timeout, and any engine failure without a
 * voice code of its own, becomes the stage's code; the socket's abort (disconnect or clear)
 * propagates as an AbortError that the session ignores.
 */
async function stage<T>(signal: AbortSignal, timeoutMs: number, code: StageCode, what: string, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  signal.throwIfAborted();
  const timeout = new AbortController();
  const combined = AbortSignal.any([signal, timeout.signal]);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timeout.abort();
      reject(new EngineError('voice', code, `${what} took too long. Please try again.`));
    }, timeoutMs);
  });
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([run(combined), timedOut, aborted]);
  } catch (err) {
    if (err instanceof EngineError && !voiceErrorCode(err)) throw new EngineError(err.engine, code, err.message, { cause: err });
    throw err;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  }
}
