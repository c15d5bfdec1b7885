import { useState, type ReactNode } from 'react';
import { ArrowLeft, Bell, BellOff, BookA, HeartHandshake, MoreVertical, PlugZap, Search, Users, WifiOff, Webhook } from 'lucide-react';
import { UserAvatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '../../components/ui/dropdown-menu.tsx';
import { useT } from '../../lib/i18n.tsx';
import type { LinkStatus } from '../../lib/network.ts';
import type { ConnectionState } from '../../lib/realtime.ts';
import { cn } from '../../lib/utils.ts';
import { GroupAvatar } from '../../components/GroupAvatar.tsx';
import { SafetyMenu } from '../safety/index.ts';
import { useConversationSlots } from './slots.tsx';
import { BotBadge } from '../../components/BotBadge.tsx';

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
  /** The pair's partner is a bot (issue 35): the "BOT" badge after the name. */
  bot?: boolean;
  /** The room: its notifications' mute menu. */
  roomId?: string | undefined;
  /** A pair's webhooks (issue 35): an item of its "⋮" menu at every width. */
  onIntegrations?: (() => void) | undefined;
  /** A pair's Call button (features/calls). */
  callButton?: ReactNode;
}

const STATUS = {
  online: { key: 'chat.linkOnline', dot: 'bg-emerald-500' },
  connecting: { key: 'chat.linkConnecting', dot: 'bg-amber-400 animate-pulse' },
  offline: { key: 'chat.linkOffline', dot: 'bg-slate-400' },
} as const;

/** Shown from the sm breakpoint (640 px) up; below it the same action is an item of the "⋮" menu. */
const WIDE_ONLY = 'hidden shrink-0 sm:inline-flex';
const NARROW_ONLY = 'sm:hidden';

/**
 * Back, the partner's or group's name, connection, and the actions. The name comes first: on a phone only
 * Call (a pair) and the "⋮" menu sit beside it, and search, glossary, context / group info and mute are items
 * of that menu (as in WhatsApp, Telegram and Signal); from 640 px they are buttons of their own.
 */
export function ConversationHeader(props: ConversationHeaderProps) {
  const { name, bot, partnerLanguageName, connection, link, contextLabel, onBack, onJoin, onContext, onGlossary, onSearch, group, partner, roomId, callButton, onIntegrations } = props;
  const t = useT();
  const status = STATUS[link];
  const { useMutedRooms, MuteMenu, MuteDialog } = useConversationSlots();
  const muted = useMutedRooms().has(roomId ?? '');
  const [muteOpen, setMuteOpen] = useState(false);
  // The phone's menu items; Block and Report follow them in a pair's menu.
  const narrowItems = (
    <>
      {onSearch && (
        <DropdownMenuItem className={NARROW_ONLY} onSelect={onSearch} data-testid="menu-search">
          <Search aria-hidden="true" /> {t('chat.searchInConversation')}
        </DropdownMenuItem>
      )}
      {group ? (
        <DropdownMenuItem className={NARROW_ONLY} onSelect={group.onInfo} data-testid="menu-group-info">
          <Users aria-hidden="true" /> {t('chat.groupInfo')}
        </DropdownMenuItem>
      ) : (
        <DropdownMenuItem className={NARROW_ONLY} onSelect={onContext} data-testid="menu-context">
          <HeartHandshake aria-hidden="true" />
          <span className="min-w-0 truncate">{t('chat.relationshipContext')}{contextLabel ? ` · ${contextLabel}` : ''}</span>
        </DropdownMenuItem>
      )}
      {onGlossary && (
        <DropdownMenuItem className={NARROW_ONLY} onSelect={onGlossary} data-testid="menu-glossary">
          <BookA aria-hidden="true" /> {t('chat.glossary')}
        </DropdownMenuItem>
      )}
      {roomId && (
        <DropdownMenuItem className={NARROW_ONLY} onSelect={() => setMuteOpen(true)} data-testid="menu-mute" data-muted={muted}>
          {muted ? <BellOff aria-hidden="true" /> : <Bell aria-hidden="true" />} {t('push.mute')}
        </DropdownMenuItem>
      )}
      {!group && partner && onIntegrations && (
        <DropdownMenuItem onSelect={onIntegrations} data-testid="menu-integrations">
          <Webhook aria-hidden="true" /> {t('integrations.section')}
        </DropdownMenuItem>
      )}
      {!group && partner && <DropdownMenuSeparator />}
    </>
  );
  return (
    <div className="shrink-0 border-b border-border bg-card" data-testid="conversation-header">
      <div className="mx-auto flex h-14 max-w-3xl items-center gap-1 px-1 sm:gap-2 sm:px-2">
        <Button variant="ghost" size="icon" onClick={onBack} className="shrink-0" aria-label={t('chat.back')} data-testid="conversation-back">
          <ArrowLeft className="!size-5 rtl:-scale-x-100" aria-hidden="true" />
        </Button>
        {group ? <GroupAvatar initials={group.initials} className="size-9 shrink-0" /> : <UserAvatar username={name} className="size-9 shrink-0" />}
        <div className="min-w-0 flex-1 ps-1 leading-tight">
          <div className="flex min-w-0 items-center gap-1">
            {group ? (
              <button type="button" onClick={group.onInfo} className="block min-w-0 truncate text-start font-semibold hover:underline" data-testid="conversation-partner">
                <span dir="auto">{name}</span>
              </button>
            ) : (
              <h2 className="min-w-0 truncate font-semibold" dir="auto" data-testid="conversation-partner">{name}</h2>
            )}
            {bot && <BotBadge />}
            {muted && <BellOff className="size-3.5 shrink-0 text-muted-foreground" role="img" aria-label={t('phone.muted')} data-testid="header-muted" />}
          </div>
          <p className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground" data-testid="connection-state" data-state={connection} data-link={link}>
            <span className={cn('size-2 shrink-0 rounded-full', status.dot)} aria-hidden="true" />
            <span className="min-w-0 truncate">
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
          <Button variant="ghost" size="icon" onClick={onSearch} className={WIDE_ONLY} aria-label={t('chat.searchInConversation')} title={t('chat.searchInConversation')} data-testid="conversation-search-button">
            <Search aria-hidden="true" />
          </Button>
        )}
        {onGlossary && (
          <Button variant="ghost" size="icon" onClick={onGlossary} className={WIDE_ONLY} aria-label={t('chat.glossary')} title={t('chat.glossary')} data-testid="glossary-button">
            <BookA aria-hidden="true" />
          </Button>
        )}
        {group ? (
          <Button variant="ghost" size="icon" onClick={group.onInfo} className={WIDE_ONLY} aria-label={t('chat.groupInfo')} title={t('chat.groupInfo')} data-testid="group-info-button">
            <Users aria-hidden="true" />
          </Button>
        ) : (
          <Button
            variant="outline"
            size="sm"
            onClick={onContext}
            className={cn(WIDE_ONLY, 'max-w-40')}
            aria-label={t('chat.relationshipContext')}
            title={t('chat.relationshipContext')}
            data-testid="context-button"
          >
            <HeartHandshake aria-hidden="true" />
            <span className="truncate" data-testid="context-label">{contextLabel ?? t('chat.setContext')}</span>
          </Button>
        )}
        {roomId && <MuteMenu roomId={roomId} className={WIDE_ONLY} />}
        {!group && partner ? (
          <SafetyMenu user={partner} place="conversation" extra={narrowItems} />
        ) : (
          // A group (or a pair whose partner is gone) has only the phone's items: no "⋮" from 640 px up.
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" className={cn('shrink-0', NARROW_ONLY)} aria-label={t('safety.moreActions')} title={t('safety.moreActions')} data-testid="header-menu">
                <MoreVertical aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">{narrowItems}</DropdownMenuContent>
          </DropdownMenu>
        )}
        {roomId && <MuteDialog roomId={roomId} open={muteOpen} onOpenChange={setMuteOpen} />}
      </div>
    </div>
  );
}
