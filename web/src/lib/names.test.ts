import { describe, expect, it } from 'vitest';
import { displayLanguageName, joinNames } from './names.ts';

describe('joinNames', () => {
  it("joins names the reader's way", () => {
    expect(joinNames(['Ana', 'Li', 'Marc'], 'en')).toBe('Ana, Li, and Marc');
    expect(joinNames(['Ana', 'Li'], 'es')).toBe('Ana y Li');
  });
});

describe('displayLanguageName', () => {
  it("names a language in the reader's language, capitalised for a label when asked", () => {
    expect(displayLanguageName('es', 'en')).toBe('Spanish');
    expect(displayLanguageName('es', 'es')).toBe('español');
    expect(displayLanguageName('es', 'es', true)).toBe('Español');
  });
});
