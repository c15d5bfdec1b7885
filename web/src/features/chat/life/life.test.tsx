import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@parley/common';
import { I18nProvider } from '../../../lib/i18n.tsx';
import { ConversationToolsContext, type ConversationTools } from '../conversationTools.ts';
import type { ViewMessage } from '../messages.ts';
import { ComposerBanner } from './ComposerBanner.tsx';
import { DeleteMessageDialog } from './DeleteMessageDialog.tsx';
import { MessageMenu } from './MessageMenu.tsx';
import { canEdit, quoteText } from './quote.ts';
import { Reactions } from './Reactions.tsx';
import { ReplyQuote } from './ReplyQuote.tsx';

const message = (patch: Partial<ChatMessage> = {}): ViewMessage => ({
  id: '10', chat_room_id: 'room', sender_id: 'partner', client_id: 'c-10', content: '¿Dónde estás?', original_language: 'es',
  translated_content: 'Where are you?', target_language: 'en', translation_status: 'done', translation_error: null, unknown_spans: null,
  created_at: new Date().toISOString(), ...patch,
});
const t = ((key: string) => (key === 'chat.messageDeleted' ? 'This message was deleted' : key)) as Parameters<typeof quoteText>[3];

function withTools(ui: React.ReactNode, tools: Partial<ConversationTools> = {}) {
  const value: ConversationTools = { roomId: 'room', myId: 'me', partnerName: 'Bruno', onCorrect: () => undefined, ...tools };
  return render(
    <I18nProvider initialLanguage="en">
      <ConversationToolsContext.Provider value={value}>{ui}</ConversationToolsContext.Provider>
    </I18nProvider>,
  );
}
afterEach(cleanup);

describe('quoteText', () => {
  const quote = { id: '10', sender_id: 'partner', content: '¿Dónde estás?', translated_content: 'Where are you?', deleted: false };
  it('reads the quote in the reader\'s language, following the message on screen (edit, deletion)', () => {
    expect(quoteText(quote, undefined, 'me', t)).toEqual({ deleted: false, text: 'Where are you?' });
    expect(quoteText(quote, message({ content: '¿Ya llegaste?', translated_content: null, translation_status: 'pending', edited_at: 'x' }), 'me', t).text).toBe('¿Ya llegaste?');
    expect(quoteText(quote, message({ deleted_at: 'x', content: '' }), 'me', t)).toEqual({ deleted: true, text: 'This message was deleted' });
    expect(quoteText({ ...quote, deleted: true, content: '' }, undefined, 'me', t).deleted).toBe(true);
    // One's own message reads as written.
    expect(quoteText({ ...quote, sender_id: 'me', translated_content: null }, undefined, 'me', t).text).toBe('¿Dónde estás?');
  });

  it('lets me edit my own text messages for 24 hours only', () => {
    const mine = message({ sender_id: 'me' });
    expect(canEdit(mine, 'me')).toBe(true);
    expect(canEdit(message(), 'me')).toBe(false);
    expect(canEdit(mine, 'me', Date.now() + 25 * 3600 * 1000)).toBe(false);
    expect(canEdit(message({ sender_id: 'me', attachment: { id: 'a', kind: 'photo', mime: 'image/jpeg' } }), 'me')).toBe(false);
    // An incoming webhook's post, though sent as me: the other system's words.
    expect(canEdit(message({ sender_id: 'me', via_webhook: { name: 'CI', avatar: null } }), 'me')).toBe(false);
  });
});

describe('ReplyQuote', () => {
  it('names the sender, shows the translation, and jumps to the quoted message when tapped', () => {
    const onJump = vi.fn();
    withTools(<ReplyQuote quote={{ id: '10', sender_id: 'partner', content: '¿Dónde estás?', translated_content: 'Where are you?', deleted: false }} mine />, { onJump });
    expect(screen.getByTestId('reply-quote').textContent).toContain('Bruno');
    expect(screen.getByTestId('reply-quote-text').textContent).toContain('Where are you?');
    fireEvent.click(screen.getByTestId('reply-quote'));
    expect(onJump).toHaveBeenCalledWith('10');
  });

  it('says the quoted message was deleted, in the reader\'s language', () => {
    withTools(<ReplyQuote quote={{ id: '10', sender_id: 'partner', content: '', translated_content: null, deleted: true }} mine={false} />);
    expect(screen.getByTestId('reply-quote-text').textContent).toContain('This message was deleted');
  });
});

describe('Reactions', () => {
  it('shows a chip per emoji with its count and who, and toggles mine', () => {
    const onReact = vi.fn();
    const m = message({ reactions: [{ emoji: '❤️', count: 2, userIds: ['partner', 'me'] }, { emoji: '😂', count: 1, userIds: ['partner'] }] });
    withTools(<Reactions message={m} mine={false} />, { onReact });
    const chips = screen.getAllByTestId('reaction-chip');
    expect(chips).toHaveLength(2);
    expect(chips[0]!.textContent).toContain('❤️2');
    expect(chips[0]!.getAttribute('aria-pressed')).toBe('true');
    expect(chips[0]!.getAttribute('title')).toBe('Bruno, You reacted with ❤️');
    fireEvent.click(chips[0]!);
    expect(onReact).toHaveBeenCalledWith(m, '❤️', false);
    fireEvent.click(chips[1]!);
    expect(onReact).toHaveBeenCalledWith(m, '😂', true);
  });

  it('shows nothing without reactions', () => {
    withTools(<Reactions message={message()} mine={false} />);
    expect(screen.queryByTestId('reactions')).toBeNull();
  });
});

describe('ComposerBanner', () => {
  it('says whom the reply answers and cancels', () => {
    const onCancel = vi.fn();
    withTools(<ComposerBanner mode={{ kind: 'reply', messageId: '10', name: 'Bruno', excerpt: 'Where are you?' }} onCancel={onCancel} />);
    expect(screen.getByTestId('reply-bar').textContent).toContain('Replying to Bruno');
    expect(screen.getByTestId('reply-bar').textContent).toContain('Where are you?');
    fireEvent.click(screen.getByTestId('cancel-reply'));
    expect(onCancel).toHaveBeenCalled();
  });
});

describe('MessageMenu', () => {
  const open = () => fireEvent.keyDown(screen.getByTestId('message-menu'), { key: 'Enter' });
  const tools = () => ({ onReply: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn(), onReact: vi.fn() });

  it('offers the quick reactions, Reply, and for my own recent text Edit and Delete', async () => {
    const handlers = tools();
    const mine = message({ sender_id: 'me', reactions: [{ emoji: '😂', count: 1, userIds: ['me'] }] });
    withTools(<MessageMenu message={mine} />, handlers);
    open();
    expect(await screen.findAllByTestId('react-option')).toHaveLength(6);
    expect(screen.getByTestId('edit-action')).toBeTruthy();
    fireEvent.click(screen.getAllByTestId('react-option').find((b) => b.dataset.emoji === '😂')!);
    expect(handlers.onReact).toHaveBeenCalledWith(mine, '😂', false);
    open();
    fireEvent.click(await screen.findByTestId('delete-action'));
    expect(handlers.onDelete).toHaveBeenCalledWith(mine);
  });

  it('offers no Edit or Delete on someone else\'s message, and nothing on a deleted one', async () => {
    const handlers = tools();
    const { unmount } = withTools(<MessageMenu message={message()} />, handlers);
    open();
    fireEvent.click(await screen.findByTestId('reply-action'));
    expect(handlers.onReply).toHaveBeenCalled();
    expect(screen.queryByTestId('edit-action')).toBeNull();
    expect(screen.queryByTestId('delete-action')).toBeNull();
    unmount();
    withTools(<MessageMenu message={message({ deleted_at: 'x', content: '' })} />, handlers);
    expect(screen.queryByTestId('message-menu')).toBeNull();
  });
});

describe('DeleteMessageDialog', () => {
  it('asks first, deletes on confirm and closes', async () => {
    const onDelete = vi.fn(async () => undefined);
    const onClose = vi.fn();
    withTools(<DeleteMessageDialog message={message({ sender_id: 'me' })} onClose={onClose} onDelete={onDelete} />);
    expect(screen.getByTestId('delete-message-dialog').textContent).toContain('Delete this message for everyone?');
    fireEvent.click(screen.getByTestId('delete-message-confirm'));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onDelete).toHaveBeenCalledWith('10');
  });
});
