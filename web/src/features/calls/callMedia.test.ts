import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallServerEvent } from '@parley/common';
import type { VoiceAudioEngine } from '../../lib/audio/voiceAudio.ts';
import { CallMedia, type CallMediaDeps } from './callMedia.ts';
import type { CallAction } from './callState.ts';
import type { VadCallbacks } from './vad.ts';

class FakeSocket {
  readyState = 0;
  sent: { type: string; [k: string]: unknown }[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data) as { type: string });
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(event: CallServerEvent) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

let sockets: FakeSocket[];
let played: { volume: number; audio: string }[];
let onChunk: ((b64: string) => void) | undefined;
let vad: VadCallbacks | undefined;
let vadFails: boolean;
let actions: CallAction[];

function deps(): CallMediaDeps {
  return {
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s as unknown as WebSocket;
    },
    createAudio: (volume = 1) =>
      ({
        checkMicrophone: async () => undefined,
        startCapture: async (cb: (b64: string) => void) => {
          onChunk = cb;
          return { chunks: 0, stop: async () => undefined, cancel: () => undefined };
        },
        play: (audio: string) => played.push({ volume, audio }),
        msUntilPlayed: () => 0,
        close: () => undefined,
      }) satisfies VoiceAudioEngine,
    startVad: async (callbacks) => {
      if (vadFails) throw new Error('no wasm here');
      vad = callbacks;
      return { start: async () => undefined, pause: async () => undefined, destroy: async () => undefined };
    },
  };
}

beforeEach(() => {
  sockets = [];
  played = [];
  actions = [];
  onChunk = undefined;
  vad = undefined;
  vadFails = false;
});
afterEach(() => vi.useRealTimers());

async function started(settings = { muted: false, speakerOn: true, hearOriginal: false }) {
  const media = new CallMedia('c1', (a) => actions.push(a), settings, deps());
  media.start();
  await vi.waitFor(() => expect(actions.some((a) => a.type === 'input')).toBe(true));
  const socket = sockets[0]!;
  socket.open();
  return { media, socket };
}

describe('CallMedia', () => {
  it('opens the call media socket, sends the settings, and cuts speech by voice activity', async () => {
    const { socket, media } = await started();
    expect(socket.url).toMatch(/\/api\/calls\/media\?callId=c1$/);
    expect(actions).toContainEqual({ type: 'input', mode: 'vad' });
    expect(socket.sent).toEqual([{ type: 'settings', hearOriginal: false }]);
    // The detector hands over a whole utterance (1 s at 16 kHz): 24 kHz chunks of 4096 samples, then the end.
    vad!.onSpeechStart();
    vad!.onSpeechEnd(new Float32Array(16_000));
    vad!.onSpeechStart();
    vad!.onMisfire();
    const appended = socket.sent.filter((m) => m.type === 'audio.append');
    expect(appended).toHaveLength(6);
    expect(socket.sent.slice(1).map((m) => m.type)).toEqual(['speech.start', ...appended.map(() => 'audio.append'), 'speech.end', 'speech.start', 'speech.cancel']);
    // Muted, an utterance is not sent at all.
    media.setMuted(true);
    vad!.onSpeechEnd(new Float32Array(16_000));
    expect(socket.sent.at(-1)).toEqual({ type: 'mute', muted: true });
    media.close();
  });

  it('plays translated audio and untranslated voices, the original quietly only when asked, nothing with the speaker off', async () => {
    const { socket, media } = await started();
    socket.receive({ type: 'audio.delta', utteranceId: 'u1', audio: 'T1' });
    socket.receive({ type: 'partner.audio', utteranceId: 'u1', kind: 'original', audio: 'O1' });
    socket.receive({ type: 'partner.audio', utteranceId: 'u2', kind: 'untranslated', audio: 'U2' });
    media.setHearOriginal(true);
    socket.receive({ type: 'partner.audio', utteranceId: 'u3', kind: 'original', audio: 'O3' });
    media.setSpeaker(false);
    socket.receive({ type: 'audio.delta', utteranceId: 'u4', audio: 'T4' });
    expect(played).toEqual([{ volume: 1, audio: 'T1' }, { volume: 1, audio: 'U2' }, { volume: 0.2, audio: 'O3' }]);
    expect(actions.filter((a) => a.type === 'audio')).toHaveLength(4); // the original nobody asked for is not counted
    expect(socket.sent.at(-1)).toEqual({ type: 'settings', hearOriginal: true });
    media.close();
  });

  it('passes captions on, reconnects after a drop, and stops at the end', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'Date'] });
    const { socket, media } = await started();
    const caption: CallServerEvent = { type: 'caption', utteranceId: 'u1', speaker: 'partner', original: { text: 'hola', language: 'es' }, translated: null, final: false };
    socket.receive(caption);
    expect(actions).toContainEqual({ type: 'media', event: caption });
    media.setMuted(true);
    socket.drop();
    expect(actions.at(-1)).toEqual({ type: 'mediaLost' });
    await vi.advanceTimersByTimeAsync(400);
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    // A muted side says so again on the new socket.
    expect(sockets[1]!.sent).toEqual([{ type: 'settings', hearOriginal: false }, { type: 'mute', muted: true }]);
    sockets[1]!.drop(4410);
    expect(actions.at(-1)).toEqual({ type: 'failed', outcome: 'hangup' });
    await vi.advanceTimersByTimeAsync(6000);
    expect(sockets).toHaveLength(2);
  });

  it('falls back to hold-to-talk when voice activity detection cannot start', async () => {
    vadFails = true;
    const { socket, media } = await started();
    expect(actions).toContainEqual({ type: 'input', mode: 'ptt' });
    media.talkDown();
    onChunk!('CCCC');
    media.talkUp();
    expect(socket.sent.slice(1).map((m) => m.type)).toEqual(['speech.start', 'audio.append', 'speech.end']);
    media.close();
  });
});
