import { describe, expect, it } from 'vitest';
import { compactPreview } from './compactPreview.ts';

describe('compactPreview', () => {
  const line = (language: string, translation: string) => ({ language, translation, backTranslation: null });

  it('merges languages whose translation reads the same', () => {
    const { shown, hidden } = compactPreview([line('es', 'Hola'), line('fr', 'Salut'), line('pt', 'Hola ')]);
    expect(shown.map((l) => l.languages)).toEqual([['es', 'pt'], ['fr']]);
    expect(hidden).toEqual([]);
  });

  it('shows the first lines and keeps the rest behind a count', () => {
    const { shown, hidden } = compactPreview([line('es', 'a'), line('fr', 'b'), line('de', 'c'), line('it', 'd'), line('ja', 'e')], 3);
    expect(shown.map((l) => l.language)).toEqual(['es', 'fr', 'de']);
    expect(hidden.map((l) => l.language)).toEqual(['it', 'ja']);
  });
});
