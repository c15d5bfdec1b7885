/**
 * Call tones made with Web Audio (nothing to download): the incoming ring (two short bursts every 3 s, with
 * vibration on phones that allow it) and the caller's ringback (one long tone every 4 s). A browser that
 * refuses to start audio before a tap still vibrates and shows the ringing screen.
 */
export type ToneKind = 'incoming' | 'ringback';

interface Pattern {
  /** Tone frequencies mixed together (Hz). */
  freqs: number[];
  /** [start, end] of each burst within one period (seconds). */
  bursts: [number, number][];
  period: number;
  volume: number;
  vibrate?: number[];
}

const PATTERNS: Record<ToneKind, Pattern> = {
  incoming: { freqs: [660, 880], bursts: [[0, 0.4], [0.6, 1.0]], period: 3, volume: 0.18, vibrate: [400, 200, 400] },
  ringback: { freqs: [440, 480], bursts: [[0, 1.6]], period: 4, volume: 0.08 },
};

export interface Tone {
  stop(): void;
}

/** Start a repeating tone until stop(). */
export function playTone(kind: ToneKind): Tone {
  const pattern = PATTERNS[kind];
  let context: AudioContext | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopped = false;
  const vibrate = () => {
    if (pattern.vibrate && typeof navigator.vibrate === 'function') {
      try {
        navigator.vibrate(pattern.vibrate);
      } catch {
        // not allowed without a tap on some browsers
      }
    }
  };
  const ring = () => {
    vibrate();
    if (!context) return;
    const start = context.currentTime + 0.05;
    const gain = context.createGain();
    gain.gain.value = 0;
    gain.connect(context.destination);
    for (const [from, to] of pattern.bursts) {
      // Short ramps: no clicks at the edges of a burst.
      gain.gain.setValueAtTime(0, start + from);
      gain.gain.linearRampToValueAtTime(pattern.volume, start + from + 0.02);
      gain.gain.setValueAtTime(pattern.volume, start + to - 0.02);
      gain.gain.linearRampToValueAtTime(0, start + to);
    }
    const end = start + (pattern.bursts.at(-1)?.[1] ?? 0) + 0.05;
    for (const freq of pattern.freqs) {
      const osc = context.createOscillator();
      osc.frequency.value = freq;
      osc.connect(gain);
      osc.start(start);
      osc.stop(end);
    }
  };
  try {
    context = new AudioContext();
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
  } catch {
    context = undefined;
  }
  ring();
  timer = setInterval(() => {
    if (!stopped) ring();
  }, pattern.period * 1000);
  return {
    stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      if (pattern.vibrate && typeof navigator.vibrate === 'function') {
        try {
          navigator.vibrate(0);
        } catch {
          // ignore
        }
      }
      void context?.close().catch(() => undefined);
    },
  };
}
