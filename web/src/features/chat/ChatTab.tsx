import { useState } from 'react';
import { LanguagePartnersDialog } from '../search/LanguagePartnersDialog.tsx';
import { openChatFromListItem, type OpenChat } from './chatApi.ts';
import { ConversationList } from './ConversationList.tsx';
import { ConversationView } from './ConversationView.tsx';
import { PushAsk } from '../push/PushAsk.tsx';

export interface ChatTabProps {
  /** The conversation on screen, or null for the list (state lives in the shell, so search can open one). */
  openChat: OpenChat | null;
  onOpenChat: (chat: OpenChat | null) => void;
  onFindPeople: () => void;
  onNewGroup?: () => void;
}

/** Chat tab: the conversation list, or the conversation once one is selected or started. */
export function ChatTab({ openChat, onOpenChat, onFindPeople, onNewGroup }: ChatTabProps) {
  const [partnersOpen, setPartnersOpen] = useState(false);
  if (openChat) return <ConversationView key={openChat.roomId} chat={openChat} onBack={() => onOpenChat(null)} />;
  return (
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
  );
}
