import type { AccountTokensTable, ApiTokensTable, AuditLogTable, InvitesTable, OidcLoginsTable, ProfilesTable, PushSubscriptionsTable, SessionsTable, SettingsTable, UserIdentitiesTable, UsersTable } from './schema/accounts.ts';
import type { ChatRoomParticipantsTable, ChatRoomsTable, ConversationGlossaryTable, IncomingWebhooksTable, LinkPreviewsTable, MessageReactionsTable, MessageTranslationsTable, MessagesTable, OutgoingWebhooksTable, RoomFormerMembersTable, TranslationCacheTable } from './schema/chat.ts';
import type { ChatDocumentsTable, ChatMediaTable, DocumentTranslationsTable, ReportFilesTable, StoredFilesTable } from './schema/files.ts';
import type { CallsTable, NodeHeartbeatsTable, ReportsTable, TranslationUsageTable, UserBlocksTable, UserCallsTable } from './schema/operations.ts';

/** The database's tables, one file per area in schema/ (their rows' types are exported from here too). */
export type * from './schema/accounts.ts';
export type * from './schema/chat.ts';
export type * from './schema/files.ts';
export type * from './schema/operations.ts';

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
