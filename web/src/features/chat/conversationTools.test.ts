import { describe, expect, it } from 'vitest';
import { changedPhrase } from './conversationTools.ts';

describe('changedPhrase', () => {
  it('picks the longest run of words the correction added', () => {
    expect(changedPhrase('Dónde es la canal de tren?', '¿Dónde está la estación de tren?')).toBe('estación');
    expect(changedPhrase('I have a cat', 'I have a black cat')).toBe('black');
    expect(changedPhrase('See you later', 'See you tomorrow morning')).toBe('tomorrow morning');
  });

  it('is empty when nothing new was written', () => {
    expect(changedPhrase('Hola amigo', 'hola, amigo')).toBe('');
    expect(changedPhrase('Hola', '')).toBe('');
  });
});
