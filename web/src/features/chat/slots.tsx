import { createContext, useContext, type ComponentType } from 'react';
import type { ConversationListItem, GroupSystemEvent, LanguagePreview, RoomMember } from '@parley/common';

/**
 * What the conversation screens show from the features built on chat (calls, groups, push). chat does not import
 * them: the shell fills these slots (shell/conversationSlots.ts) and provides them around the chat tab. A slot left
 * empty shows nothing, so chat's own tests render without the rest of the app.
 */
export interface ConversationSlots {
  /** The call button of a pair's header. */
  CallButton: ComponentType<{ roomId: string; partner: { id: string; username: string; language: string | null } }>;
  /** A call's transcript line in the message list. */
  CallTranscript: ComponentType<{ event: GroupSystemEvent }>;
  /** A group's info and member dialog (open from the header). */
  GroupInfo: ComponentType<{ room: ConversationListItem; members: RoomMember[] | undefined; myId: string; open: boolean; onOpenChange: (open: boolean) => void; onLeft: () => void }>;
  /** In place of the composer of a group I was removed from. */
  ReadOnlyNotice: ComponentType<{ room: ConversationListItem; onDeleted: () => void }>;
  /** A group's draft preview: one line per language its members read. */
  GroupPreviewLines: ComponentType<{ languages: LanguagePreview[] }>;
  /** The conversations I muted (a row and the header say so). */
  useMutedRooms: () => ReadonlySet<string>;
  /** Mute on the wide header, and the dialog the narrow header's menu opens. */
  MuteMenu: ComponentType<{ roomId: string; className?: string }>;
  MuteDialog: ComponentType<{ roomId: string; open: boolean; onOpenChange: (open: boolean) => void }>;
}

const NOTHING = () => null;
const NONE_MUTED: ReadonlySet<string> = new Set();

const EMPTY_SLOTS: ConversationSlots = {
  CallButton: NOTHING, CallTranscript: NOTHING, GroupInfo: NOTHING, ReadOnlyNotice: NOTHING, GroupPreviewLines: NOTHING,
  useMutedRooms: () => NONE_MUTED, MuteMenu: NOTHING, MuteDialog: NOTHING,
};

const SlotsContext = createContext<ConversationSlots>(EMPTY_SLOTS);
/** Give the conversation screens their slots: a constant, so the hooks among them keep their order. */
export const ConversationSlotsProvider = SlotsContext.Provider;
export const useConversationSlots = (): ConversationSlots => useContext(SlotsContext);
