// The public entry of chat/: other features import only this (eslint.config.js). Conversations: the list, a
// conversation's screen, and what the features built on chat need of it (roomStarted/roomLeft rather than the
// list's cache, room data, the slots the shell fills).
export { chatApi, openChatFromListItem, openChatFromStart } from './chatApi.ts';
export type { OpenChat } from './chatApi.ts';
export { useConversationList, roomStarted, roomLeft, leftRoom } from './conversations.ts';
export { applyGroupResponse } from './members.ts';
export { ConversationList } from './ConversationList.tsx';
export { ConversationView } from './ConversationView.tsx';
export { DeleteConversationDialog } from './DeleteConversationDialog.tsx';
export { ConversationSlotsProvider } from './slots.tsx';
export type { ConversationSlots } from './slots.tsx';
export { ChatRealtimeSync } from './useChatRealtimeSync.ts';
export { OutboxProvider } from './useOutbox.ts';
export { REGISTER_KEYS, REGISTER_OPTIONS } from './registers.ts';
export { FORMALITY_KEYS, PICKER_CARDS, RELATIONSHIP_KEYS } from './relationships.ts';
