import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n.tsx';
import { TalkTab } from './TalkTab.tsx';
import { voiceSocketUrl, type VoiceDeps } from './useVoiceTranslator.ts';
import type { Capture, VoiceAudioEngine } from '../../lib/audio/voiceAudio.ts';

const toast = vi.hoisted(() => Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

class FakeSocket {
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(event: object) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
  types() {
    return this.sent.map((m) => m.type);
  }
}

let sockets: FakeSocket[];
let audio: VoiceAudioEngine & { played: string[]; closed: boolean };
let micOk: boolean;
let captureOk: boolean;

let sttLanguages: string[];
function deps(): Partial<VoiceDeps> {
  return {
    loadCapabilities: async () => ({ engine: 'pipeline', stt: { engine: 'pocketsphinx', languages: sttLanguages }, tts: { engine: 'espeak', languages: ['en', 'es', 'fr'] } }),
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    createAudio: () => audio,
  };
}

beforeEach(() => {
  localStorage.clear();
  vi.clearAllMocks();
  sockets = [];
  sttLanguages = ['en', 'es', 'fr'];
  micOk = true;
  captureOk = true;
  audio = {
    played: [],
    closed: false,
    checkMicrophone: async () => {
      if (!micOk) throw new DOMException('denied', 'NotAllowedError');
    },
    startCapture: async (onChunk) => {
      if (!captureOk) throw new DOMException('busy', 'NotReadableError');
      onChunk('AAAA');
      const capture: Capture = { chunks: 1, stop: async () => onChunk('BBBB'), cancel: () => undefined };
      return capture;
    },
    play(base64) {
      this.played.push(base64);
    },
    msUntilPlayed: () => 0,
    close() {
      this.closed = true;
    },
  };
});
afterEach(cleanup);

function renderTab() {
  render(
    <I18nProvider initialLanguage="en">
      <TalkTab deps={deps()} />
    </I18nProvider>,
  );
}

async function connect(): Promise<FakeSocket> {
  renderTab();
  fireEvent.click(screen.getByTestId('talk-start'));
  await waitFor(() => expect(sockets).toHaveLength(1));
  const socket = sockets[0]!;
  act(() => socket.open());
  return socket;
}

/** The microphone that listens for English (one per language when the two differ). */
function englishMic(): HTMLElement {
  const mic = screen.getAllByTestId('mic-button').find((m) => m.dataset.language === 'en');
  if (!mic) throw new Error('no English microphone');
  return mic;
}

/** A Spanish-speaking user whose interface strings stay English (so the assertions read plainly). */
function renderSpanishSpeaker() {
  render(
    <I18nProvider initialLanguage="es" loadCatalog={async () => ({})} translateOptions={{ post: async (_l, strings) => strings }}>
      <TalkTab deps={deps()} />
    </I18nProvider>,
  );
}

describe('TalkTab honesty about speech recognition', () => {
  it('a Spanish speaker with offline (English-only) recognition: one microphone per language, the Spanish one off, and says so', async () => {
    sttLanguages = ['en'];
    renderSpanishSpeaker();
    const notice = await screen.findByTestId('talk-stt-notice');
    expect(notice.textContent).toBe('This server can only recognise speech in inglés. Speech in español cannot be understood here, so its microphone is off.');
    fireEvent.click(screen.getByTestId('talk-start'));
    await waitFor(() => expect(sockets).toHaveLength(1));
    act(() => sockets[0]!.open());
    const mics = screen.getAllByTestId('mic-button');
    expect(mics.map((m) => [m.dataset.language, m.getAttribute('aria-label'), (m as HTMLButtonElement).disabled])).toEqual([
      ['es', 'Hold to speak español', true],
      ['en', 'Hold to speak inglés', false],
    ]);
    // The English microphone says what it is listening for with every chunk of audio.
    fireEvent.pointerDown(mics[1]!, { pointerType: 'mouse', button: 0 });
    await waitFor(() => expect(sockets[0]!.types()).toContain('input_audio_buffer.append'));
    fireEvent.pointerUp(mics[1]!);
    await waitFor(() => expect(sockets[0]!.types().at(-1)).toBe('input_audio_buffer.commit'));
    expect(sockets[0]!.sent.filter((m) => m.type === 'input_audio_buffer.append').map((m) => m.language)).toEqual(['en', 'en']);
    // Speech too unclear to be English is named by the language of the microphone held.
    act(() => sockets[0]!.receive({ type: 'error', error: { code: 'speech_unclear', message: 'x' } }));
    expect(toast.error).toHaveBeenLastCalledWith('That was not clear enough to be understood as inglés, so nothing was translated. Please try again.');
  });

  it('neither language recognised: no microphone, a plain explanation, and the session cannot start', async () => {
    sttLanguages = ['en'];
    renderSpanishSpeaker();
    fireEvent.change(await screen.findByTestId('talk-partner-language'), { target: { value: 'fr' } });
    expect((await screen.findByTestId('talk-stt-notice')).textContent).toBe(
      'This server cannot recognise speech in español or francés, so the microphone is off. You can type instead in Chat or Scan.',
    );
    expect((screen.getByTestId('talk-start') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('talk-start'));
    expect(sockets).toHaveLength(0);
  });

  it('both languages recognised: no notice', async () => {
    renderSpanishSpeaker();
    await screen.findByTestId('talk-start');
    await act(async () => {});
    expect(screen.queryByTestId('talk-stt-notice')).toBeNull();
  });
});

describe('TalkTab', () => {
  it('shows the idle panel: title, languages, empty state and the start button', () => {
    renderTab();
    expect(screen.getByText('Voice Translator')).toBeTruthy();
    expect(screen.getByText('Real-time voice translation powered by ChatGPT')).toBeTruthy();
    expect(screen.getByTestId('talk-user-language').textContent).toBe('English');
    expect((screen.getByTestId('talk-partner-language') as HTMLSelectElement).value).toBe('es');
    expect(screen.getByText('Ready to Translate')).toBeTruthy();
    expect(screen.getByTestId('talk-start').textContent).toBe('Start Voice Translation');
    expect(screen.queryByTestId('badge-connected')).toBeNull();
    expect(screen.queryByTestId('mic-button')).toBeNull();
  });

  it('connects: Connecting..., update_languages on open, Connected badge and toast', async () => {
    renderTab();
    fireEvent.click(screen.getByTestId('talk-start'));
    expect(screen.getByTestId('talk-start').textContent).toBe('Connecting...');
    await waitFor(() => expect(sockets).toHaveLength(1));
    expect(sockets[0]!.url).toBe(`ws://${location.host}/functions/v1/realtime-voice-translate`);
    act(() => sockets[0]!.open());
    expect(sockets[0]!.sent).toEqual([{ type: 'update_languages', userLanguage: 'en', partnerLanguage: 'es' }]);
    expect(screen.getByTestId('badge-connected').textContent).toBe('Connected');
    expect(toast.success).toHaveBeenCalledWith('Connected!', { description: 'Voice translator is ready. Hold the mic button to speak.' });
    expect(screen.getByTestId('talk-hint').textContent).toBe('Hold microphone to speak');
  });

  it('re-sends the languages when the partner language changes while connected', async () => {
    const socket = await connect();
    fireEvent.change(screen.getByTestId('talk-partner-language'), { target: { value: 'fr' } });
    expect(socket.sent.at(-1)).toEqual({ type: 'update_languages', userLanguage: 'en', partnerLanguage: 'fr' });
    expect(socket.types().filter((t) => t === 'update_languages')).toHaveLength(2);
  });

  it('holds to record: appends audio while held, flushes and commits on release', async () => {
    const socket = await connect();
    const mic = englishMic();
    fireEvent.pointerDown(mic, { pointerType: 'mouse', button: 0 });
    await waitFor(() => expect(socket.types()).toContain('input_audio_buffer.append'));
    expect(screen.getByTestId('talk-hint').textContent).toBe('Release to stop recording');
    expect(mic.getAttribute('aria-pressed')).toBe('true');
    fireEvent.pointerUp(mic);
    await waitFor(() => expect(socket.types().at(-1)).toBe('input_audio_buffer.commit'));
    expect(socket.sent.slice(1)).toEqual([
      { type: 'input_audio_buffer.append', audio: 'AAAA', language: 'en' },
      { type: 'input_audio_buffer.append', audio: 'BBBB', language: 'en' },
      { type: 'input_audio_buffer.commit' },
    ]);
    expect(screen.getByTestId('talk-hint').textContent).toBe('Hold microphone to speak');
  });

  it('stops when the pointer leaves or the touch is cancelled', async () => {
    const socket = await connect();
    const mic = englishMic();
    fireEvent.pointerDown(mic, { pointerType: 'touch' });
    await waitFor(() => expect(socket.types()).toContain('input_audio_buffer.append'));
    fireEvent.pointerCancel(mic);
    await waitFor(() => expect(socket.types().at(-1)).toBe('input_audio_buffer.commit'));
    fireEvent.pointerDown(mic, { pointerType: 'mouse', button: 0 });
    fireEvent.pointerLeave(mic);
    await waitFor(() => expect(socket.types().filter((t) => t === 'input_audio_buffer.commit')).toHaveLength(2));
  });

  it('renders originals and translations, appends [Complete], plays audio with the Speaking badge', async () => {
    const socket = await connect();
    act(() => {
      socket.receive({ type: 'conversation.item.input_audio_transcription.completed', item_id: 'i1', content_index: 0, transcript: 'Where is the train station', language: 'en' });
      socket.receive({ type: 'response.audio_transcript.delta', delta: '¿Dónde está ', language: 'es' });
      socket.receive({ type: 'response.audio_transcript.delta', delta: 'la estación de tren?' });
      socket.receive({ type: 'response.audio.delta', delta: 'AAAA' });
    });
    const entries = screen.getAllByTestId('transcript-entry');
    expect(entries.map((e) => e.dataset.kind)).toEqual(['original', 'translation']);
    expect(entries[0]!.textContent).toBe('Original · EnglishWhere is the train station');
    expect(entries[1]!.textContent).toBe('Translation · Spanish¿Dónde está la estación de tren?');
    expect(screen.getByTestId('badge-speaking').textContent).toBe('Speaking');
    expect(audio.played).toEqual(['AAAA']);
    act(() => {
      socket.receive({ type: 'response.audio_transcript.done' });
      socket.receive({ type: 'response.audio.done' });
    });
    expect(screen.getAllByTestId('transcript-text')[1]!.textContent).toBe('¿Dónde está la estación de tren? [Complete]');
    await waitFor(() => expect(screen.queryByTestId('badge-speaking')).toBeNull());
  });

  it('shows server error events as a catalog toast chosen by code, never the server English', async () => {
    const socket = await connect();
    act(() => socket.receive({ type: 'error', error: { code: 'no_speech', message: 'No speech was recognised.' } }));
    expect(toast.error).toHaveBeenCalledWith('Hold microphone to speak');
    act(() => socket.receive({ type: 'error', error: { code: 'stt_failed', message: 'pocketsphinx exited 1' } }));
    expect(toast.error).toHaveBeenLastCalledWith('The voice translation failed. Please try again.');
    expect(screen.getByTestId('badge-connected')).toBeTruthy();
  });

  it('Disconnect closes the socket, clears the transcript and returns to Start', async () => {
    const socket = await connect();
    act(() => socket.receive({ type: 'conversation.item.input_audio_transcription.completed', item_id: 'i1', content_index: 0, transcript: 'hello' }));
    expect(screen.getAllByTestId('transcript-entry')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('talk-disconnect'));
    expect(socket.closed).toBe(true);
    expect(audio.closed).toBe(true);
    expect(screen.queryByTestId('transcript-entry')).toBeNull();
    expect(screen.getByText('Ready to Translate')).toBeTruthy();
    expect(screen.getByTestId('talk-start')).toBeTruthy();
  });

  it('a close by the server returns to disconnected and keeps the transcript', async () => {
    const socket = await connect();
    act(() => socket.receive({ type: 'conversation.item.input_audio_transcription.completed', item_id: 'i1', content_index: 0, transcript: 'hello' }));
    act(() => socket.onclose?.());
    expect(screen.getByTestId('talk-start')).toBeTruthy();
    expect(screen.queryByTestId('badge-connected')).toBeNull();
    expect(screen.getAllByTestId('transcript-entry')).toHaveLength(1);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('a socket that fails before opening shows Connection Failed once', async () => {
    renderTab();
    fireEvent.click(screen.getByTestId('talk-start'));
    await waitFor(() => expect(sockets).toHaveLength(1));
    act(() => {
      sockets[0]!.onerror?.();
      sockets[0]!.onclose?.();
    });
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith('Connection Failed', { description: 'Please check your microphone permissions and try again.' });
    expect(screen.getByTestId('talk-start').textContent).toBe('Start Voice Translation');
  });

  it('a denied microphone at Start shows Connection Failed and opens no socket', async () => {
    micOk = false;
    renderTab();
    fireEvent.click(screen.getByTestId('talk-start'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Connection Failed', expect.anything()));
    expect(sockets).toHaveLength(0);
    expect(screen.getByTestId('talk-start').textContent).toBe('Start Voice Translation');
  });

  it('a microphone that fails on press shows Microphone Error and sends nothing', async () => {
    captureOk = false;
    const socket = await connect();
    fireEvent.pointerDown(englishMic(), { pointerType: 'mouse', button: 0 });
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Microphone Error', { description: 'Could not access microphone. Please check permissions.' }));
    fireEvent.pointerUp(englishMic());
    expect(socket.types()).toEqual(['update_languages']);
    expect(screen.getByTestId('talk-hint').textContent).toBe('Hold microphone to speak');
  });
});

describe('voiceSocketUrl', () => {
  it('uses the page host, wss for https', () => {
    expect(voiceSocketUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/functions/v1/realtime-voice-translate');
    expect(voiceSocketUrl({ protocol: 'https:', host: 'parley.example' })).toBe('wss://parley.example/functions/v1/realtime-voice-translate');
  });
});
