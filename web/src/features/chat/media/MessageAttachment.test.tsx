import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../../lib/i18n.tsx';
import type { ViewMessage } from '../messages.ts';
import { MessageAttachment } from './MessageAttachment.tsx';
import { MediaUploadsContext } from './useMediaUploads.ts';

afterEach(cleanup);

const ROOM = '0b6c2a4e-1d3f-4a5b-8c7d-9e0f1a2b3c4d';
const message = (patch: Partial<ViewMessage>): ViewMessage => ({
  id: '9', chat_room_id: ROOM, sender_id: 'bruno', client_id: 'c9', content: '', original_language: 'es',
  translated_content: null, target_language: 'en', translation_status: 'not_needed', translation_error: null, unknown_spans: null,
  created_at: new Date().toISOString(), ...patch,
});

function show(m: ViewMessage, actions = { retry: vi.fn(), discard: vi.fn() }) {
  render(
    <I18nProvider initialLanguage="en">
      <MediaUploadsContext.Provider value={actions}>
        <MessageAttachment message={m} mine={false} />
      </MediaUploadsContext.Provider>
    </I18nProvider>,
  );
  return actions;
}

describe('MessageAttachment', () => {
  it('shows a photo from the members-only route, sized before it loads', () => {
    show(message({ attachment: { id: 'm1', kind: 'photo', mime: 'image/jpeg', width: 1600, height: 1000, note: null } }));
    const img = screen.getByRole('img');
    expect(img.getAttribute('src')).toBe(`/api/chats/${ROOM}/media/m1`);
    expect(img.style.aspectRatio).toBe('1600 / 1000');
    expect(screen.queryByTestId('attachment-note')).toBeNull();
  });

  it('plays the original recording and says honestly why there is no transcript', () => {
    show(message({ attachment: { id: 'm2', kind: 'voice', mime: 'audio/wav', durationMs: 3100, note: 'speech_unsupported_language' } }));
    expect(screen.getByTestId('message-audio').getAttribute('src')).toBe(`/api/chats/${ROOM}/media/m2`);
    expect(screen.getByTestId('attachment-note').textContent).toBe('Not transcribed: speech recognition on this server does not understand Spanish.');
  });

  it('a failed upload offers Try again and Discard with its client id', () => {
    const actions = show(message({ local: true, attachment: { id: '', kind: 'photo', mime: 'image/png' }, upload: { url: 'blob:local-photo', failed: true } }));
    expect(screen.getByRole('img').getAttribute('src')).toBe('blob:local-photo');
    fireEvent.click(screen.getByText('Try again'));
    fireEvent.click(screen.getByText('Discard'));
    expect(actions.retry).toHaveBeenCalledWith('c9');
    expect(actions.discard).toHaveBeenCalledWith('c9');
  });
});
