import { describe, expect, it } from 'vitest';
import { defaultLanguages, directionParts } from './scanApi.ts';

describe('defaultLanguages', () => {
  it("puts the user's language first and Spanish second", () => {
    expect(defaultLanguages(undefined)).toEqual({ primary: 'en', secondary: 'es' });
    expect(defaultLanguages('fr')).toEqual({ primary: 'fr', secondary: 'es' });
  });

  it('pairs a Spanish speaker with English', () => {
    expect(defaultLanguages('es')).toEqual({ primary: 'es', secondary: 'en' });
  });
});

describe('directionParts', () => {
  it('reads codes and names on either side of the arrow', () => {
    expect(directionParts('es → en')).toEqual({ from: 'Spanish', to: 'English' });
    expect(directionParts('Spanish → English')).toEqual({ from: 'Spanish', to: 'English' });
    expect(directionParts('ignored', 'ja', 'de')).toEqual({ from: 'Japanese', to: 'German' });
    expect(directionParts('')).toBeUndefined();
  });
});
