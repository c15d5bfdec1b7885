import { describe, expect, it } from 'vitest';
import { inferRelationshipContext, pickerContext, RELATIONSHIP_TYPES } from './relationship.ts';

describe('inferRelationshipContext', () => {
  it.each([
    ['my boss', 'boss', 'formal'],
    ['Manager at work', 'boss', 'formal'],
    ['a client', 'client', 'formal'],
    ['customer', 'client', 'formal'],
    ['my professor', 'teacher', 'formal'],
    ['family doctor', 'family', 'informal'],
    ['our lawyer', 'professional', 'formal'],
    ['business contact', 'professional', 'formal'],
    ['colleague', 'professional', 'formal'],
    ['my girlfriend', 'romantic', 'informal'],
    ['Wife', 'romantic', 'informal'],
    ['business partner', 'romantic', 'informal'],
    ['mom', 'family', 'informal'],
    ['my brother', 'family', 'informal'],
    ['a relative', 'close_friend', 'informal'],
    ['best friend', 'close_friend', 'informal'],
    ['buddy from school', 'close_friend', 'informal'],
    ['close to me', 'close_friend', 'informal'],
    ['neighbour', 'general', 'neutral'],
    ['classmate', 'general', 'neutral'],
    ['', 'general', 'neutral'],
  ])('%j -> %s / %s', (text, type, formality) => {
    expect(inferRelationshipContext(text)).toEqual({ type, formality, description: text.trim() });
  });

  it('romantic wins over formal words ("partner" is listed under romantic)', () => {
    expect(inferRelationshipContext('my partner, also my boss').type).toBe('romantic');
  });
});

describe('picker types', () => {
  it('has the nine types with the formality of spec section 3', () => {
    expect(Object.fromEntries(RELATIONSHIP_TYPES.map((r) => [r.type, r.formality]))).toEqual({
      romantic: 'informal', family: 'informal', close_friend: 'informal', colleague: 'neutral', boss: 'formal',
      client: 'formal', teacher: 'formal', acquaintance: 'neutral', stranger: 'neutral',
    });
    expect(pickerContext('boss')).toEqual({ type: 'boss', formality: 'formal', description: 'Boss' });
  });
});
