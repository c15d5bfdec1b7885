import { useSyncExternalStore } from 'react';

/** What the one read-aloud player is doing: nothing, fetching the first audio, or playing `url`. */
export interface PlayerState {
  url: string | null;
  status: 'idle' | 'loading' | 'playing' | 'error';
}

let state: PlayerState = { url: null, status: 'idle' };
let audio: HTMLAudioElement | null = null;
const listeners = new Set<() => void>();

function set(next: PlayerState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Stop whatever is playing (one voice at a time). */
export function stopSpeech(): void {
  if (audio) {
    audio.onplaying = audio.onended = audio.onerror = audio.onpause = null;
    audio.pause();
    audio.removeAttribute('src');
    audio.load(); // closes the streaming request, so the server stops synthesizing
    audio = null;
  }
  set({ url: null, status: 'idle' });
}

/**
 * Play `url` (audio/wav streamed by GET /api/speech). The element plays as the bytes arrive;
 * a second call with the same url stops it, another url replaces it.
 */
export function toggleSpeech(url: string): void {
  if (state.url === url && (state.status === 'loading' || state.status === 'playing')) {
    stopSpeech();
    return;
  }
  stopSpeech();
  const element = new Audio(url);
  audio = element;
  set({ url, status: 'loading' });
  element.onplaying = () => set({ url, status: 'playing' });
  element.onended = () => {
    if (audio === element) audio = null;
    set({ url: null, status: 'idle' });
  };
  element.onerror = () => {
    if (audio === element) audio = null;
    set({ url, status: 'error' });
  };
  Promise.resolve(element.play()).catch(() => {
    if (audio === element) set({ url, status: 'error' });
  });
}

export function useSpeechPlayer(): PlayerState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
