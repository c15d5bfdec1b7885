import type { ChatMessage, ConversationListItem } from './api/chat.ts';
import type { GroupRegister, RoomMember } from './api/groupTypes.ts';
import type { MessageReaction } from './api/messageLife.ts';
import type { LinkPreviewView } from './api/linkPreviewRoutes.ts';
import type { CallSignalEvent } from './calls.ts';

/** The chat socket protocol. Bump the version on any incompatible change. */
export const REALTIME_PROTOCOL_VERSION = 1;

/** Server -> client events. A socket only receives events of rooms its user participates in. */
export type ServerEvent =
  | { v: 1; type: 'hello'; userId: string }
  | { v: 1; type: 'message.created'; message: ChatMessage }
  | { v: 1; type: 'message.translated'; message: ChatMessage }
  /** The sender edited the text: the new content, its translations pending again (each follows as message.translated). */
  | { v: 1; type: 'message.edited'; message: ChatMessage }
  /** The sender deleted it for everyone: shown as "This message was deleted". */
  | { v: 1; type: 'message.deleted'; roomId: string; messageId: string; deletedAt: string }
  /** A reaction was added or taken back: the message's reactions now. */
  | { v: 1; type: 'message.reactions'; roomId: string; messageId: string; reactions: MessageReaction[] }
  /** The card of the message's first link is ready (issue 36 item 3), in the reader's language. */
  | { v: 1; type: 'message.link_preview'; roomId: string; messageId: string; preview: LinkPreviewView }
  | { v: 1; type: 'room.created'; room: ConversationListItem }
  | { v: 1; type: 'room.deleted'; roomId: string }
  /** A member deleted their account: they are gone from the room; their messages now show "Deleted user". */
  | { v: 1; type: 'room.member_deleted'; roomId: string; memberCount: number }
  /** A member read the room up to lastReadMessageId: to the reader's sockets, and to the members who may see it
   * (read receipts on on both sides, no block either way: server/src/chat/receipts.ts). */
  | { v: 1; type: 'read.updated'; roomId: string; userId: string; lastReadMessageId: string }
  /** userId turned read receipts on or off: to everyone who shares a room with them, who reload the read marks. */
  | { v: 1; type: 'read.receipts_changed'; userId: string }
  // Groups. A member added (or a group created) gets 'room.created' with the room as they list it;
  // the others get these, and the system line itself as 'message.created'.
  | { v: 1; type: 'group.member_added'; roomId: string; members: RoomMember[]; memberCount: number }
  | { v: 1; type: 'group.member_removed'; roomId: string; userId: string; memberCount: number }
  | { v: 1; type: 'group.renamed'; roomId: string; name: string }
  | { v: 1; type: 'group.register_changed'; roomId: string; register: GroupRegister }
  | { v: 1; type: 'group.admin_granted'; roomId: string; userId: string }
  /** To the person removed (or who left, on their other tabs): the room is gone for them; nothing of it follows. */
  | { v: 1; type: 'group.you_were_removed'; roomId: string; reason: 'removed' | 'left' }
  /** Someone else in the room is writing (sent at most every few seconds while they type; shown for a few). */
  | { v: 1; type: 'typing'; roomId: string; userId: string }
  /** Calls (issue 26): ringing, accepted (on which device), ended; see calls.ts. */
  | CallSignalEvent
  | { v: 1; type: 'pong' }
  | { v: 1; type: 'error'; code: string; message: string };

export type ServerEventType = ServerEvent['type'];
