import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import type { TextSpan, TranslationFailureReason } from './translation.ts';
import { RELATIONSHIP_TYPES, relationshipContextSchema, type RelationshipContext } from '../relationship.ts';

export interface UserSummary {
  id: string;
  username: string;
  email: string;
  language: string | null;
}

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
}

/** Conversation list item (spec section 3), with a real unread count. */
export interface ConversationListItem {
  id: string;
  name: string;
  created_at: string;
  lastMessage: {
    content: string;
    created_at: string;
    sender_username: string;
    isFromCurrentUser: boolean;
  } | null;
  otherUser: UserSummary | null;
  unreadCount: number;
}

/** POST /api/chats answer: the room (new or reused) and the partner. */
export interface StartChatResponse {
  created: boolean;
  room: ConversationListItem;
  partner: UserSummary & { chatRoomId: string; relationshipContext: RelationshipContext | null };
}

export const searchUsersQuery = z.object({ q: z.string().max(100).default('') });

const pickerTypes = RELATIONSHIP_TYPES.map((r) => r.type) as [string, ...string[]];

export const startChatBody = z.object({
  userId: z.string().uuid('userId must be a user id'),
  relationshipType: z.enum(pickerTypes).optional(),
});

/** Either a picker type or the user's own words (whose type and formality are inferred). */
export const saveContextBody = z.union([
  z.object({ relationshipType: z.enum(pickerTypes) }).strict(),
  z.object({ description: z.string().trim().min(1, 'Describe who they are to you').max(200) }).strict(),
]);

export const sendMessageBody = z.object({
  content: z
    .string()
    .max(LIMITS.messageMaxChars, `Messages can be at most ${LIMITS.messageMaxChars} characters`)
    .refine((s) => s.trim().length > 0, 'Message cannot be empty'),
  clientId: z.string().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/, 'clientId must be url-safe'),
});

export const messagesQuery = z.object({
  /** Only messages with a larger id (resume after a reconnect). */
  after: z.string().regex(/^\d{1,18}$/).optional(),
});

export const CHAT_API = {
  searchUsers: '/api/users/search',
  chats: '/api/chats',
  chat: (roomId: string) => `/api/chats/${roomId}`,
  messages: (roomId: string) => `/api/chats/${roomId}/messages`,
  read: (roomId: string) => `/api/chats/${roomId}/read`,
  context: (roomId: string) => `/api/chats/${roomId}/context`,
  realtime: '/api/realtime',
} as const;

export { relationshipContextSchema };
