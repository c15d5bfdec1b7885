import { useState } from 'react';
import { LanguagePartnersDialog } from '../search/index.ts';
import { openChatFromListItem, type OpenChat, ConversationList, ConversationView, ConversationSlotsProvider } from '../chat/index.ts';
import { PushAsk } from '../push/index.ts';
import { CONVERSATION_SLOTS } from './conversationSlots.ts';

export interface ChatTabProps {
  /** The conversation on screen, or null for the list (state lives in the shell, so search can open one). */
  openChat: OpenChat | null;
  onOpenChat: (chat: OpenChat | null) => void;
  onFindPeople: () => void;
  onNewGroup?: () => void;
}

/** Chat tab: the conversation list, or the conversation once one is selected or started, with the features they show (slots). */
export function ChatTab({ openChat, onOpenChat, onFindPeople, onNewGroup }: ChatTabProps) {
  const [partnersOpen, setPartnersOpen] = useState(false);
  return (
    <ConversationSlotsProvider value={CONVERSATION_SLOTS}>
      {openChat ? (
        <ConversationView key={openChat.roomId} chat={openChat} onBack={() => onOpenChat(null)} />
      ) : (
        <>
          <PushAsk />
          <ConversationList
            onOpen={(item) => onOpenChat(openChatFromListItem(item))}
            onFindPeople={onFindPeople}
            onBrowsePartners={() => setPartnersOpen(true)}
            onNewGroup={onNewGroup}
          />
          <LanguagePartnersDialog
            open={partnersOpen}
            onOpenChange={setPartnersOpen}
            onFindPeople={() => {
              setPartnersOpen(false);
              onFindPeople();
            }}
          />
        </>
      )}
    </ConversationSlotsProvider>
  );
}
