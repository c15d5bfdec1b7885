import { describe, expect, it } from 'vitest';
import { ENGLISH_STRINGS, format } from '@parley/common';
import type { TFunction } from '../../lib/i18n.tsx';
import { conversationName, dayKey, dayLabel, previewText, relativeTime, truncate, unreadBadge } from './format.ts';

const t: TFunction = (key, vars) => format(ENGLISH_STRINGS[key], vars);
const NOW = Date.parse('2025-06-15T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('relativeTime', () => {
  it('says now under a minute', () => {
    expect(relativeTime(ago(0), NOW, t)).toBe('now');
    expect(relativeTime(ago(59_999), NOW, t)).toBe('now');
  });

  it('counts minutes under one hour', () => {
    expect(relativeTime(ago(MIN), NOW, t)).toBe('1 minute ago');
    expect(relativeTime(ago(5 * MIN + 30_000), NOW, t)).toBe('5 minutes ago');
    expect(relativeTime(ago(HOUR - 1), NOW, t)).toBe('59 minutes ago');
  });

  it('counts hours under 24 hours', () => {
    expect(relativeTime(ago(HOUR), NOW, t)).toBe('1 hour ago');
    expect(relativeTime(ago(3 * HOUR + 59 * MIN), NOW, t)).toBe('3 hours ago');
    expect(relativeTime(ago(24 * HOUR - 1), NOW, t)).toBe('23 hours ago');
  });

  it('shows the date from 24 hours on', () => {
    expect(relativeTime(ago(24 * HOUR), NOW, t, 'en-US')).toBe('Jun 14, 2025');
    expect(relativeTime('2024-01-02T10:00:00Z', NOW, t, 'en-US')).toBe('Jan 2, 2024');
  });

  it('speaks the interface language through Intl', () => {
    expect(relativeTime(ago(3 * HOUR), NOW, t, 'es')).toBe('hace 3 horas');
    expect(relativeTime(ago(1 * MIN), NOW, t, 'es')).toBe('hace 1 minuto');
    expect(relativeTime(ago(2 * HOUR), NOW, t, 'ru')).toBe('2 часа назад');
    expect(relativeTime(ago(5 * HOUR), NOW, t, 'ru')).toBe('5 часов назад');
    expect(relativeTime(ago(3 * MIN), NOW, t, 'ar')).toMatch(/دقائق/);
    expect(relativeTime('2024-01-02T10:00:00Z', NOW, t, 'es')).toBe('2 ene 2024');
  });

  it('treats a clock slightly ahead as now and garbage as no time', () => {
    expect(relativeTime(new Date(NOW + 5_000).toISOString(), NOW, t)).toBe('now');
    expect(relativeTime('not a date', NOW, t)).toBe('');
  });
});

describe('previewText', () => {
  const last = (content: string, isFromCurrentUser: boolean, sender_username = 'bruno') => ({
    content, created_at: ago(0), sender_username, isFromCurrentUser,
  });

  it('prefixes our own messages with You:', () => {
    expect(previewText(last('Hello there', true), t)).toBe('You: Hello there');
  });

  it("prefixes the partner's messages with their name", () => {
    expect(previewText(last('Hola', false), t)).toBe('bruno: Hola');
    expect(previewText(last('Hola', false, ''), t)).toBe('Unknown: Hola');
  });

  it('shows plain text: markdown marks stripped, link text kept, its address not shown', () => {
    expect(previewText(last('**Run** `npm install` and read [the docs](https://docs.example.io)', true), t)).toBe('You: Run npm install and read the docs');
    expect(previewText({ ...last('x', false), translated_content: '- **uno**\n- dos' }, t)).toBe('bruno: uno\ndos');
  });

  it("shows a received message in the reader's language when it was translated", () => {
    expect(previewText({ ...last('Hola, ¿qué tal?', false), translated_content: 'Hi, how are you?' }, t)).toBe('bruno: Hi, how are you?');
    expect(previewText({ ...last('Hola', false), translated_content: null }, t)).toBe('bruno: Hola');
    expect(previewText({ ...last('Hello', true), translated_content: 'Hola' }, t)).toBe('You: Hello');
  });

  it("renders a group's system line from the catalog", () => {
    const event = { kind: 'member_added' as const, actor: { id: 'u1', username: 'ana' }, target: { id: 'u2', username: 'li' }, name: null, register: null };
    expect(previewText({ ...last('', false, 'ana'), system_event: event }, t)).toBe('ana added li');
    expect(previewText({ ...last('', true, 'ana'), system_event: { ...event, kind: 'renamed', target: null, name: 'Trip' } }, t)).toBe('ana renamed the group to Trip');
  });

  it('names a photo or voice message that has no text of its own', () => {
    expect(previewText({ ...last('', false), attachment_kind: 'voice' }, t)).toBe('bruno: Voice message');
    expect(previewText({ ...last('', true), attachment_kind: 'photo' }, t)).toBe('You: Photo');
    expect(previewText({ ...last('', false), attachment_kind: 'file' }, t)).toBe('bruno: File');
    expect(previewText({ ...last('SALIDA', false), translated_content: 'EXIT', attachment_kind: 'photo' }, t)).toBe('bruno: EXIT');
  });

  it('cuts the text at 40 characters', () => {
    const text = 'a'.repeat(40);
    expect(previewText(last(text, true), t)).toBe(`You: ${text}`);
    expect(previewText(last(`${text}b`, true), t)).toBe(`You: ${text}…`);
  });

  it('says No messages yet without a last message', () => {
    expect(previewText(null, t)).toBe('No messages yet');
  });
});

describe('unreadBadge', () => {
  it('is hidden at zero and caps at 9+', () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(-1)).toBeNull();
    expect(unreadBadge(1)).toBe('1');
    expect(unreadBadge(9)).toBe('9');
    expect(unreadBadge(10)).toBe('9+');
    expect(unreadBadge(250)).toBe('9+');
  });
});

describe('truncate and conversationName', () => {
  it('cuts whole code points', () => {
    expect(truncate('😀😀😀', 2)).toBe('😀😀…');
    expect(truncate('short', 50)).toBe('short');
  });

  it("names a conversation by the other user's username, else the room name", () => {
    expect(conversationName({ name: 'Chat: bruno', otherUser: { id: '1', username: 'bruno', email: '', language: 'es' } })).toBe('bruno');
    expect(conversationName({ name: 'Chat: bruno', otherUser: null })).toBe('Chat: bruno');
  });
});

describe('day separators', () => {
  const now = new Date(2026, 10, 22, 15, 0); // Sunday 22 November 2026, local time
  it('says today and yesterday in the interface language', () => {
    expect(dayLabel(new Date(2026, 10, 22, 0, 5).toISOString(), now, 'en')).toBe('Today');
    expect(dayLabel(new Date(2026, 10, 21, 23, 55).toISOString(), now, 'en')).toBe('Yesterday');
    expect(dayLabel(new Date(2026, 10, 21, 9).toISOString(), now, 'es')).toBe('Ayer');
  });
  it('names the weekday within a week, then the date, with the year only for other years', () => {
    expect(dayLabel(new Date(2026, 10, 18, 9).toISOString(), now, 'en')).toBe('Wednesday');
    expect(dayLabel(new Date(2026, 9, 2, 9).toISOString(), now, 'en')).toBe('Fri, October 2');
    expect(dayLabel(new Date(2025, 9, 2, 9).toISOString(), now, 'en')).toBe('October 2, 2025');
  });
  it('groups by local calendar day', () => {
    expect(dayKey(new Date(2026, 0, 5, 23, 59).toISOString())).toBe('2026-01-05');
  });
});
