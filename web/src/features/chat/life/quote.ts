import { MESSAGE_EDIT_WINDOW_MS } from '@parley/common/client';
import type { ReplyPreview } from '@parley/common';
import { markdownToPlain } from '@parley/common/markdown';
import type { TFunction } from '../../../lib/i18n.tsx';
import { attachmentLabel } from '../format.ts';
import type { ViewMessage } from '../messages.ts';

/**
 * What a reply's quote shows, in the reader's language: the quoted message as it is on screen now when
 * it is loaded (so an edit, a translation or a deletion shows at once), else the server's copy of it.
 * Someone else's message reads in its translation; one's own as written.
 */
export function quoteText(quote: ReplyPreview, live: ViewMessage | undefined, myId: string, t: TFunction): { deleted: boolean; text: string } {
  if (live ? live.deleted_at : quote.deleted) return { deleted: true, text: t('chat.messageDeleted') };
  const content = live ? live.content : quote.content;
  const own = (live?.sender_id ?? quote.sender_id) === myId;
  const translated = own ? null : live ? (live.translation_status === 'done' ? live.translated_content : null) : quote.translated_content;
  const kind = live ? live.attachment?.kind : quote.attachment_kind;
  const text = translated?.trim() || content;
  return { deleted: false, text: text ? markdownToPlain(text) : attachmentLabel(kind, t) };
}

/** One's own text message still inside the edit window (the server checks again). */
export function canEdit(message: ViewMessage, myId: string, now = Date.now()): boolean {
  return message.sender_id === myId && !message.local && !message.deleted_at && !message.attachment && !message.system_event && !message.via_webhook
    && now - new Date(message.created_at).getTime() < MESSAGE_EDIT_WINDOW_MS;
}

/** The names of who reacted, "You" for me, unknown members as "Someone". */
export function reactorNames(userIds: readonly string[], myId: string, nameOf: (id: string) => string | undefined, t: TFunction): string {
  return userIds.map((id) => (id === myId ? t('chat.reactionYou') : (nameOf(id) ?? t('chat.groupSomeone')))).join(', ');
}
