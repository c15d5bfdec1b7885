import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '../../components/ui/dropdown-menu.tsx';
import { I18nProvider } from '../../lib/i18n.tsx';
import type { ViewMessage } from './messages.ts';
import { TranslationInfo } from './TranslationInfo.tsx';

afterEach(cleanup);

const message = (patch: Partial<ViewMessage>): ViewMessage => ({
  id: '7', chat_room_id: 'r1', sender_id: 'ana', client_id: 'c1', content: 'The house is big.', original_language: 'en',
  translated_content: 'La maison est grande.', target_language: 'fr', translation_status: 'done', translation_error: null, unknown_spans: null,
  created_at: new Date().toISOString(), ...patch,
});

function show(m: ViewMessage) {
  render(
    <I18nProvider initialLanguage="en">
      <DropdownMenu defaultOpen>
        <DropdownMenuTrigger>menu</DropdownMenuTrigger>
        <DropdownMenuContent>
          <TranslationInfo message={m} />
        </DropdownMenuContent>
      </DropdownMenu>
    </I18nProvider>,
  );
}

describe('TranslationInfo', () => {
  it('names the engine and the pivot language of a machine translation', () => {
    show(message({ translation_detail: { engine: 'apertium', via: 'ca', machine: true } }));
    expect(screen.getByTestId('translation-info-engine').textContent).toBe('Machine translation by Apertium');
    expect(screen.getByTestId('translation-info-via').textContent).toBe('Through Catalan');
  });

  it('says a person corrected it, has no pivot line for a direct pair, and shows nothing without a detail', () => {
    show(message({ translation_detail: { engine: 'deepl', via: null, machine: false } }));
    expect(screen.getByTestId('translation-info-engine').textContent).toBe('Corrected by a person; first translated by DeepL');
    expect(screen.queryByTestId('translation-info-via')).toBeNull();
    cleanup();
    show(message({}));
    expect(screen.queryByTestId('translation-info')).toBeNull();
  });
});
