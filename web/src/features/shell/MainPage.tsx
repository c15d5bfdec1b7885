import { useState } from 'react';
import { Search } from 'lucide-react';
import { languageName } from '@parley/common';
import { Button } from '../../components/ui/button.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { RealtimeProvider } from '../../lib/realtime.ts';
import { getStoredLanguage } from '../../lib/userLanguage.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import type { OpenChat } from '../chat/chatApi.ts';
import { ChatTab } from '../chat/ChatTab.tsx';
import { ChatRealtimeSync } from '../chat/useChatRealtimeSync.ts';
import { LanguageStep } from '../language/LanguageStep.tsx';
import { useApplyLanguage } from '../language/useApplyLanguage.ts';
import { ScanTab } from '../scan/ScanTab.tsx';
import { UserSearchDialog } from '../search/UserSearchDialog.tsx';
import { TalkTab } from '../talk/TalkTab.tsx';
import { Header } from './Header.tsx';
import { TabBar } from './TabBar.tsx';
import { DEFAULT_TAB, type Tab } from './tabs.ts';

type Step = { kind: 'language'; firstTime: boolean } | { kind: 'app' };

/**
 * The main screen (/): the language step, or the app shell. The step is skipped when a language
 * is stored in localStorage userLanguage (spec section 4).
 */
export function MainPage() {
  const { user, profile, refreshProfile } = useAuth();
  const { language, t } = useI18n();
  const applyLanguage = useApplyLanguage();
  const [step, setStep] = useState<Step>(() => (getStoredLanguage() ? { kind: 'app' } : { kind: 'language', firstTime: true }));
  const [tab, setTab] = useState<Tab>(DEFAULT_TAB);
  const [searchOpen, setSearchOpen] = useState(false);
  const [openChat, setOpenChat] = useState<OpenChat | null>(null);

  if (step.kind === 'language') {
    // A returning user on a new device: pre-fill the language saved in the profile.
    const current = step.firstTime ? profile?.language : language;
    return (
      <div className="h-dvh overflow-y-auto bg-gradient-to-br from-secondary via-background to-teal-50">
        <LanguageStep
          firstTime={step.firstTime}
          name={profile?.username ?? user?.email ?? ''}
          initialValue={current ? languageName(current) : ''}
          onContinue={async (code) => {
            await applyLanguage(code);
            setStep({ kind: 'app' });
          }}
          onCancel={step.firstTime ? undefined : () => setStep({ kind: 'app' })}
        />
      </div>
    );
  }

  // One chat socket per signed-in tab; it closes when the session ends (this page unmounts).
  // The server closing it for an ended session (4001) triggers a session check.
  return (
    <RealtimeProvider key={user?.id} onSessionEnded={() => void refreshProfile()}>
      <ChatRealtimeSync />
      <div className="flex h-dvh flex-col" data-testid="app-shell" data-tab={tab}>
        <Header
          onLanguageSettings={() => setStep({ kind: 'language', firstTime: false })}
          right={
            <Button variant="ghost" size="icon" onClick={() => setSearchOpen(true)} aria-label={t('header.searchUsers')} data-testid="user-search-button">
              <Search className="size-5" />
            </Button>
          }
        />
        <main className="min-h-0 flex-1 overflow-y-auto overscroll-contain" data-testid="main-content">
          {tab === 'talk' && <TalkTab />}
          {tab === 'chat' && <ChatTab openChat={openChat} onOpenChat={setOpenChat} onFindPeople={() => setSearchOpen(true)} />}
          {tab === 'scan' && <ScanTab />}
        </main>
        <TabBar active={tab} onChange={setTab} />
        <UserSearchDialog
          open={searchOpen}
          onOpenChange={setSearchOpen}
          onChatStarted={(chat) => {
            setOpenChat(chat);
            setTab('chat');
          }}
        />
      </div>
    </RealtimeProvider>
  );
}
