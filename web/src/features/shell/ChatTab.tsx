import { useState } from 'react';
import { LanguagePartnersDialog } from '../search/LanguagePartnersDialog.tsx';
import { openChatFromListItem, type OpenChat } from '../chat/chatApi.ts';
import { ConversationList } from '../chat/ConversationList.tsx';
import { ConversationView } from '../chat/ConversationView.tsx';
import { PushAsk } from '../push/PushAsk.tsx';
import { ConversationSlotsProvider } from '../chat/slots.tsx';
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
