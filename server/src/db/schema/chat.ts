import type { GroupRegister, GroupSystemEvent, MessageAttachment, MessageMention, RelationshipContext, RoomKind, StoredLinkPreview, TextSpan, TranslationFailureReason } from '@parley/common';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

// Conversations: rooms, members, messages, their translations, reactions, webhooks, link previews (chat/ and beside it).

export interface TranslationCacheTable {
  engine: string;
  source: string;
  target: string;
  formality: string;
  text_hash: string;
  translated_text: string;
  /** Untranslated words of translated_text ([{start, end}]), null when none. */
  unknown_spans: ColumnType<TextSpan[] | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface ChatRoomsTable {
  id: Generated<string>;
  name: string;
  created_by: string | null;
  /** A pair's two user ids in order; null for a group (migration 018). */
  pair_key: string | null;
  kind: ColumnType<RoomKind, RoomKind | undefined, RoomKind>;
  /** A group's register (tone); null for a pair. */
  register: GroupRegister | null;
  created_at: Timestamp;
}

export interface ChatRoomParticipantsTable {
  chat_room_id: string;
  user_id: string;
  relationship_context: ColumnType<RelationshipContext | null, string | null | undefined, string | null>;
  /** Messages with a larger id from the partner are unread. */
  last_read_message_id: ColumnType<string, string | number | undefined, string | number>;
  /** A member sees the room's history from here on. */
  joined_at: Timestamp;
  role: ColumnType<'admin' | 'member', 'admin' | 'member' | undefined, 'admin' | 'member'>;
  /** Web push: no notification for this room before then (MUTED_ALWAYS_UNTIL: always); null: not muted. */
  muted_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The mute silences mentions too ("Mute everything", migration 039). */
  mute_mentions: Generated<boolean>;
}

export type TranslationStatus = 'pending' | 'done' | 'failed' | 'not_needed';

/** A former member of a group (migration 031): their name stays on their words; a removed member keeps the history up to the removal. */
export interface RoomFormerMembersTable {
  chat_room_id: string;
  user_id: string;
  reason: 'removed' | 'left';
  joined_at: Date;
  left_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** The last message they may read (the removal or leaving line). */
  until_message_id: ColumnType<string, string | number, string | number>;
  /** They deleted the conversation (or left): nothing to show them, the row only keeps their name. */
  hidden: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface MessagesTable {
  /** bigint identity; pg returns it as a string. */
  id: ColumnType<string, never, never>;
  chat_room_id: string;
  sender_id: string | null;
  client_id: string;
  content: string;
  original_language: string | null;
  created_at: Timestamp;
  /** Last change a reader sees (insert, edit, delete, a translation's change); kept by triggers (migrations 018, 029). */
  changed_at: ColumnType<Date, never, never>;
  /** A photo or voice message's media (migration 010); written as JSON text, read back parsed. */
  attachment: ColumnType<MessageAttachment | null, string | null | undefined, string | null>;
  /** A group's system line, as presented (usernames as they were); written as JSON text. */
  system_event: ColumnType<GroupSystemEvent | null, string | null | undefined, string | null>;
  /** The message this one answers (same room; migration 025). */
  reply_to_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The sender edited the text. */
  edited_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The sender deleted it for everyone (content ''). */
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Who it mentions, by id, with the name as written (migration 039); written as JSON text. */
  mentions: ColumnType<MessageMention[] | null, string | null | undefined, string | null>;
  /** Posted through an incoming webhook (migration 042): the hook and the post's own name and avatar; JSON text in. */
  via_webhook: ColumnType<ViaWebhook | null, string | null | undefined, string | null>;
  /** The card of the text's first link (migration 048, linkPreviews/): written as JSON text, read back parsed. */
  link_preview: ColumnType<StoredLinkPreview | null, string | null | undefined, string | null>;
}

/** The cache of link cards, one row per normalized URL (migration 048). */
export interface LinkPreviewsTable {
  url: string;
  status: 'ok' | 'failed';
  fetched_at: ColumnType<Date, Date | string | undefined, Date | string>;
  final_url: string | null;
  title: string | null;
  description: string | null;
  site_name: string | null;
  /** The thumbnail's key in stored_files (bucket link-previews). */
  image_key: string | null;
  image_width: number | null;
  image_height: number | null;
  problem: string | null;
}

export interface ViaWebhook {
  hookId: string;
  name: string | null;
  avatar: string | null;
}

/** An incoming webhook (migration 042): only a hash of its secret. */
export interface IncomingWebhooksTable {
  id: Generated<string>;
  chat_room_id: string;
  creator_id: string;
  name: string;
  secret_hash: string;
  created_at: Generated<Date>;
  last_used_at: Date | null;
}

/** An outgoing webhook (migration 043): a room's, or server-wide (chat_room_id null). */
export interface OutgoingWebhooksTable {
  id: Generated<string>;
  chat_room_id: string | null;
  owner_id: string | null;
  url: string;
  /** WebhookEvent[]; JSON text in. */
  events: ColumnType<string[], string, string>;
  language: string | null;
  secret: string;
  created_at: Generated<Date>;
  last_delivery_at: Date | null;
  failures: Generated<number>;
  failing_since: Date | null;
  last_error: string | null;
  paused_at: Date | null;
}

/** One person's reaction (one of REACTION_EMOJI) to a message (migration 025). */
export interface MessageReactionsTable {
  message_id: string;
  user_id: string;
  emoji: string;
  created_at: Generated<Date>;
}

/** A message's translation for one reader language (migration 018). */
export interface MessageTranslationsTable {
  message_id: ColumnType<string, string, never>;
  language: ColumnType<string, string, never>;
  content: string | null;
  status: ColumnType<TranslationStatus, TranslationStatus | undefined, TranslationStatus>;
  error: ColumnType<TranslationFailureReason | null, TranslationFailureReason | null | undefined, TranslationFailureReason | null>;
  unknown_spans: ColumnType<TextSpan[] | null, string | null | undefined, string | null>;
  attempts: ColumnType<number, number | undefined, number>;
  job_id: string | null;
  queued_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  machine_translation: ColumnType<string | null, string | null | undefined, string | null>;
  corrected_by: ColumnType<string | null, string | null | undefined, string | null>;
  corrected_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The engine that made the translation, and the pivot language when it went through one (migration 033). */
  engine: ColumnType<string | null, string | null | undefined, string | null>;
  via: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ConversationGlossaryTable {
  id: ColumnType<string, never, never>;
  chat_room_id: string;
  source_language: string;
  target_language: string;
  source_phrase: string;
  source_key: string;
  target_phrase: string;
  created_by: string | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
