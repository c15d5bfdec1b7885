import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  parseVoiceServerEvent, resolveLanguage, VOICE_CAPABILITIES_PATH, VOICE_SOCKET_PATH,
  type VoiceCapabilities, type VoiceClientMessage, type VoiceServerEvent,
} from '@parley/common';
import { api } from '../../lib/api.ts';
import type { TFunction } from '../../lib/i18n.tsx';
import { EMPTY_TRANSCRIPT, transcriptReducer } from './transcript.ts';
import { VoiceAudio, type Capture, type VoiceAudioEngine } from '../../lib/audio/voiceAudio.ts';
import { displayLanguageName } from '../../lib/names.ts';

export type ConnectionState = 'disconnected' | 'connecting' | 'connected';

/** Seams for tests: the socket, the audio engine and the server's voice capabilities. */
export interface VoiceDeps {
  createSocket: (url: string) => WebSocket;
  createAudio: () => VoiceAudioEngine;
  loadCapabilities: () => Promise<VoiceCapabilities>;
}

export const DEFAULT_DEPS: VoiceDeps = {
  createSocket: (url) => new WebSocket(url),
  createAudio: () => new VoiceAudio(),
  loadCapabilities: () => api.get<VoiceCapabilities>(VOICE_CAPABILITIES_PATH),
};

const OPEN = 1; // WebSocket.OPEN

/** The voice socket on the page's own host (spec section 7): wss when the page is https. */
export function voiceSocketUrl(loc: Pick<Location, 'protocol' | 'host'> = location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${VOICE_SOCKET_PATH}`;
}

function sameLanguage(a: string, b: string): boolean {
  return (resolveLanguage(a)?.code ?? a) === (resolveLanguage(b)?.code ?? b);
}

/**
 * A voice error event's code -> catalog string (never the server's English). `target`: the language
 * the translation goes to; `spoken`: the one the speaker chose (the microphone pressed).
 */
export function voiceErrorText(code: string, t: TFunction, target: string, spoken?: string): string {
  const name = (language: string) => displayLanguageName(language, document.documentElement.lang || 'en');
  switch (code) {
    case 'unsupported_language':
      return t('talk.noSpeechVoice', { language: name(target) });
    case 'unrecognised_language':
      return spoken ? t('talk.unrecognisedLanguage', { language: name(spoken) }) : t('talk.voiceError');
    case 'speech_unclear':
      return spoken ? t('talk.speechUnclear', { language: name(spoken) }) : t('talk.voiceError');
    case 'no_speech':
    case 'input_audio_buffer_commit_empty':
      return t('talk.holdToSpeak');
    case 'rate_limited':
      return t('general.errorRateLimited', { seconds: 5 });
    default:
      return t('talk.voiceError');
  }
}

interface Options {
  userLanguage: string;
  partnerLanguage: string;
  t: TFunction;
  deps?: Partial<VoiceDeps>;
}

/**
 * A voice translation session (spec section 4): connection disconnected -> connecting ->
 * connected (and back on Disconnect, socket error or close), hold-to-speak recording, gapless
 * playback with the Speaking flag, and the transcript.
 */
export function useVoiceTranslator({ userLanguage, partnerLanguage, t, deps }: Options) {
  const [connection, setConnection] = useState<ConnectionState>('disconnected');
  /** The language of the microphone held down, undefined when none is. */
  const [recording, setRecording] = useState<string | undefined>(undefined);
  const [speaking, setSpeaking] = useState(false);
  const [transcript, dispatch] = useReducer(transcriptReducer, EMPTY_TRANSCRIPT);

  const socket = useRef<WebSocket | undefined>(undefined);
  const audio = useRef<VoiceAudioEngine | undefined>(undefined);
  const capture = useRef<Capture | undefined>(undefined);
  const wantRecording = useRef(false);
  const speakingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastSentLanguages = useRef('');
  const lastOriginalLanguage = useRef<string | undefined>(undefined);
  /** The language of the last utterance sent (error events name it). */
  const lastSpokenLanguage = useRef<string | undefined>(undefined);
  const seq = useRef(0);
  // Socket handlers read the latest render's values through this ref.
  const latest = useRef({ userLanguage, partnerLanguage, t, deps: { ...DEFAULT_DEPS, ...deps } });
  useEffect(() => {
    latest.current = { userLanguage, partnerLanguage, t, deps: { ...DEFAULT_DEPS, ...deps } };
  });

  const send = useCallback((message: VoiceClientMessage) => {
    const ws = socket.current;
    if (ws?.readyState === OPEN) ws.send(JSON.stringify(message));
  }, []);

  const sendLanguages = useCallback(() => {
    const { userLanguage: user, partnerLanguage: partner } = latest.current;
    const key = `${user}|${partner}`;
    if (key === lastSentLanguages.current) return;
    lastSentLanguages.current = key;
    send({ type: 'update_languages', userLanguage: user, partnerLanguage: partner });
  }, [send]);

  const teardown = useCallback(() => {
    socket.current = undefined;
    wantRecording.current = false;
    capture.current?.cancel();
    capture.current = undefined;
    audio.current?.close();
    audio.current = undefined;
    clearTimeout(speakingTimer.current);
    lastSentLanguages.current = '';
    setConnection('disconnected');
    setRecording(undefined);
    setSpeaking(false);
  }, []);

  const handleEvent = useCallback((event: VoiceServerEvent) => {
    const { userLanguage: user, partnerLanguage: partner, t: tr } = latest.current;
    const id = () => `${Date.now().toString(36)}-${++seq.current}`;
    const otherLanguage = () => {
      const original = lastOriginalLanguage.current;
      return original && sameLanguage(original, partner) ? user : partner;
    };
    switch (event.type) {
      case 'conversation.item.input_audio_transcription.completed': {
        const language = event.language ?? user;
        lastOriginalLanguage.current = language;
        dispatch({ type: 'original', id: id(), text: event.transcript, language, timestamp: Date.now() });
        break;
      }
      case 'response.audio_transcript.delta':
        dispatch({ type: 'translationDelta', id: id(), delta: event.delta, language: event.language ?? otherLanguage(), timestamp: Date.now() });
        break;
      case 'response.audio_transcript.done':
        dispatch({
          type: 'translationDone', id: id(), suffix: ` ${tr('talk.complete')}`, transcript: event.transcript, language: event.language ?? otherLanguage(), timestamp: Date.now(),
          ...(event.engine ? { made: { engine: event.engine, ...(event.via ? { via: event.via } : {}) } } : {}),
        });
        break;
      case 'response.audio.delta':
        clearTimeout(speakingTimer.current);
        try {
          audio.current?.play(event.delta);
          setSpeaking(true);
        } catch (error) {
          console.warn('Unplayable voice audio chunk', error);
        }
        break;
      case 'response.audio.done': {
        clearTimeout(speakingTimer.current);
        const wait = audio.current?.msUntilPlayed() ?? 0;
        speakingTimer.current = setTimeout(() => setSpeaking(false), wait);
        break;
      }
      case 'error':
        toast.error(voiceErrorText(event.error.code, tr, otherLanguage(), lastSpokenLanguage.current));
        break;
      default:
        break; // session.*, input_audio_buffer.committed/cleared: nothing to show
    }
  }, []);

  const connect = useCallback(async () => {
    if (socket.current || audio.current) return;
    const { deps: d, t: tr } = latest.current;
    const failed = () => toast.error(tr('talk.connectionFailed'), { description: tr('talk.connectionFailedDescription') });
    setConnection('connecting');
    let engine: VoiceAudioEngine;
    try {
      engine = d.createAudio(); // inside the click, so the context may play sound
      audio.current = engine;
      await engine.checkMicrophone();
    } catch (error) {
      console.warn('Voice connect failed', error);
      teardown();
      failed();
      return;
    }
    if (audio.current !== engine) return; // disconnected or unmounted meanwhile
    let ws: WebSocket;
    try {
      ws = d.createSocket(voiceSocketUrl());
    } catch (error) {
      console.warn('Voice socket failed', error);
      teardown();
      failed();
      return;
    }
    socket.current = ws;
    let opened = false;
    const end = () => {
      if (socket.current !== ws) return;
      teardown();
      if (!opened) failed();
    };
    ws.onopen = () => {
      if (socket.current !== ws) return;
      opened = true;
      sendLanguages();
      setConnection('connected');
      toast.success(tr('talk.connectedTitle'), { description: tr('talk.connectedDescription') });
    };
    ws.onmessage = (message: MessageEvent) => {
      if (socket.current !== ws || typeof message.data !== 'string') return;
      const event = parseVoiceServerEvent(message.data);
      if (event) handleEvent(event);
    };
    ws.onerror = end;
    ws.onclose = end;
  }, [handleEvent, sendLanguages, teardown]);

  const disconnect = useCallback(() => {
    const ws = socket.current;
    teardown();
    ws?.close(1000);
    dispatch({ type: 'clear' });
  }, [teardown]);

  const finishRecording = useCallback(async () => {
    const current = capture.current;
    capture.current = undefined;
    if (!current) return;
    await current.stop();
    // A press too short to capture anything sends nothing rather than an empty commit.
    if (current.chunks > 0) send({ type: 'input_audio_buffer.commit' });
  }, [send]);

  /** Hold-to-speak on the microphone of `language`: the server listens for that language only. */
  const startRecording = useCallback(async (language: string) => {
    const engine = audio.current;
    if (!socket.current || socket.current.readyState !== OPEN || !engine || wantRecording.current || capture.current) return;
    wantRecording.current = true;
    lastSpokenLanguage.current = language;
    setRecording(language);
    let started: Capture;
    try {
      started = await engine.startCapture((chunk) => send({ type: 'input_audio_buffer.append', audio: chunk, language }));
    } catch (error) {
      console.warn('Microphone failed', error);
      wantRecording.current = false;
      setRecording(undefined);
      const tr = latest.current.t;
      toast(tr('talk.microphoneError'), { description: tr('talk.microphoneErrorDescription') });
      return;
    }
    if (audio.current !== engine) {
      started.cancel(); // disconnected while the microphone was opening
      return;
    }
    capture.current = started;
    if (!wantRecording.current) await finishRecording(); // released while the microphone was opening
  }, [finishRecording, send]);

  const stopRecording = useCallback(() => {
    if (!wantRecording.current) return;
    wantRecording.current = false;
    setRecording(undefined);
    void finishRecording();
  }, [finishRecording]);

  // Languages changed while connected: tell the server (sendLanguages skips unchanged pairs).
  useEffect(() => {
    if (connection === 'connected') sendLanguages();
  }, [connection, userLanguage, partnerLanguage, sendLanguages]);

  // Leaving the tab ends the session quietly.
  useEffect(
    () => () => {
      const ws = socket.current;
      socket.current = undefined;
      capture.current?.cancel();
      audio.current?.close();
      audio.current = undefined;
      clearTimeout(speakingTimer.current);
      ws?.close(1000);
    },
    [],
  );

  return { connection, recording, speaking, entries: transcript.entries, connect, disconnect, startRecording, stopRecording };
}
