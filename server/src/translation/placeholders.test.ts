import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { protectPlaceholders, restorePlaceholders } from './placeholders.ts';

describe('placeholders', () => {
  it('hides each placeholder behind a private-use character and puts it back', () => {
    const p = protectPlaceholders('Welcome, {name}! {n} new from {username} about "{query}"');
    expect(p.tokens).toEqual(['{name}', '{n}', '{username}', '{query}']);
    expect(p.text).toBe('Welcome, \uE000! \uE001 new from \uE002 about "\uE003"');
    expect(restorePlaceholders('¡Bienvenido, \uE000! \uE001 nuevos de \uE002 sobre "\uE003"', p.tokens)).toBe(
      '¡Bienvenido, {name}! {n} nuevos de {username} sobre "{query}"',
    );
  });

  it('restores placeholders the translation moved', () => {
    const p = protectPlaceholders('{n} minutes ago');
    expect(restorePlaceholders('hace \uE000 minutos', p.tokens)).toBe('hace {n} minutos');
  });

  it('reports a translation that lost or doubled a placeholder', () => {
    const p = protectPlaceholders('Hello {name}, meet {friend}');
    expect(restorePlaceholders('Hola, conoce a \uE001', p.tokens)).toBeUndefined();
    expect(restorePlaceholders('Hola \uE000 \uE000 \uE001', p.tokens)).toBeUndefined();
    expect(restorePlaceholders('Hola \uE000 \uE001 \uE002', p.tokens)).toBeUndefined();
  });

  it('leaves text without placeholders alone, and braces that are not placeholders', () => {
    expect(protectPlaceholders('Plain text { not one } {1}')).toEqual({ text: 'Plain text { not one } {1}', tokens: [] });
  });

  it('round-trips any string', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ maxLength: 8 }).map((s) => s.replace(/[\uE000-\uF8FF]/g, '')), fc.constantFrom('{name}', '{n}', '{query}', '{username}'))), (parts) => {
        const text = parts.join('');
        const p = protectPlaceholders(text);
        expect(restorePlaceholders(p.text, p.tokens)).toBe(text);
      }),
    );
  });
});
