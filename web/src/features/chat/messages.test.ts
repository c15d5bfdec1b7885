import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@parley/common';
import { compareIds, localMessage, mergeMessages, messagesReducer, newClientId, type ViewMessage } from './messages.ts';

const ROOM = 'room-1';
const ME = 'me';
const msg = (id: string, patch: Partial<ChatMessage> = {}): ChatMessage => ({
  id, chat_room_id: ROOM, sender_id: 'partner', client_id: `c${id}`, content: `message ${id}`,
  original_language: 'es', translated_content: null, target_language: 'en', translation_status: 'pending', translation_error: null, unknown_spans: null,
  created_at: '2025-06-15T12:00:00Z', ...patch,
});

describe('mergeMessages', () => {
  it('keeps a link card when a copy read before it was made arrives; an edit or a deletion without one drops it', () => {
    const card = { url: 'https://news.example/a', siteName: 'News', title: 'Título', description: null, image: null, translated: true };
    let state = mergeMessages([], [msg('5')]);
    state = messagesReducer(state, { type: 'linkPreview', messageId: '5', preview: card });
    expect(state[0]?.link_preview).toEqual(card);
    state = mergeMessages(state, [msg('5', { translation_status: 'done', translated_content: 'hola' })]);
    expect(state[0]?.link_preview).toEqual(card);
    expect(mergeMessages(state, [msg('5', { edited_at: '2025-06-15T12:05:00Z', content: 'no link' })])[0]?.link_preview).toBeUndefined();
    expect(mergeMessages(state, [msg('5', { deleted_at: '2025-06-15T12:05:00Z', content: '' })])[0]?.link_preview).toBeUndefined();
  });

  it('orders server rows by numeric id, not as text', () => {
    const merged = mergeMessages([], [msg('10'), msg('9'), msg('100')]);
    expect(merged.map((m) => m.id)).toEqual(['9', '10', '100']);
    expect(compareIds('9', '10')).toBeLessThan(0);
  });

  it('keeps one copy when the same message arrives twice', () => {
    const once = mergeMessages([], [msg('1')]);
    expect(mergeMessages(once, [msg('1')])).toHaveLength(1);
  });

  it('replaces the optimistic copy by client id (POST answer and socket event both arrive)', () => {
    let state: ViewMessage[] = [];
    state = messagesReducer(state, { type: 'local', message: localMessage({ roomId: ROOM, senderId: ME, clientId: 'abc12345', content: 'Hi' }) });
    expect(state[0]?.local).toBe(true);
    const server = msg('7', { sender_id: ME, client_id: 'abc12345', content: 'Hi' });
    state = messagesReducer(state, { type: 'merge', messages: [server] }); // socket message.created
    state = messagesReducer(state, { type: 'merge', messages: [server] }); // POST answer
    expect(state).toHaveLength(1);
    expect(state[0]).toMatchObject({ id: '7', content: 'Hi' });
    expect(state[0]?.local).toBeUndefined();
  });

  it('applies the translation and never goes back to pending', () => {
    const translated = msg('3', { translation_status: 'done', translated_content: 'Where is the station?' });
    let state = mergeMessages([], [msg('3')]);
    state = mergeMessages(state, [translated]);
    expect(state[0]).toMatchObject({ translation_status: 'done', translated_content: 'Where is the station?' });
    // A late POST answer (still pending) arrives after message.translated.
    state = mergeMessages(state, [msg('3')]);
    expect(state[0]?.translation_status).toBe('done');
  });

  it('keeps optimistic messages after the server rows, in sending order', () => {
    let state: ViewMessage[] = mergeMessages([], [msg('1')]);
    state = messagesReducer(state, { type: 'local', message: localMessage({ roomId: ROOM, senderId: ME, clientId: 'first111', content: 'a' }) });
    state = messagesReducer(state, { type: 'local', message: localMessage({ roomId: ROOM, senderId: ME, clientId: 'second22', content: 'b' }) });
    state = mergeMessages(state, [msg('2')]);
    expect(state.map((m) => m.content)).toEqual(['message 1', 'message 2', 'a', 'b']);
  });

  it('drops a failed optimistic message and ignores a duplicate local add', () => {
    const local = localMessage({ roomId: ROOM, senderId: ME, clientId: 'zzz99999', content: 'x' });
    let state = messagesReducer([], { type: 'local', message: local });
    state = messagesReducer(state, { type: 'local', message: local });
    expect(state).toHaveLength(1);
    state = messagesReducer(state, { type: 'drop', clientId: 'zzz99999' });
    expect(state).toEqual([]);
  });

  it('merges a resume batch (after=) without duplicates', () => {
    const held = mergeMessages([], [msg('1'), msg('2')]);
    const merged = mergeMessages(held, [msg('2'), msg('3'), msg('4')]);
    expect(merged.map((m) => m.id)).toEqual(['1', '2', '3', '4']);
  });
});

describe('merging a resume', () => {
  it('keeps a settled translation over a pending copy and a correction over an older copy without it', () => {
    const done = msg('5', { translation_status: 'done', translated_content: 'hello' });
    expect(mergeMessages([msg('5')], [done])[0]).toMatchObject({ translation_status: 'done' });
    expect(mergeMessages([done], [msg('5')])[0]).toMatchObject({ translation_status: 'done' });
    const corrected = msg('5', { translation_status: 'done', translated_content: 'hi there', corrected_at: '2025-06-15T12:05:00Z' });
    expect(mergeMessages([corrected], [done])[0]).toMatchObject({ translated_content: 'hi there' });
    const recorrected = { ...corrected, translated_content: 'hi all', corrected_at: '2025-06-15T12:06:00Z' };
    expect(mergeMessages([corrected], [recorrected])[0]).toMatchObject({ translated_content: 'hi all' });
  });
});

describe('the life of a message', () => {
  it('takes an edit over a settled older text, never an older text over an edit, and keeps the quote and reactions', () => {
    const done = msg('6', { translation_status: 'done', translated_content: 'see you at nine', reply_to: { id: '1', sender_id: 'me', content: 'q', translated_content: null, deleted: false }, reactions: [{ emoji: '👍', count: 1, userIds: ['me'] }] });
    const edited = msg('6', { content: 'a las diez', edited_at: '2025-06-15T12:10:00Z', translation_status: 'pending' });
    let state = mergeMessages([done], [edited]);
    expect(state[0]).toMatchObject({ content: 'a las diez', translation_status: 'pending', reactions: [{ emoji: '👍' }], reply_to: { id: '1' } });
    // A resume read before the edit arrives late: the edit stays.
    state = mergeMessages(state, [done]);
    expect(state[0]).toMatchObject({ content: 'a las diez' });
    state = mergeMessages(state, [{ ...edited, translation_status: 'done', translated_content: 'see you at ten' }]);
    expect(state[0]).toMatchObject({ translated_content: 'see you at ten', reactions: [{ emoji: '👍' }] });
  });

  it('shows a deletion for good and patches reactions', () => {
    let state = mergeMessages([], [msg('7', { translation_status: 'done', translated_content: 'hello', attachment: { id: 'a', kind: 'photo', mime: 'image/jpeg' } })]);
    state = messagesReducer(state, { type: 'reactions', messageId: '7', reactions: [{ emoji: '❤️', count: 2, userIds: ['me', 'partner'] }] });
    expect(state[0]?.reactions).toHaveLength(1);
    state = messagesReducer(state, { type: 'deleted', messageId: '7', deletedAt: '2025-06-15T12:20:00Z' });
    expect(state[0]).toMatchObject({ content: '', translated_content: null, deleted_at: '2025-06-15T12:20:00Z', reactions: [] });
    expect(state[0]?.attachment).toBeUndefined();
    // A late translation event of the old text cannot bring it back.
    state = mergeMessages(state, [msg('7', { translation_status: 'done', translated_content: 'hello' })]);
    expect(state[0]).toMatchObject({ content: '', deleted_at: '2025-06-15T12:20:00Z' });
    state = messagesReducer(state, { type: 'reactions', messageId: '7', reactions: [{ emoji: '😂', count: 1, userIds: ['me'] }] });
    expect(state[0]?.reactions).toEqual([]);
  });

  it('keeps the message a waiting reply answers', () => {
    expect(localMessage({ roomId: ROOM, senderId: ME, clientId: 'reply0001', content: 'yes', replyTo: '5' }).reply_to).toMatchObject({ id: '5' });
  });
});

describe('newClientId', () => {
  it('makes distinct url-safe ids the server accepts', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newClientId()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});
