import type { CallEndReason, CallState, CallTranscriptLine, AttachmentKind, GroupRegister, GroupSystemEvent, MessageAttachment, MessageMention, RelationshipContext, RoomKind, TextSpan, TranslationFailureReason } from '@parley/common';
import type { DocumentKind, DocumentProblem, DocumentStatus, DocumentTranslationView } from '@parley/common';
import type { StoredLinkPreview } from '@parley/common';
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  email_confirmed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  /** Set by the first successful sign-in (the web's first-time welcome). */
  first_signed_in_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** 'admin' may use the console and the admin API (migration 020). */
  role: ColumnType<UserRole, UserRole | undefined, UserRole>;
  /** A disabled account cannot sign in and has no sessions. */
  disabled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When the address was proven the holder's (mailed link, finished reset, provider's verified claim, operator): migration 035. */
  email_proven_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** A bot (migration 040): no password, acts only through its API tokens. */
  is_bot: ColumnType<boolean, boolean | undefined, boolean>;
  /** The person who owns the bot (null for people, and for a bot whose owner's account was deleted). */
  bot_owner_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export type UserRole = 'user' | 'admin';

/** Invite links (admin/invites.ts): the link carries the token, the table its SHA-256. */
export interface InvitesTable {
  id: Generated<string>;
  token_hash: string;
  created_by: string | null;
  max_uses: number;
  uses: ColumnType<number, number | undefined, number>;
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
}

/** Who did what, when, from where (admin/audit.ts). */
export interface AuditLogTable {
  id: ColumnType<string, never, never>;
  at: Timestamp;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target_id: string | null;
  target_email: string | null;
  /** JSON text. */
  details: string | null;
  address: string | null;
}

/** Settings every node reads from the database (registration mode, audit retention). */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

/** Web push: one subscription per signed-in device (session), deleted with it. */
export interface PushSubscriptionsTable {
  session_id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** An OpenID Connect identity (issuer + subject) linked to an account. */
export interface UserIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: string;
  email: string | null;
  created_at: Timestamp;
}

/** A single sign-on on its way through the provider (used once, then deleted). */
export interface OidcLoginsTable {
  state_hash: string;
  browser_hash: string;
  nonce: string;
  code_verifier: string;
  redirect_uri: string;
  invite: string | null;
  expires_at: Timestamp;
  created_at: Generated<Timestamp>;
}

export interface ProfilesTable {
  id: string;
  username: string;
  email: string;
  language: string | null;
  bio: string | null;
  avatar_url: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Read receipts (migration 026): off hides this person's reads from others and theirs from them. */
  read_receipts: ColumnType<boolean, boolean | undefined, boolean>;
  /** Web push: notifications say "New message" instead of the text. */
  push_hide_text: Generated<boolean>;
  /** "Show my language first" (migration 038): the translation is the main text of what this person reads. */
  translation_first: Generated<boolean>;
}

/** Personal access tokens and bot tokens (migration 040): only the SHA-256 of the secret. */
export interface ApiTokensTable {
  id: Generated<string>;
  /** The account the token acts as (a person, or a bot). */
  user_id: string;
  /** The person who made it (the bot's owner for a bot's token). */
  created_by: string;
  name: string;
  /** Space-separated: 'read', 'read write'. */
  scopes: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface SessionsTable {
  /** sha256 of the cookie token: a leaked table does not leak usable cookies. */
  id: string;
  user_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  /** The browser's User-Agent at sign-in (the device list). */
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A mailed link (password reset, e-mail confirmation): only the token's SHA-256 is kept. */
export interface AccountTokensTable {
  id: string;
  user_id: string;
  kind: 'password_reset' | 'email_confirmation';
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

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

export interface StoredFilesTable {
  bucket: string;
  key: string;
  content_type: string;
  bytes: Uint8Array;
  updated_at: Timestamp;
}

/** Photos and voice recordings of a room (media/); deleted with the room. */
export interface ChatMediaTable {
  id: Generated<string>;
  chat_room_id: string;
  uploader_id: string | null;
  kind: AttachmentKind;
  content_type: string;
  bytes: Uint8Array;
  /** A file's cleaned name (kind 'file', migration 046). */
  file_name: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
}

/** What was read from a sent file (media/documents, migration 046). */
export interface ChatDocumentsTable {
  media_id: string;
  chat_room_id: string;
  message_id: ColumnType<string | null, string | null | undefined, string | null>;
  sender_id: string | null;
  file_name: string;
  document_kind: DocumentKind | null;
  /** 'download': a file whose text Parley does not read. */
  status: DocumentStatus | 'download';
  problem: DocumentProblem | null;
  source_language: string | null;
  pages: number | null;
  truncated: Generated<boolean>;
  paragraphs: ColumnType<string[], string | undefined, string>;
  search_text: Generated<string>;
  created_at: Generated<Date>;
}

/** One reader language's translation of a document, chunk by chunk. */
export interface DocumentTranslationsTable {
  media_id: string;
  language: string;
  status: DocumentTranslationView['status'];
  done: Generated<number>;
  total: Generated<number>;
  paragraphs: ColumnType<string[], string | undefined, string>;
  updated_at: Generated<Date>;
}

/** A reported message's file, kept as evidence (migration 046). */
export interface ReportFilesTable {
  report_id: string;
  kind: string;
  file_name: string | null;
  content_type: string;
  bytes: Uint8Array;
}

/** One running node and the job-queue jobs it holds (db/nodeHeartbeats.ts). */
export interface NodeHeartbeatsTable {
  node_id: string;
  started_at: Generated<Date>;
  beat_at: Generated<Date>;
  job_ids: Generated<string[]>;
}

/** Who blocked whom (safety/blocks.ts). */
export interface UserBlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: Generated<Date>;
}

/** A report filed by a person about a user or one of their messages, for the operators (safety/reports.ts). */
export interface ReportsTable {
  id: ColumnType<string, never, never>;
  reporter_id: string | null;
  reported_user_id: string | null;
  message_id: string | null;
  /** The message's text when it was reported (migration 028): kept if the message is edited or deleted. */
  message_content: string | null;
  /** The reported message's link card (migration 048), kept as evidence like its text. */
  link_preview: ColumnType<StoredLinkPreview | null, string | null | undefined, string | null>;
  reason: string;
  created_at: Generated<Date>;
  resolved_at: Date | null;
}

type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Translated voice calls (migration 027, server/src/calls/). */
export interface CallsTable {
  id: Generated<string>;
  room_id: string;
  caller_id: string;
  callee_id: string;
  state: CallState;
  created_at: Timestamp;
  ring_until: Timestamp;
  answered_at: NullableTime;
  ended_at: NullableTime;
  end_reason: CallEndReason | null;
  ended_by: string | null;
  /** The sessions (hashed ids) of the caller and of the device that answered: their end ends the call. */
  caller_session: string | null;
  callee_session: string | null;
  accepted_device: string | null;
  caller_consent: ColumnType<boolean, boolean | undefined, boolean>;
  callee_consent: ColumnType<boolean, boolean | undefined, boolean>;
  transcript: ColumnType<CallTranscriptLine[], string | undefined, string>;
  /** The node carrying each side's media socket (null: not connected) and its last renewal. */
  caller_node: string | null;
  callee_node: string | null;
  caller_alive_at: NullableTime;
  callee_alive_at: NullableTime;
}

/** One row per person in a ringing or active call: the "one call per user" rule. */
export interface UserCallsTable {
  user_id: string;
  call_id: string;
}

/** Characters sent to each translation engine per UTC day (the console's Translation tab). */
export interface TranslationUsageTable {
  /** YYYY-MM-DD, UTC. */
  day: string;
  engine: string;
  /** bigint: read as a string on PostgreSQL. */
  chars: ColumnType<string | number, number | undefined, number>;
  calls: Generated<number>;
}

export interface Database {
  users: UsersTable;
  profiles: ProfilesTable;
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
  account_tokens: AccountTokensTable;
  translation_cache: TranslationCacheTable;
  chat_rooms: ChatRoomsTable;
  chat_room_participants: ChatRoomParticipantsTable;
  room_former_members: RoomFormerMembersTable;
  messages: MessagesTable;
  link_previews: LinkPreviewsTable;
  message_translations: MessageTranslationsTable;
  stored_files: StoredFilesTable;
  conversation_glossary: ConversationGlossaryTable;
  chat_media: ChatMediaTable;
  chat_documents: ChatDocumentsTable;
  document_translations: DocumentTranslationsTable;
  report_files: ReportFilesTable;
  node_heartbeats: NodeHeartbeatsTable;
  invites: InvitesTable;
  audit_log: AuditLogTable;
  settings: SettingsTable;
  translation_usage: TranslationUsageTable;
  push_subscriptions: PushSubscriptionsTable;
  user_identities: UserIdentitiesTable;
  oidc_logins: OidcLoginsTable;
  user_blocks: UserBlocksTable;
  reports: ReportsTable;
  message_reactions: MessageReactionsTable;
  calls: CallsTable;
  user_calls: UserCallsTable;
  incoming_webhooks: IncomingWebhooksTable;
  outgoing_webhooks: OutgoingWebhooksTable;
}
