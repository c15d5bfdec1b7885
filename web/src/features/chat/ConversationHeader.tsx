import type { ReactNode } from 'react';
import { ArrowLeft, BookA, HeartHandshake, PlugZap, Search, Users, WifiOff } from 'lucide-react';
import { UserAvatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useT } from '../../lib/i18n.tsx';
import type { LinkStatus } from '../../lib/network.ts';
import type { ConnectionState } from '../../lib/realtime.ts';
import { cn } from '../../lib/utils.ts';
import { GroupAvatar } from '../groups/GroupAvatar.tsx';
import { SafetyMenu } from '../safety/SafetyMenu.tsx';
import { MuteMenu } from '../push/MuteMenu.tsx';

interface ConversationHeaderProps {
  name: string;
  partnerLanguageName: string;
  /** The socket's own state (data-state, for tests and tools). */
  connection: ConnectionState;
  /** What the user is told: Online / Connecting / Offline. */
  link: LinkStatus;
  /** The relationship context as it reads, or null when none is set. */
  contextLabel: string | null;
  onBack: () => void;
  onJoin: () => void;
  onContext: () => void;
  /** Opens the conversation glossary. */
  onGlossary?: () => void;
  /** Opens the search in this conversation. */
  onSearch?: () => void;
  /** A group: its avatar's initials, its size and the info panel (instead of the pair's context button). */
  group?: { initials: string; memberCount: number; onInfo: () => void };
  /** A pair's partner: the Block / Report menu. */
  partner?: { id: string; username: string } | undefined;
  /** The room: its notifications' mute menu. */
  roomId?: string | undefined;
  /** A pair's Call button (features/calls). */
  callButton?: ReactNode;
}

const STATUS = {
  online: { key: 'chat.linkOnline', dot: 'bg-emerald-500' },
  connecting: { key: 'chat.linkConnecting', dot: 'bg-amber-400 animate-pulse' },
  offline: { key: 'chat.linkOffline', dot: 'bg-slate-400' },
} as const;

/** Back, partner name, connection, relationship-context button, and Join Chat when not connected. */
export function ConversationHeader(props: ConversationHeaderProps) {
  const { name, partnerLanguageName, connection, link, contextLabel, onBack, onJoin, onContext, onGlossary, onSearch, group, partner, roomId, callButton } = props;
  const t = useT();
  const status = STATUS[link];
  return (
    <div className="shrink-0 border-b border-border bg-card">
      <div className="mx-auto flex h-14 max-w-3xl items-center gap-2 px-2">
        <Button variant="ghost" size="icon" onClick={onBack} aria-label={t('chat.back')} data-testid="conversation-back">
          <ArrowLeft className="!size-5 rtl:-scale-x-100" aria-hidden="true" />
        </Button>
        {group ? <GroupAvatar initials={group.initials} className="size-9" /> : <UserAvatar username={name} className="size-9" />}
        <div className="min-w-0 flex-1 leading-tight">
          {group ? (
            <button type="button" onClick={group.onInfo} className="block max-w-full truncate text-start font-semibold hover:underline" data-testid="conversation-partner">
              <span dir="auto">{name}</span>
            </button>
          ) : (
            <h2 className="truncate font-semibold" data-testid="conversation-partner">{name}</h2>
          )}
          <p className="flex items-center gap-1.5 truncate text-xs text-muted-foreground" data-testid="connection-state" data-state={connection} data-link={link}>
            <span className={cn('size-2 shrink-0 rounded-full', status.dot)} aria-hidden="true" />
            <span className="truncate">
              {t(status.key)} · {group ? <span data-testid="group-member-count">{t('chat.groupMemberCount', { n: group.memberCount })}</span> : partnerLanguageName}
            </span>
          </p>
        </div>
        {link !== 'online' && (
          // On a phone the label would squeeze the partner's name to a few letters: icon only there
          // (named by aria-label and title), the label from the sm breakpoint up.
          <Button size="sm" onClick={onJoin} disabled={link === 'offline'} className="shrink-0" aria-label={t('chat.joinChat')} title={t('chat.joinChat')} data-testid="join-chat">
            {link === 'offline' ? <WifiOff aria-hidden="true" /> : <PlugZap aria-hidden="true" />}
            <span className="hidden sm:inline">{t('chat.joinChat')}</span>
          </Button>
        )}
        {!group && callButton}
        {onSearch && (
          <Button variant="ghost" size="icon" onClick={onSearch} className="shrink-0" aria-label={t('chat.searchInConversation')} title={t('chat.searchInConversation')} data-testid="conversation-search-button">
            <Search aria-hidden="true" />
          </Button>
        )}
        {onGlossary && (
          <Button variant="ghost" size="icon" onClick={onGlossary} className="shrink-0" aria-label={t('chat.glossary')} title={t('chat.glossary')} data-testid="glossary-button">
            <BookA aria-hidden="true" />
          </Button>
        )}
        {group ? (
          <Button variant="ghost" size="icon" onClick={group.onInfo} className="shrink-0" aria-label={t('chat.groupInfo')} title={t('chat.groupInfo')} data-testid="group-info-button">
            <Users aria-hidden="true" />
          </Button>
        ) : (
          <Button
            variant="outline"
            size="sm"
            onClick={onContext}
            className="max-w-40 shrink-0"
            aria-label={t('chat.relationshipContext')}
            title={t('chat.relationshipContext')}
            data-testid="context-button"
          >
            <HeartHandshake aria-hidden="true" />
            <span className="hidden truncate sm:inline" data-testid="context-label">{contextLabel ?? t('chat.setContext')}</span>
          </Button>
        )}
        {roomId && <MuteMenu roomId={roomId} />}
        {!group && partner && <SafetyMenu user={partner} place="conversation" />}
      </div>
    </div>
  );
}
