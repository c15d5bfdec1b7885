import type { ChatMessage, ConversationListItem } from './api/chat.ts';

/** The chat socket protocol. Bump the version on any incompatible change. */
export const REALTIME_PROTOCOL_VERSION = 1;

/** Server -> client events. A socket only receives events of rooms its user participates in. */
export type ServerEvent =
  | { v: 1; type: 'hello'; userId: string }
  | { v: 1; type: 'message.created'; message: ChatMessage }
  | { v: 1; type: 'message.translated'; message: ChatMessage }
  | { v: 1; type: 'room.created'; room: ConversationListItem }
  | { v: 1; type: 'room.deleted'; roomId: string }
  | { v: 1; type: 'read.updated'; roomId: string; userId: string; lastReadMessageId: string }
  | { v: 1; type: 'pong' }
  | { v: 1; type: 'error'; code: string; message: string };

export type ServerEventType = ServerEvent['type'];
