import type { ConversationSlots } from '../chat/index.ts';
import { CallButton, CallTranscript } from '../calls/index.ts';
import { GroupInfoDialog, GroupPreviewLines, ReadOnlyNotice } from '../groups/index.ts';
import { MuteDialog, MuteMenu, useMutedRooms } from '../push/index.ts';

/** The features the conversation screens show, composed here so chat/ imports none of them (chat/slots.tsx). */
export const CONVERSATION_SLOTS: ConversationSlots = {
  CallButton, CallTranscript, GroupInfo: GroupInfoDialog, ReadOnlyNotice, GroupPreviewLines, useMutedRooms, MuteMenu, MuteDialog,
};
