import type { ReactNode } from 'react';
import { Ellipsis, Pencil, Reply, Trash2 } from 'lucide-react';
import { REACTION_EMOJI } from '@parley/common/client';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu.tsx';
import { useT } from '../../../lib/i18n.tsx';
import { useConversationTools } from '../conversationTools.ts';
import type { ViewMessage } from '../messages.ts';
import { canEdit } from './quote.ts';
import { TranslationInfo } from '../TranslationInfo.tsx';

/**
 * A message's "more" menu: the quick reactions in a row, Reply, and for one's own message Edit (text, within
 * 24 hours) and Delete for everyone; then `extra` (MessageActions: listen, translation, correct, report).
 */
export function MessageMenu({ message, extra }: { message: ViewMessage; extra?: ReactNode }) {
  const t = useT();
  const tools = useConversationTools();
  if (!tools?.onReply || message.deleted_at || message.local) return null;
  const mine = message.sender_id === tools.myId;
  const reacted = new Set((message.reactions ?? []).filter((r) => r.userIds.includes(tools.myId)).map((r) => r.emoji));
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="inline-flex size-7 items-center justify-center rounded-full hover:bg-black/10"
        aria-label={t('chat.messageMenu')}
        title={t('chat.messageMenu')}
        data-testid="message-menu"
      >
        <Ellipsis className="size-4" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="min-w-52" data-testid="message-menu-content">
        <div className="flex justify-between gap-0.5 px-1 py-1" role="group" aria-label={t('chat.messageMenu')}>
          {REACTION_EMOJI.map((emoji) => (
            <DropdownMenuItem
              key={emoji}
              onSelect={() => tools.onReact?.(message, emoji, !reacted.has(emoji))}
              className={`size-9 justify-center rounded-full p-0 text-lg ${reacted.has(emoji) ? 'bg-primary/15' : ''}`}
              aria-label={t('chat.react', { emoji })}
              data-testid="react-option"
              data-emoji={emoji}
            >
              {emoji}
            </DropdownMenuItem>
          ))}
        </div>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => tools.onReply?.(message)} data-testid="reply-action">
          <Reply className="size-4 rtl:-scale-x-100" aria-hidden="true" />
          {t('chat.reply')}
        </DropdownMenuItem>
        {canEdit(message, tools.myId) && (
          <DropdownMenuItem onSelect={() => tools.onEdit?.(message)} data-testid="edit-action">
            <Pencil className="size-4" aria-hidden="true" />
            {t('chat.editMessage')}
          </DropdownMenuItem>
        )}
        {mine && !message.system_event && (
          <DropdownMenuItem onSelect={() => tools.onDelete?.(message)} className="text-destructive focus:text-destructive" data-testid="delete-action">
            <Trash2 className="size-4" aria-hidden="true" />
            {t('chat.deleteMessage')}
          </DropdownMenuItem>
        )}
        <TranslationInfo message={message} />
        {extra}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
