import { Flag, Languages, Pencil } from 'lucide-react';
import { messageSpeechUrl } from '@parley/common/client';
import { useT } from '../../lib/i18n.tsx';
import { cn } from '../../lib/utils.ts';
import { SpeakButton } from '../speech/SpeakButton.tsx';
import { useConversationTools } from './conversationTools.ts';
import type { ViewMessage } from './messages.ts';
import { MessageMenu } from './life/MessageMenu.tsx';

export interface MessageActionsProps {
  message: ViewMessage;
  /** The translation is worth showing (distinctTranslation). */
  hasTranslation: boolean;
  showTranslation: boolean;
  onToggleTranslation: () => void;
}

/** A message's small tools: listen to the original, listen to the translation, original-only toggle. */
export function MessageActions({ message, hasTranslation, showTranslation, onToggleTranslation }: MessageActionsProps) {
  const t = useT();
  const tools = useConversationTools();
  // A message still on its way has no id the server knows; a deleted one has nothing left to act on.
  if (message.local || message.deleted_at) return null;
  return (
    <span className="mr-auto -ml-1.5 inline-flex items-center gap-0.5" data-testid="message-actions">
      <MessageMenu message={message} />
      {/* A photo or voice message without text has nothing to read aloud. */}
      {message.content.trim() && (
        <SpeakButton url={messageSpeechUrl(message.id, 'original')} testId="speak-original" tag={hasTranslation && showTranslation ? (message.original_language ?? undefined) : undefined} />
      )}
      {hasTranslation && showTranslation && (
        <SpeakButton url={messageSpeechUrl(message.id, 'translation')} testId="speak-translation" tag={message.target_language ?? undefined} />
      )}
      {hasTranslation && (
        <button
          type="button"
          onClick={onToggleTranslation}
          className={cn('inline-flex size-7 items-center justify-center rounded-full hover:bg-black/10', !showTranslation && 'opacity-60')}
          aria-label={showTranslation ? t('chat.showOriginalOnly') : t('chat.showTranslation')}
          title={showTranslation ? t('chat.showOriginalOnly') : t('chat.showTranslation')}
          aria-pressed={showTranslation}
          data-testid="toggle-translation"
        >
          <Languages className="size-4" aria-hidden="true" />
        </button>
      )}
      {hasTranslation && showTranslation && tools && (
        <button
          type="button"
          onClick={() => tools.onCorrect(message)}
          className="inline-flex size-7 items-center justify-center rounded-full hover:bg-black/10"
          aria-label={t('chat.correct')}
          title={t('chat.correct')}
          data-testid="correct-translation"
        >
          <Pencil className="size-3.5" aria-hidden="true" />
        </button>
      )}
      {tools?.onReport && message.sender_id && message.sender_id !== tools.myId && (
        <button
          type="button"
          onClick={() => tools.onReport?.(message)}
          className="inline-flex size-7 items-center justify-center rounded-full opacity-60 hover:bg-black/10 hover:opacity-100"
          aria-label={t('safety.reportMessage')}
          title={t('safety.reportMessage')}
          data-testid="report-message"
        >
          <Flag className="size-3.5" aria-hidden="true" />
        </button>
      )}
    </span>
  );
}
