import { Flag, Languages, Pencil, PencilLine, Volume2 } from 'lucide-react';
import { messageSpeechUrl } from '@parley/common/client';
import { DropdownMenuItem, DropdownMenuSeparator } from '../../components/ui/dropdown-menu.tsx';
import { useT } from '../../lib/i18n.tsx';
import { SpeakButton, toggleSpeech } from '../speech/index.ts';
import { useConversationTools } from './conversationTools.ts';
import type { ViewMessage } from './messages.ts';
import { MessageMenu } from './life/MessageMenu.tsx';
import { canEdit } from './life/quote.ts';

export interface MessageActionsProps {
  message: ViewMessage;
  /** The translation is worth showing (distinctTranslation). */
  hasTranslation: boolean;
  showTranslation: boolean;
  onToggleTranslation: () => void;
  /** "Show my language first" puts this received message's translation first (BubbleText): no original-only toggle. */
  translationFirst?: boolean;
}

/**
 * A message's actions: one visible action and the "···" menu with the rest, each named for screen readers.
 * On one's own message the visible action is Edit (while it can be edited); on a received one, Listen, in the
 * reader's language when there is a translation. The menu holds the reactions, Reply, Edit and Delete, the other
 * Listen, show the original only / the translation, Correct translation and Report.
 */
export function MessageActions({ message, hasTranslation, showTranslation, onToggleTranslation, translationFirst = false }: MessageActionsProps) {
  const t = useT();
  const tools = useConversationTools();
  // A message still on its way has no id the server knows; a deleted one has nothing left to act on.
  if (message.local || message.deleted_at) return null;
  const mine = Boolean(tools && message.sender_id === tools.myId);
  const hasText = message.content.trim() !== '';
  const translationShown = hasTranslation && (showTranslation || translationFirst);
  // The one Listen beside the menu (a received message): the text in the reader's language when there is one.
  const visibleSpeech = mine || !hasText ? null : translationShown ? 'translation' : 'original';
  const editable = Boolean(tools?.onEdit) && canEdit(message, tools?.myId ?? '');
  const canReport = Boolean(tools?.onReport && message.sender_id && !mine);
  const toggles = hasTranslation && !(translationFirst && !mine);
  const any = (hasText && visibleSpeech !== 'original') || (translationShown && visibleSpeech !== 'translation') || toggles || (translationShown && tools) || canReport;
  const items = any && (
    <>
      <DropdownMenuSeparator />
      {hasText && visibleSpeech !== 'original' && (
        <DropdownMenuItem onSelect={() => toggleSpeech(messageSpeechUrl(message.id, 'original'))} data-testid="menu-speak-original">
          <Volume2 aria-hidden="true" /> {t('phone.listenOriginal')}
        </DropdownMenuItem>
      )}
      {translationShown && visibleSpeech !== 'translation' && (
        <DropdownMenuItem onSelect={() => toggleSpeech(messageSpeechUrl(message.id, 'translation'))} data-testid="menu-speak-translation">
          <Volume2 aria-hidden="true" /> {t('phone.listenTranslation')}
        </DropdownMenuItem>
      )}
      {toggles && (
        <DropdownMenuItem onSelect={onToggleTranslation} data-testid="toggle-translation" data-shown={showTranslation}>
          <Languages aria-hidden="true" /> {showTranslation ? t('chat.showOriginalOnly') : t('chat.showTranslation')}
        </DropdownMenuItem>
      )}
      {translationShown && tools && (
        <DropdownMenuItem onSelect={() => tools.onCorrect(message)} data-testid="correct-translation">
          <PencilLine aria-hidden="true" /> {t('chat.correct')}
        </DropdownMenuItem>
      )}
      {canReport && (
        <DropdownMenuItem onSelect={() => tools?.onReport?.(message)} data-testid="report-message">
          <Flag aria-hidden="true" /> {t('safety.reportMessage')}
        </DropdownMenuItem>
      )}
    </>
  );
  return (
    <span className="me-auto -ms-1.5 inline-flex items-center gap-0.5" data-testid="message-actions">
      {editable && (
        <button
          type="button"
          onClick={() => tools?.onEdit?.(message)}
          className="inline-flex size-7 items-center justify-center rounded-full hover:bg-black/10"
          aria-label={t('chat.editMessage')}
          title={t('chat.editMessage')}
          data-testid="edit-message"
        >
          <Pencil className="size-3.5" aria-hidden="true" />
        </button>
      )}
      {visibleSpeech && (
        <SpeakButton url={messageSpeechUrl(message.id, visibleSpeech)} testId={`speak-${visibleSpeech}`} />
      )}
      <MessageMenu message={message} extra={items} />
    </span>
  );
}
