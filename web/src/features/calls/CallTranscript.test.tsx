import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { GroupSystemEvent } from '@parley/common';
import { I18nProvider } from '../../lib/i18n.tsx';
import { CallTranscript } from './CallTranscript.tsx';

afterEach(cleanup);

const event: GroupSystemEvent = {
  kind: 'call_transcript', actor: { id: 'a', username: 'ana' }, target: { id: 'b', username: 'bruno' }, name: null, register: null,
  transcript: [
    { speakerId: 'a', original: { text: 'where is the train station', language: 'en' }, translated: { text: 'dónde está la estación de tren', language: 'es' } },
    { speakerId: 'b', original: { text: 'hola', language: 'es' }, translated: null },
    { speakerId: 'gone', original: { text: 'bye', language: 'en' }, translated: { text: 'adiós', language: 'es' } },
  ],
};

describe('CallTranscript', () => {
  it('the "Call transcript" line opens the bilingual lines with who spoke, in the reader\'s language', async () => {
    render(
      <I18nProvider initialLanguage="es">
        <CallTranscript event={event} />
      </I18nProvider>,
    );
    const box = (await screen.findByTestId('call-transcript-saved')) as HTMLDetailsElement;
    expect(box.open).toBe(false);
    fireEvent.click(screen.getByText('Transcripción de la llamada'));
    expect(box.open).toBe(true);
    const lines = screen.getAllByTestId('call-transcript-line');
    expect(lines.map((l) => l.textContent)).toEqual([
      'anawhere is the train stationEspañol: dónde está la estación de tren',
      'brunohola',
      'Usuario eliminadobyeEspañol: adiós',
    ]);
    expect(lines[0]!.querySelector('[lang="es"]')?.textContent).toContain('dónde está');
  });
});
