import { useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS, MEDIA_LIMITS } from '@parley/common/client';
import { base64ToBytes } from '../../../lib/audio/audio.ts';
import { VoiceAudio, type Capture } from '../../../lib/audio/voiceAudio.ts';
import { pcm16ToWav, pcmDurationMs } from './wav.ts';

export type RecorderState = 'idle' | 'starting' | 'recording';
export type RecorderProblem = 'too_short' | 'microphone';

export interface VoiceRecorder {
  state: RecorderState;
  elapsedMs: number;
  /** Open the microphone and record (a press of the button). */
  start(): void;
  /** Stop; `send` false drops the recording. */
  stop(send: boolean): void;
}

/**
 * Hold-to-record with Talk's AudioWorklet capture (PCM16 24 kHz mono, what sox and the speech
 * engines read; MediaRecorder would give WebM/Opus). A release before the microphone opened is
 * remembered and applied when it does; at the length cap the recording stops and is sent.
 */
export function useVoiceRecorder(onRecorded: (wav: Blob, durationMs: number) => void, onProblem: (problem: RecorderProblem) => void): VoiceRecorder {
  const [state, setState] = useState<RecorderState>('idle');
  const [elapsedMs, setElapsed] = useState(0);
  const audio = useRef<VoiceAudio | null>(null);
  const capture = useRef<Capture | null>(null);
  const chunks = useRef<Uint8Array[]>([]);
  const pendingStop = useRef<boolean | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const callbacks = useRef({ onRecorded, onProblem });
  useEffect(() => {
    callbacks.current = { onRecorded, onProblem };
  });

  const finish = useCallback(async (send: boolean) => {
    const running = capture.current;
    capture.current = null;
    clearInterval(timer.current);
    setState('idle');
    setElapsed(0);
    if (!running) return;
    if (!send) {
      running.cancel();
      chunks.current = [];
      return;
    }
    await running.stop();
    const recorded = chunks.current;
    chunks.current = [];
    const bytes = recorded.reduce((n, c) => n + c.length, 0);
    const durationMs = pcmDurationMs(bytes, LIMITS.audioSampleRate);
    if (durationMs < MEDIA_LIMITS.voiceMinMs) callbacks.current.onProblem('too_short');
    else callbacks.current.onRecorded(pcm16ToWav(recorded, LIMITS.audioSampleRate), durationMs);
  }, []);

  const stop = useCallback((send: boolean) => {
    if (capture.current) void finish(send);
    else if (state === 'starting') pendingStop.current = send;
  }, [finish, state]);

  const start = useCallback(() => {
    if (capture.current || state !== 'idle') return;
    // Created in the press itself, so the browser lets the audio context run.
    audio.current ??= new VoiceAudio();
    pendingStop.current = null;
    chunks.current = [];
    setState('starting');
    audio.current
      .startCapture((base64) => chunks.current.push(base64ToBytes(base64)))
      .then((started) => {
        capture.current = started;
        const startedAt = Date.now();
        setState('recording');
        timer.current = setInterval(() => {
          const elapsed = Date.now() - startedAt;
          setElapsed(elapsed);
          if (elapsed >= MEDIA_LIMITS.voiceMaxSeconds * 1000) void finish(true);
        }, 200);
        if (pendingStop.current !== null) void finish(pendingStop.current);
      })
      .catch((error: unknown) => {
        console.warn('The microphone could not be opened', error);
        setState('idle');
        callbacks.current.onProblem('microphone');
      });
  }, [finish, state]);

  useEffect(() => () => {
    clearInterval(timer.current);
    capture.current?.cancel();
    audio.current?.close();
  }, []);

  return { state, elapsedMs, start, stop };
}
