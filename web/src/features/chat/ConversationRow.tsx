import { BellOff, EllipsisVertical, LogOut, Trash2 } from 'lucide-react';
import type { ConversationListItem } from '@parley/common';
import { UserAvatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../components/ui/dropdown-menu.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { cn } from '../../lib/utils.ts';
import { GroupAvatar } from '../../components/GroupAvatar.tsx';
import { useConversationSlots } from './slots.tsx';
import { conversationName, previewText, relativeTime, unreadBadge } from './format.ts';

export interface ConversationRowProps {
  item: ConversationListItem;
  now: number;
  onOpen: (item: ConversationListItem) => void;
  onDelete: (item: ConversationListItem) => void;
}

/** One conversation: avatar, name, time since the last message, preview, unread badge and a menu. */
export function ConversationRow({ item, now, onOpen, onDelete }: ConversationRowProps) {
  const { t, language } = useI18n();
  const name = conversationName(item, t('chat.deletedUser'));
  const badge = unreadBadge(item.unreadCount);
  // A muted conversation says so on its row, and its unread count is grey (as in WhatsApp and Telegram).
  const { useMutedRooms } = useConversationSlots();
  const muted = useMutedRooms().has(item.id);
  const time = relativeTime(item.lastMessage?.created_at ?? item.created_at, now, t, language);
  return (
    <li
      className="flex items-center rounded-2xl border border-border bg-card shadow-xs transition-colors hover:border-primary/30 hover:bg-secondary/40"
      data-testid="conversation-row"
      data-room-id={item.id}
      data-name={name}
      data-kind={item.kind}
      data-muted={muted || undefined}
    >
      <button
        type="button"
        onClick={() => onOpen(item)}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-2xl p-3 text-start focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        data-testid="conversation-open"
      >
        {item.kind === 'group' ? <GroupAvatar initials={item.avatarInitials} className="size-12" /> : <UserAvatar username={name} className="size-12" />}
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-baseline justify-between gap-2">
            <span className="flex min-w-0 items-center gap-1">
              <span dir="auto" className={cn('truncate', badge ? 'font-bold' : 'font-semibold')} data-testid="conversation-name">{name}</span>
              {muted && <BellOff className="size-3.5 shrink-0 text-muted-foreground" role="img" aria-label={t('phone.muted')} data-testid="conversation-muted" />}
            </span>
            <span className={cn('shrink-0 text-xs', badge ? 'font-medium text-primary' : 'text-muted-foreground')} data-testid="conversation-time">
              {time}
            </span>
          </span>
          <span className="flex items-center justify-between gap-2">
            <span dir="auto" className={cn('truncate text-start text-sm', badge ? 'text-foreground' : 'text-muted-foreground')} data-testid="conversation-preview">
              {/* A group I was removed from ends with its removal line: "ana removed you". */}
              {previewText(item.lastMessage, t, item.readOnly ? item.lastMessage?.system_event?.target?.id : undefined)}
            </span>
            {item.mentioned && (
              // An unread mention of me (or @all): marked even in a muted room, as Slack and Telegram do.
              <span
                className="flex size-5 shrink-0 items-center justify-center rounded-full bg-primary text-[11px] font-bold text-primary-foreground"
                role="img"
                aria-label={t('chat.mentionedYou')}
                title={t('chat.mentionedYou')}
                data-testid="mention-badge"
              >
                @
              </span>
            )}
            {badge && (
              <span
                className={cn('flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full px-1.5 text-[11px] font-bold', muted ? 'bg-muted-foreground/60 text-white' : 'bg-primary text-primary-foreground')}
                data-testid="unread-badge"
                aria-label={t('chat.unreadMessages', { n: item.unreadCount })}
              >
                {badge}
              </span>
            )}
          </span>
        </span>
      </button>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="me-1 shrink-0 text-muted-foreground" aria-label={t('chat.conversationOptions')} data-testid="conversation-menu">
            <EllipsisVertical aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-48">
          <DropdownMenuItem
            onSelect={() => onDelete(item)}
            className="text-destructive data-[highlighted]:text-destructive [&_svg]:text-destructive"
            data-testid="conversation-delete"
          >
            {item.kind === 'group' && !item.readOnly ? <LogOut aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
            {item.kind === 'group' && !item.readOnly ? t('chat.groupLeave') : t('chat.deleteConversation')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </li>
  );
}
