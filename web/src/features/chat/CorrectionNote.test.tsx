import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n.tsx';
import { ConversationToolsContext } from './conversationTools.ts';
import { CorrectionNote } from './CorrectionNote.tsx';
import type { ViewMessage } from './messages.ts';

afterEach(cleanup);

const message = (patch: Partial<ViewMessage>): ViewMessage => ({
  id: '7', chat_room_id: 'r1', sender_id: 'ana', client_id: 'c1', content: 'Where is the station?', original_language: 'en',
  translated_content: '¿Dónde está la estación?', target_language: 'es', translation_status: 'done', created_at: new Date().toISOString(),
  machine_translation: 'Dónde es la canal?', corrected_by: 'bruno', corrected_at: new Date().toISOString(), ...patch,
});

function show(m: ViewMessage) {
  render(
    <I18nProvider initialLanguage="en">
      <ConversationToolsContext.Provider value={{ roomId: 'r1', myId: 'ana', partnerName: 'bruno', onCorrect: vi.fn() }}>
        <CorrectionNote message={m} mine />
      </ConversationToolsContext.Provider>
    </I18nProvider>,
  );
}

describe('CorrectionNote', () => {
  it('says who corrected and shows the machine version on demand', () => {
    show(message({}));
    expect(screen.getByTestId('corrected-by').textContent).toBe('Corrected by bruno');
    expect(screen.queryByTestId('machine-translation')).toBeNull();
    fireEvent.click(screen.getByTestId('show-machine'));
    expect(screen.getByTestId('machine-translation').textContent).toBe('Dónde es la canal?');
  });

  it('names the reader themself as "you", and shows nothing for an uncorrected message', () => {
    show(message({ corrected_by: 'ana' }));
    expect(screen.getByTestId('corrected-by').textContent).toBe('Corrected by you');
    cleanup();
    show(message({ corrected_by: null, machine_translation: null }));
    expect(screen.queryByTestId('correction-note')).toBeNull();
  });
});
