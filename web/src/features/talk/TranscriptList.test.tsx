import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '../../lib/i18n.tsx';
import { TranscriptList } from './TranscriptList.tsx';

afterEach(cleanup);

describe('TranscriptList', () => {
  it("shows how a translation was made in the entry's details (engine, pivot); an original has none", () => {
    render(
      <I18nProvider initialLanguage="en">
        <TranscriptList
          entries={[
            { id: 'o', text: 'I would like a coffee', language: 'en', isTranslation: false, timestamp: 1 },
            { id: 't', text: 'Je voudrais un café', language: 'fr', isTranslation: true, timestamp: 2, made: { engine: 'apertium', via: 'ca' } },
          ]}
        />
      </I18nProvider>,
    );
    const [button, ...more] = screen.getAllByTestId('translation-details');
    expect(more).toHaveLength(0);
    fireEvent.click(button!);
    expect(screen.getByTestId('translation-info-engine').textContent).toBe('Machine translation by Apertium');
    expect(screen.getByTestId('translation-info-via').textContent).toBe('Through Catalan');
  });
});
