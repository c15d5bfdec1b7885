import { describe, expect, it } from 'vitest';
import { EMPTY_TRANSCRIPT, transcriptReducer, type TranscriptAction, type TranscriptState } from './transcript.ts';

const SUFFIX = ' [Complete]';
let n = 0;
const original = (text: string, language = 'en'): TranscriptAction => ({ type: 'original', id: `o${++n}`, text, language, timestamp: n });
const delta = (text: string, language = 'es'): TranscriptAction => ({ type: 'translationDelta', id: `t${++n}`, delta: text, language, timestamp: n });
const done = (transcript?: string): TranscriptAction => ({ type: 'translationDone', id: `d${++n}`, suffix: SUFFIX, transcript, language: 'es', timestamp: n });
const run = (...actions: TranscriptAction[]): TranscriptState => actions.reduce(transcriptReducer, EMPTY_TRANSCRIPT);
const texts = (s: TranscriptState) => s.entries.map((e) => `${e.isTranslation ? 'T' : 'O'}:${e.text}`);

describe('transcriptReducer', () => {
  it('adds the recognised original as an Original entry with its language', () => {
    const state = run(original('Where is the train station'));
    expect(state.entries).toHaveLength(1);
    expect(state.entries[0]).toMatchObject({ text: 'Where is the train station', language: 'en', isTranslation: false });
    expect(typeof state.entries[0]?.timestamp).toBe('number');
  });

  it('keeps how a finished translation was made (engine, pivot) on its entry', () => {
    const made = { engine: 'apertium', via: 'ca' };
    const streamed = run(original('Hi'), delta('Bonjour'), { ...done(), made } as TranscriptAction);
    expect(streamed.entries[1]).toMatchObject({ text: `Bonjour${SUFFIX}`, made });
    const whole = run(original('Hi'), { ...done('Salut'), made } as TranscriptAction);
    expect(whole.entries[1]).toMatchObject({ text: `Salut${SUFFIX}`, made });
    expect(run(original('Hi'), done('Hola')).entries[1]?.made).toBeUndefined();
  });

  it('ignores a blank original', () => {
    expect(run(original('   ')).entries).toHaveLength(0);
  });

  it('appends translation deltas to one entry until done, which appends [Complete]', () => {
    const state = run(original('Where is the train station'), delta('¿Dónde está '), delta('la estación'), delta(' de tren?'), done());
    expect(texts(state)).toEqual(['O:Where is the train station', 'T:¿Dónde está la estación de tren? [Complete]']);
    expect(state.entries[1]).toMatchObject({ language: 'es', isTranslation: true });
    expect(state.openTranslationId).toBeUndefined();
  });

  it('starts a new translation entry with the next delta after done', () => {
    const state = run(delta('Hola'), done(), original('thank you'), delta('Gracias'), done());
    expect(texts(state)).toEqual(['T:Hola [Complete]', 'O:thank you', 'T:Gracias [Complete]']);
  });

  it('keeps appending to the open entry even when an original arrives in between', () => {
    const state = run(delta('Hola'), original('next'), delta(' amigo'));
    expect(texts(state)).toEqual(['T:Hola amigo', 'O:next']);
  });

  it('uses the done transcript when no delta came first, and ignores an empty done', () => {
    expect(texts(run(done('Buenos días')))).toEqual(['T:Buenos días [Complete]']);
    expect(run(done()).entries).toHaveLength(0);
    expect(texts(run(delta('Hola'), done(), done()))).toEqual(['T:Hola [Complete]']);
  });

  it('clear empties the transcript and closes the open entry', () => {
    const state = run(original('hello'), delta('Hola'), { type: 'clear' });
    expect(state).toEqual(EMPTY_TRANSCRIPT);
    expect(texts(transcriptReducer(state, delta('Nuevo')))).toEqual(['T:Nuevo']);
  });

  it('does not mutate the previous state', () => {
    const before = run(delta('Hola'));
    const frozen = JSON.stringify(before);
    transcriptReducer(before, delta(' mundo'));
    transcriptReducer(before, done());
    expect(JSON.stringify(before)).toBe(frozen);
  });
});
