import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useMatch, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Search } from 'lucide-react';
import { getLanguage } from '@parley/common/client';
import { Button } from '../../components/ui/button.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { useLinkStatus } from '../../lib/network.ts';
import { onNotificationOpen } from '../../lib/notify.ts';
import { RealtimeProvider } from '../../lib/realtime.ts';
import { registerServiceWorker, whenIdle } from '../../lib/serviceWorker.ts';
import { browserLanguage, getStoredLanguage } from '../../lib/userLanguage.ts';
import { useVisualViewport } from '../../lib/viewport.ts';
import { useAuth, FullScreenLoader } from '../auth/index.ts';
import { ChatRealtimeSync, leftRoom, openChatFromListItem, OutboxProvider, useConversationList, type OpenChat } from '../chat/index.ts';
import { ChatTab } from './ChatTab.tsx';
import { PushSync } from '../push/index.ts';
import { LanguageStep, useApplyLanguage, useCoverage, useVoiceCoverage } from '../language/index.ts';
import { UserSearchDialog } from '../search/index.ts';
import { NewGroupDialog } from '../groups/index.ts';
import { CallProvider, preloadCalls } from '../calls/index.ts';
import { Header } from './Header.tsx';
import { TabBar } from './TabBar.tsx';
import { DEFAULT_TAB, type Tab } from './tabs.ts';

// Talk (audio worklet, playback) and Scan (camera, image scaling) load on first use, or when idle.
const loadTalk = () => import('../talk/index.ts');
const loadScan = () => import('../scan/index.ts');
const TalkTab = lazy(() => loadTalk().then((m) => ({ default: m.TalkTab })));
const ScanTab = lazy(() => loadScan().then((m) => ({ default: m.ScanTab })));

type Step = { kind: 'language'; firstTime: boolean } | { kind: 'app' };

/**
 * The main screen (/ and /chat/:roomId): the language step, or the app shell. The step is skipped
 * when a language is stored in localStorage userLanguage (spec section 4).
 */
export function MainPage() {
  const { user, profile, refreshProfile } = useAuth();
  const { language } = useI18n();
  const applyLanguage = useApplyLanguage();
  const [step, setStep] = useState<Step>(() => (getStoredLanguage() ? { kind: 'app' } : { kind: 'language', firstTime: true }));
  const serves = useCoverage(step.kind === 'language');
  const voice = useVoiceCoverage(step.kind === 'language');

  useEffect(() => {
    registerServiceWorker();
    whenIdle(() => {
      void loadTalk();
      void loadScan();
      preloadCalls();
      void import('../profile/index.ts');
    });
  }, []);

  if (step.kind === 'language') {
    // First use: the language saved in the profile (a returning user on a new device), else the browser's
    // language; from the menu, the current one. Written in itself ('Español'), which the input resolves.
    const current = step.firstTime ? (profile?.language ?? browserLanguage()) : language;
    return (
      <div className="h-dvh overflow-y-auto bg-gradient-to-br from-secondary via-background to-teal-50">
        <LanguageStep
          firstTime={step.firstTime}
          name={profile?.username ?? user?.email ?? ''}
          initialValue={(current && getLanguage(current)?.nativeName) ?? ''}
          onContinue={async (code) => {
            await applyLanguage(code);
            setStep({ kind: 'app' });
          }}
          onCancel={step.firstTime ? undefined : () => setStep({ kind: 'app' })}
          serves={serves}
          voice={voice}
        />
      </div>
    );
  }

  // One chat socket per signed-in tab; it closes when the session ends (this page unmounts).
  // The server closing it for an ended session (4001) triggers a session check.
  return (
    <RealtimeProvider key={user?.id} onSessionEnded={() => void refreshProfile()}>
      <OutboxProvider userId={user?.id ?? ''}>
        <CallProvider>
          <Shell onLanguageSettings={() => setStep({ kind: 'language', firstTime: false })} />
        </CallProvider>
      </OutboxProvider>
    </RealtimeProvider>
  );
}

/** Header, the active tab, the tab bar; the open conversation comes from the address (/chat/:roomId). */
function Shell({ onLanguageSettings }: { onLanguageSettings: () => void }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const roomId = useMatch('/chat/:roomId')?.params.roomId ?? null;
  const link = useLinkStatus();
  const { keyboardOpen } = useVisualViewport();
  const [tab, setTab] = useState<Tab>(DEFAULT_TAB);
  const [searchOpen, setSearchOpen] = useState(false);
  const [newGroupOpen, setNewGroupOpen] = useState(false);
  const searchButton = useRef<HTMLButtonElement>(null);
  // Chats started from search, known before the list reloads.
  const [started, setStarted] = useState<Record<string, OpenChat>>({});
  const list = useConversationList(roomId !== null);

  const listed = roomId ? list.data?.find((item) => item.id === roomId) : undefined;
  // A group we were removed from (or left) closes at once, also when it was started in this tab.
  const departed = roomId !== null && !listed && leftRoom(roomId);
  const openChat = roomId && !departed ? (started[roomId] ?? (listed ? openChatFromListItem(listed) : null)) : null;
  const unknownRoom = roomId !== null && !openChat && (list.isSuccess || departed);
  const shownTab: Tab = roomId ? 'chat' : tab;

  const openRoom = useCallback(
    (id: string | null) => {
      setTab('chat');
      if (id) navigate(`/chat/${encodeURIComponent(id)}`);
      // Back to the list: the way we came when the list is in the history, else replace.
      else if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
      else navigate('/', { replace: true });
    },
    [navigate],
  );

  useEffect(() => onNotificationOpen((id) => openRoom(id)), [openRoom]);

  useEffect(() => {
    if (!unknownRoom) return;
    if (!departed) toast(t('chat.conversationUnavailable'), { id: 'unknown-room' });
    navigate('/', { replace: true });
  }, [unknownRoom, departed, navigate, t]);

  return (
    <>
      <ChatRealtimeSync openRoomId={shownTab === 'chat' ? roomId : null} onOpenRoom={openRoom} />
      <PushSync openRoomId={shownTab === 'chat' ? roomId : null} />
      <div
        className="flex h-[var(--app-height,100dvh)] flex-col"
        data-testid="app-shell"
        data-tab={shownTab}
        data-keyboard={keyboardOpen}
      >
        <Header
          link={link}
          onLanguageSettings={onLanguageSettings}
          right={
            <Button ref={searchButton} variant="ghost" size="icon" className="size-11" onClick={() => setSearchOpen(true)} aria-label={t('header.searchUsers')} data-testid="user-search-button">
              <Search className="size-5" />
            </Button>
          }
        />
        <main className="min-h-0 flex-1 overflow-y-auto overscroll-contain" data-testid="main-content">
          <Suspense fallback={<FullScreenLoader />}>
            {shownTab === 'talk' && <TalkTab />}
            {shownTab === 'chat' && roomId && !openChat && <FullScreenLoader />}
            {shownTab === 'chat' && (!roomId || openChat) && (
              <ChatTab
                openChat={openChat}
                onOpenChat={(chat) => openRoom(chat?.roomId ?? null)}
                onFindPeople={() => setSearchOpen(true)}
                onNewGroup={() => setNewGroupOpen(true)}
              />
            )}
            {shownTab === 'scan' && <ScanTab />}
          </Suspense>
        </main>
        {/* A phone keyboard is open: the composer and the latest messages get the room instead. */}
        {!keyboardOpen && (
          <TabBar
            active={shownTab}
            onChange={(next) => {
              setTab(next);
              if (roomId) navigate('/', { replace: true });
            }}
          />
        )}
        <UserSearchDialog
          open={searchOpen}
          onOpenChange={setSearchOpen}
          returnFocusTo={searchButton}
          onChatStarted={(chat) => {
            setStarted((known) => ({ ...known, [chat.roomId]: chat }));
            openRoom(chat.roomId);
          }}
          onNewGroup={() => setNewGroupOpen(true)}
        />
        <NewGroupDialog
          open={newGroupOpen}
          onOpenChange={setNewGroupOpen}
          onCreated={(chat) => {
            setStarted((known) => ({ ...known, [chat.roomId]: chat }));
            openRoom(chat.roomId);
          }}
        />
      </div>
    </>
  );
}
