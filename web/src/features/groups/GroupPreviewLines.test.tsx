import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LanguagePreview } from '@parley/common';
import { I18nProvider } from '../../lib/i18n.tsx';
import { GroupPreviewLines } from './GroupPreviewLines.tsx';

const line = (targetLanguage: string, translation: string): LanguagePreview => ({ targetLanguage, status: 'done', translation, backTranslation: `back ${targetLanguage}` });

afterEach(cleanup);

describe('GroupPreviewLines', () => {
  it('shows one line per translation, merging languages that read the same, and opens the rest on demand', () => {
    render(
      <I18nProvider initialLanguage="en">
        <GroupPreviewLines languages={[line('es', 'Hola'), line('fr', 'Salut'), line('gl', 'Hola'), line('de', 'Hallo'), line('it', 'Ciao'), { ...line('ja', ''), status: 'failed', translation: null }]} />
      </I18nProvider>,
    );
    const shown = () => screen.getAllByTestId('group-preview-line').map((l) => l.dataset.languages);
    expect(shown()).toEqual(['es gl', 'fr', 'de']);
    expect(screen.getByText('In Spanish and Galician:')).toBeTruthy();
    fireEvent.click(screen.getByTestId('group-preview-more'));
    expect(shown()).toEqual(['es gl', 'fr', 'de', 'it']);
    expect(screen.getByTestId('group-preview-more').textContent).toBe('Show fewer');
  });
});
