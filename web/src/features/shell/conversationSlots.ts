import type { ConversationSlots } from '../chat/slots.tsx';
import { CallButton } from '../calls/CallButton.tsx';
import { CallTranscript } from '../calls/CallTranscript.tsx';
import { GroupInfoDialog } from '../groups/GroupInfoDialog.tsx';
import { GroupPreviewLines } from '../groups/GroupPreviewLines.tsx';
import { ReadOnlyNotice } from '../groups/ReadOnlyNotice.tsx';
import { MuteDialog, MuteMenu, useMutedRooms } from '../push/MuteMenu.tsx';

/** The features the conversation screens show, composed here so chat/ imports none of them (chat/slots.tsx). */
export const CONVERSATION_SLOTS: ConversationSlots = {
  CallButton, CallTranscript, GroupInfo: GroupInfoDialog, ReadOnlyNotice, GroupPreviewLines, useMutedRooms, MuteMenu, MuteDialog,
};
