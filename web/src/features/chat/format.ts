import { LIMITS } from '@parley/common/client';
import type { AttachmentKind, ConversationListItem } from '@parley/common';
import { markdownToPlain } from '@parley/common/markdown';
import type { TFunction } from '../../lib/i18n.tsx';
import { systemLine } from './roomText.ts';
import { REGISTER_KEYS } from './registers.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Cut `text` at `max` characters (whole code points), marking the cut with an ellipsis. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}

function relative(locale: string, value: number, unit: 'minute' | 'hour'): string {
  try {
    return new Intl.RelativeTimeFormat(locale, { numeric: 'always' }).format(-value, unit);
  } catch {
    return new Intl.RelativeTimeFormat('en', { numeric: 'always' }).format(-value, unit);
  }
}

/**
 * Time since `iso` (spec section 9): under 1 hour in minutes ('now' under one minute),
 * under 24 hours in hours, otherwise the date; all in the interface language through Intl
 * ('hace 3 horas', '3 часа назад').
 */
export function relativeTime(iso: string, now: number, t: TFunction, locale = 'en'): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const elapsed = Math.max(0, now - then);
  if (elapsed < MINUTE) return t('chat.justNow');
  if (elapsed < HOUR) return relative(locale, Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative(locale, Math.floor(elapsed / HOUR), 'hour');
  try {
    return new Date(then).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
  } catch {
    return new Date(then).toLocaleDateString('en', { year: 'numeric', month: 'short', day: 'numeric' });
  }
}

/** 'You: ' or '{sender}: ' followed by the text cut at 40 characters, or 'No messages yet'. */
export function previewText(lastMessage: ConversationListItem['lastMessage'], t: TFunction, myId?: string): string {
  if (!lastMessage) return t('chat.noMessagesYet');
  // A group's system line reads from the catalog ("Ana added Li"), never as a message of the actor.
  if (lastMessage.system_event) return truncate(systemLine(lastMessage.system_event, t, (r) => t(REGISTER_KEYS[r].label), myId), LIMITS.previewChars);
  const prefix = lastMessage.isFromCurrentUser
    ? t('chat.youPrefix')
    : t('chat.senderPrefix', { sender: lastMessage.sender_username || t('chat.unknownSender') });
  if (lastMessage.deleted) return prefix + t('chat.messageDeleted');
  // The reader's language first: a received message shows its translation when there is one.
  const text = (!lastMessage.isFromCurrentUser && lastMessage.translated_content?.trim()) || lastMessage.content || attachmentLabel(lastMessage.attachment_kind, t);
  return prefix + truncate(markdownToPlain(text), LIMITS.previewChars);
}

/** What names a photo, voice message or file that has no text of its own ('' for anything else). */
export function attachmentLabel(kind: AttachmentKind | undefined | null, t: TFunction): string {
  return kind === 'photo' ? t('chat.mediaPhoto') : kind === 'voice' ? t('chat.mediaVoiceMessage') : kind === 'file' ? t('documents.file') : '';
}

/** The unread badge: nothing for 0, the count up to 9, then '9+'. */
export function unreadBadge(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > LIMITS.unreadBadgeCap ? `${LIMITS.unreadBadgeCap}+` : String(Math.floor(count));
}

/** A message's time of day, e.g. '14:05' (or '2:05 PM' by locale). */
export function messageTime(iso: string, locale = 'en'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return date.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' });
  } catch {
    return date.toLocaleTimeString('en', { hour: 'numeric', minute: '2-digit' });
  }
}

/**
 * The name a conversation goes by: the other user's username, else the room name; a pair whose partner deleted
 * their account (no otherUser) goes by `deletedUser` when given.
 */
export function conversationName(item: Pick<ConversationListItem, 'name' | 'otherUser'> & { kind?: ConversationListItem['kind'] }, deletedUser?: string): string {
  if (deletedUser && item.kind === 'direct' && !item.otherUser) return deletedUser;
  return item.otherUser?.username || item.name;
}

/** The local calendar day of `iso` ('2026-11-22'), to group messages by day. */
export function dayKey(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const capitalise = (text: string, locale: string) => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);

/**
 * A day separator in the interface language: 'Today', 'Yesterday' (Intl's own words, so every
 * language has them), the weekday within the past week, else the date (with the year when not this year).
 */
export function dayLabel(iso: string, now: Date, locale = 'en'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const midnight = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((midnight(now) - midnight(date)) / DAY);
  const safe = (fn: (l: string) => string) => {
    try {
      return fn(locale);
    } catch {
      return fn('en');
    }
  };
  if (days === 0 || days === 1) return safe((l) => capitalise(new Intl.RelativeTimeFormat(l, { numeric: 'auto' }).format(-days, 'day'), l));
  if (days > 1 && days < 7) return safe((l) => capitalise(date.toLocaleDateString(l, { weekday: 'long' }), l));
  const sameYear = date.getFullYear() === now.getFullYear();
  return safe((l) => date.toLocaleDateString(l, { weekday: sameYear ? 'short' : undefined, day: 'numeric', month: 'long', year: sameYear ? undefined : 'numeric' }));
}
