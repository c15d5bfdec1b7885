/**
 * The life of a message after it is sent (issue 25 items 2-5): reply, edit, delete for everyone,
 * reactions. Zod-free (the web's signed-in chunk imports it through `@parley/common/client`);
 * the request schemas are in chat.ts.
 */
import type { AttachmentKind } from './media.ts';

/** The reactions a message can get: one per person per emoji (a fixed small set, as WhatsApp's quick row). */
export const REACTION_EMOJI = ['👍', '❤️', '😂', '😮', '😢', '🙏'] as const;
export type ReactionEmoji = (typeof REACTION_EMOJI)[number];

export const isReactionEmoji = (value: string): value is ReactionEmoji => (REACTION_EMOJI as readonly string[]).includes(value);

/** Own text messages can be edited this long after sending (WhatsApp and Telegram allow some time; we allow a day). */
export const MESSAGE_EDIT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** One emoji's reactions on a message: how many, and who (user ids, oldest first). */
export interface MessageReaction {
  emoji: ReactionEmoji;
  count: number;
  userIds: string[];
}

/**
 * The message a reply quotes, as this reader sees it: the original, and the translation into the
 * reader's language when there is one (none for the reader's own message). `deleted`: it was deleted
 * for everyone (content ''); an edit shows the new text.
 */
export interface ReplyPreview {
  id: string;
  sender_id: string | null;
  content: string;
  translated_content: string | null;
  deleted: boolean;
  attachment_kind?: AttachmentKind;
}
