import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import type { TextSpan, TranslationFailureReason } from './translation.ts';
import { plainText, safeText } from '../text.ts';
import type { AttachmentKind, MessageAttachment } from './media.ts';
import { REACTION_EMOJI, type MessageReaction, type ReplyPreview } from './messageLife.ts';
import { fieldError } from './errors.ts';
import type { GroupRegister, GroupSystemEvent, RoomKind } from './groupTypes.ts';
import type { MessageMention } from './mentions.ts';
import type { LinkPreviewView } from './linkPreviewRoutes.ts';
import { RELATIONSHIP_TYPES, relationshipContextSchema, type RelationshipContext } from '../relationship.ts';

export interface UserSummary {
  id: string;
  username: string;
  email: string;
  language: string | null;
  /** A bot account (issue 35): shown with a "BOT" badge. Absent for people. */
  bot?: true;
}

/**
 * A user search hit (GET /api/users/search): what the dialog shows and needs to start a chat, nothing more.
 * `email` is null unless the caller typed that whole address.
 */
export type UserSearchResult = Pick<UserSummary, 'id' | 'username' | 'bot'> & { email: string | null };

export type TranslationStatus = 'pending' | 'done' | 'failed' | 'not_needed';

/** A message as the server presents it (spec section 3 fields plus delivery state). */
export interface ChatMessage {
  id: string;
  chat_room_id: string;
  sender_id: string | null;
  client_id: string;
  content: string;
  original_language: string | null;
  translated_content: string | null;
  target_language: string | null;
  translation_status: TranslationStatus;
  /** Why there is no translation when translation_status is 'failed' (a TranslationFailureReason), else null. */
  translation_error: TranslationFailureReason | null;
  /** Words of translated_content the engine did not know and left as written ([start, end) indices). */
  unknown_spans: TextSpan[] | null;
  created_at: string;
  /**
   * How the translation shown was made: by a machine (always, unless corrected_by is set), which
   * engine, and the pivot language it went through, if any. Absent when there is no translation
   * or it predates this.
   */
  translation_detail?: { engine: string; via: string | null; machine: boolean } | null;
  /** Set when a participant corrected the translation: the machine's version and who corrected it. */
  machine_translation?: string | null;
  corrected_by?: string | null;
  corrected_at?: string | null;
  /** A photo or voice message: its media (content is the text read from it, '' when none). */
  attachment?: MessageAttachment | null;
  /**
   * A group's system line ("Ana added Li"): content is '', translation_status 'not_needed'; the UI
   * renders it from its catalog. Absent on ordinary messages.
   */
  system_event?: GroupSystemEvent | null;
  /**
   * Posted through an incoming webhook (issue 35) as its creator (sender_id): shown "<name> via webhook", where name
   * is the post's `username` when it gave one, else the creator's. `avatar`: the https URL the post gave, kept as
   * given (the web app does not load it: readers' browsers fetch nothing from hosts a post names). Absent otherwise.
   */
  via_webhook?: { name: string | null; avatar: string | null } | null;
  /** The message this one answers, as the reader sees it (absent: not a reply). */
  reply_to?: ReplyPreview | null;
  /** Set when the sender edited the text (its translations are made again). */
  edited_at?: string | null;
  /** Set when the sender deleted it for everyone: content is '', no translation, media or reactions. */
  deleted_at?: string | null;
  /** Reactions, one entry per emoji used (absent from events that do not change them). */
  reactions?: MessageReaction[];
  /** The people it mentions (`@name` in content, by id; MENTION_ALL: a group admin's @all). Absent: none. */
  mentions?: MessageMention[] | null;
  /** The card of the text's first link, in the reader's language (absent: none, or not fetched yet). */
  link_preview?: LinkPreviewView | null;
}

/** Another member's read mark (GET /api/chats/:roomId/reads): messages up to this id are read. */
export interface ReadMark {
  userId: string;
  lastReadMessageId: string;
}

/** A conversation glossary entry: how `sourcePhrase` is rendered in the other language (and back). */
export interface GlossaryEntryView {
  id: string;
  sourceLanguage: string;
  targetLanguage: string;
  sourcePhrase: string;
  targetPhrase: string;
  createdBy: string | null;
  updatedAt: string;
}

const phrase = (what: string) =>
  plainText({ lines: true }).trim().min(1, `${what} cannot be empty`).max(100, `${what} can be at most 100 characters`).refine((s) => !/[\t\n\r]/.test(s), `${what} must be on one line`);

export const glossaryEntryBody = z.object({ sourcePhrase: phrase('The phrase'), targetPhrase: phrase('Its translation') }).strict();

/** 'This should say ...': the corrected translation, and optionally the phrase pair to remember. */
export const correctTranslationBody = z.object({
  text: plainText({ lines: true })
    .trim()
    .min(1, 'The corrected translation cannot be empty')
    .max(LIMITS.messageMaxChars, `Translations can be at most ${LIMITS.messageMaxChars} characters`),
  glossary: glossaryEntryBody.optional(),
}).strict();


/** Conversation list item (spec section 3), with a real unread count. */
export interface ConversationListItem {
  id: string;
  /** 'direct': a pair (otherUser set); 'group': a named group (otherUser null). */
  kind: RoomKind;
  /** The group's name, or the spec's 'Chat: {username}' for a pair. */
  name: string;
  created_at: string;
  /** Members in the room (2 for a pair). */
  memberCount: number;
  /** What the avatar shows: the group name's initials (groupInitials), or the partner's first letter. */
  avatarInitials: string;
  /** A group's register (tone); null for a pair (per-contact relationship context instead). */
  register: GroupRegister | null;
  /** The caller is an admin of this group (false for a pair). */
  isAdmin: boolean;
  lastMessage: {
    content: string;
    /** Someone else's last message in the caller's language, when it was translated. */
    translated_content?: string | null;
    created_at: string;
    /** The sender (groups preview as "{sender}: ..."); for a system line, its actor. */
    sender_username: string;
    isFromCurrentUser: boolean;
    /** A photo or voice message (whose content may be '': nothing could be read or heard). */
    attachment_kind?: AttachmentKind;
    /** The last line is a group system line (rendered from the catalog, content ''). */
    system_event?: GroupSystemEvent;
    /** The last message was deleted for everyone ("This message was deleted"). */
    deleted?: boolean;
  } | null;
  otherUser: UserSummary | null;
  unreadCount: number;
  /** An unread message mentions the caller (or @all): the list marks the room. */
  mentioned?: boolean;
  /**
   * An admin removed the caller from this group (issue 38): they read its history up to the removal, read-only,
   * until they delete it. Absent for the rooms they are in.
   */
  readOnly?: true;
}

/** POST /api/chats answer: the room (new or reused) and the partner. */
export interface StartChatResponse {
  created: boolean;
  room: ConversationListItem;
  partner: UserSummary & { chatRoomId: string; relationshipContext: RelationshipContext | null };
}

export const searchUsersQuery = z.object({ q: safeText().max(100, fieldError('search_too_long')).default('') });

const pickerTypes = RELATIONSHIP_TYPES.map((r) => r.type) as [string, ...string[]];

export const startChatBody = z.object({
  userId: z.string().uuid(fieldError('invalid_id')),
  relationshipType: z.enum(pickerTypes).optional(),
});

/** Either a picker type or the user's own words (whose type and formality are inferred). */
export const saveContextBody = z.union([
  z.object({ relationshipType: z.enum(pickerTypes) }).strict(),
  z.object({ description: safeText().trim().min(1, fieldError('context_required')).max(200, fieldError('context_too_long')) }).strict(),
]);

export const sendMessageBody = z.object({
  content: safeText()
    .max(LIMITS.messageMaxChars, fieldError('message_too_long'))
    .refine((s) => s.trim().length > 0, fieldError('message_empty')),
  clientId: z.string().min(8, fieldError('invalid_id')).max(64, fieldError('invalid_id')).regex(/^[A-Za-z0-9_-]+$/, fieldError('invalid_id')),
  /** The message this one answers (same room). */
  replyTo: z.string().regex(/^\d{1,18}$/, fieldError('invalid_id')).optional(),
  /** false: the sender removed the link's preview before sending; none is ever made for this message. */
  linkPreview: z.boolean().optional(),
});

/** PATCH a message: the new text, checked as a send's. */
export const editMessageBody = z.object({ content: sendMessageBody.shape.content }).strict();

/** POST a reaction: one of REACTION_EMOJI, on (active) or off. */
export const reactionBody = z.object({
  emoji: z.string().max(16).refine((e) => (REACTION_EMOJI as readonly string[]).includes(e), fieldError('unknown_reaction')),
  active: z.boolean(),
}).strict();

/** The draft whose translation the sender wants to see before sending (the same rules as a message). */
export const previewTranslationBody = z.object({ content: sendMessageBody.shape.content });

/**
 * How a draft will be read: the translation the partner will receive (their language, the sender's
 * relationship context) and that translation rendered back into the sender's language.
 * `not_needed`: both read the same language; `failed`: no engine could translate (message says why).
 */
export interface TranslationPreview {
  status: 'done' | 'not_needed' | 'failed';
  translation: string | null;
  backTranslation: string | null;
  sourceLanguage: string | null;
  targetLanguage: string;
  message?: string;
  /**
   * A group: how each language its other members read will get the draft, most-read first (the fields
   * above repeat the first). Absent for a pair.
   */
  languages?: LanguagePreview[];
}

/** One reader language's line of a group's draft preview. */
export interface LanguagePreview {
  targetLanguage: string;
  status: 'done' | 'not_needed' | 'failed';
  translation: string | null;
  backTranslation: string | null;
}

export const messagesQuery = z.object({
  /** Only messages with a larger id (paging). */
  after: z.string().regex(/^\d{1,18}$/, fieldError('invalid_id')).optional(),
  /**
   * Resume after a reconnect from the newest message held: the messages after it, and the earlier
   * ones that changed shortly before it (server/src/chat/messages.ts). The client merges by id.
   */
  resume: z.string().regex(/^\d{1,18}$/, fieldError('invalid_id')).optional(),
  /**
   * Jump to a message: a page of history around it (up to 25 before it, it, and up to 24 after), oldest
   * first. A message of another room, or from before a group member joined, answers 404 message_not_found.
   */
  around: z.string().regex(/^\d{1,18}$/, fieldError('invalid_id')).optional(),
});

/**
 * GET /api/messages/search: `q` (1-200 characters, matched as plain text: words separated by spaces must all
 * appear, in any case and with or without accents), in every conversation of the caller or in `roomId` only;
 * `cursor`: the `nextCursor` of the page before.
 */
export const messageSearchQuery = z.object({
  q: safeText().trim().min(1, fieldError('search_empty')).max(LIMITS.messageSearchMaxChars, fieldError('message_search_too_long')),
  roomId: z.string().max(64).optional(),
  cursor: z.string().regex(/^\d{1,18}$/, fieldError('invalid_id')).optional(),
});

/** One message found: what the reader reads of it, with the matched words marked. */
export interface MessageSearchHit {
  id: string;
  roomId: string;
  roomKind: RoomKind;
  /** The group's name, or the partner's username in a pair. */
  roomName: string;
  senderId: string | null;
  senderName: string | null;
  /** The sender is a bot account (issue 35). Absent for people. */
  senderBot?: true;
  mine: boolean;
  /** The reader's translation when the words are in it, else the original. */
  text: string;
  /** The matched words in `text` ([start, end) UTF-16 indices). */
  highlights: TextSpan[];
  /** Which text `text` is; `other` is the other one (null: a message with no translation for the reader). */
  textIs?: 'original' | 'translation';
  other?: string | null;
  created_at: string;
  /** Who it @mentions, as the message has them (absent: nobody). */
  mentions?: MessageMention[];
}

export interface MessageSearchResponse {
  results: MessageSearchHit[];
  /** The next (older) page's cursor; null when this is the last. */
  nextCursor: string | null;
}

export { CHAT_API } from './chatRoutes.ts';

export { relationshipContextSchema };
