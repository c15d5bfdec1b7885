/** The voice transcript (spec sections 3 and 4), as a pure reducer. */

/** Voice transcript entry (spec section 3). */
export interface TranscriptEntry {
  id: string;
  text: string;
  /** Language code ('es') or, when the server named it otherwise, its name. */
  language: string;
  isTranslation: boolean;
  timestamp: number;
  /** A finished translation: the engine and pivot that made it (issue 34 item 4), when the server said. */
  made?: { engine: string; via?: string };
}

export interface TranscriptState {
  entries: TranscriptEntry[];
  /** The translation entry that deltas are appended to until its done message; undefined after done. */
  openTranslationId?: string;
}

export type TranscriptAction =
  /** The recognised original (conversation.item.input_audio_transcription.completed). */
  | { type: 'original'; id: string; text: string; language: string; timestamp: number }
  /** A piece of translated text (response.audio_transcript.delta). `id` is used if it starts a new entry. */
  | { type: 'translationDelta'; id: string; delta: string; language: string; timestamp: number }
  /**
   * The translation is complete (response.audio_transcript.done): `suffix` (' [Complete]') is
   * appended. `transcript` creates the entry when no delta came before it.
   */
  | { type: 'translationDone'; id: string; suffix: string; transcript?: string; language: string; timestamp: number; made?: { engine: string; via?: string } }
  /** Disconnect. */
  | { type: 'clear' };

export const EMPTY_TRANSCRIPT: TranscriptState = { entries: [] };

function update(entries: TranscriptEntry[], id: string, change: (entry: TranscriptEntry) => TranscriptEntry): TranscriptEntry[] {
  return entries.map((entry) => (entry.id === id ? change(entry) : entry));
}

export function transcriptReducer(state: TranscriptState, action: TranscriptAction): TranscriptState {
  switch (action.type) {
    case 'original': {
      const text = action.text.trim();
      if (!text) return state;
      const entry: TranscriptEntry = { id: action.id, text, language: action.language, isTranslation: false, timestamp: action.timestamp };
      return { ...state, entries: [...state.entries, entry] };
    }
    case 'translationDelta': {
      const open = state.openTranslationId;
      if (open && state.entries.some((e) => e.id === open)) {
        return { ...state, entries: update(state.entries, open, (e) => ({ ...e, text: e.text + action.delta })) };
      }
      const entry: TranscriptEntry = { id: action.id, text: action.delta, language: action.language, isTranslation: true, timestamp: action.timestamp };
      return { entries: [...state.entries, entry], openTranslationId: action.id };
    }
    case 'translationDone': {
      const open = state.openTranslationId;
      if (open && state.entries.some((e) => e.id === open)) {
        return { entries: update(state.entries, open, (e) => ({ ...e, text: e.text + action.suffix, ...(action.made ? { made: action.made } : {}) })) };
      }
      const text = action.transcript?.trim();
      if (!text) return { entries: state.entries };
      const entry: TranscriptEntry = {
        id: action.id, text: text + action.suffix, language: action.language, isTranslation: true, timestamp: action.timestamp, ...(action.made ? { made: action.made } : {}),
      };
      return { entries: [...state.entries, entry] };
    }
    case 'clear':
      return EMPTY_TRANSCRIPT;
  }
}
