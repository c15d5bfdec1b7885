import { useState } from 'react';
import { useT } from '../../lib/i18n.tsx';
import { cn } from '../../lib/utils.ts';
import { CorrectionNote } from './CorrectionNote.tsx';
import { MessageMarkdown } from './MessageMarkdown.tsx';
import type { ViewMessage } from './messages.ts';

export interface BubbleTextProps {
  message: ViewMessage;
  mine: boolean;
  /** The translation worth showing (distinctTranslation), or null. */
  translation: string | null;
  /** The spec's layout: the translation under the original unless the reader chose the original only. */
  showTranslation: boolean;
  /** "Show my language first" (profile): a received message's translation is the main text. */
  translationFirst: boolean;
}

/**
 * A bubble's text. By default (the spec's layout) the original large and the translation small and italic below.
 * With "Show my language first" a received message reads the other way round: the translation is the main text
 * and the original is one tap away ("Show original"), small and italic below when shown.
 */
export function BubbleText({ message, mine, translation, showTranslation, translationFirst }: BubbleTextProps) {
  const t = useT();
  const [originalShown, setOriginalShown] = useState(false);
  const original = message.content || !message.attachment
    ? <div className="break-words text-start" dir="auto" lang={message.original_language ?? undefined} data-testid="message-original"><MessageMarkdown text={message.content} mine={mine} mentions={message.mentions} /></div>
    : null;
  const secondary = cn('mt-1.5 break-words border-t pt-1.5 text-start text-sm italic', mine ? 'border-white/25 text-white/90' : 'border-border text-foreground/80');
  const spans = message.corrected_by ? null : message.unknown_spans;

  if (translation && translationFirst && !mine) {
    return (
      <div data-testid="message-text" data-order="translation-first">
        <div className="break-words text-start" dir="auto" lang={message.target_language ?? undefined} data-testid="message-translation">
          <MessageMarkdown text={translation} spans={spans} mine={mine} mentions={message.mentions} />
        </div>
        <CorrectionNote message={message} mine={mine} />
        {originalShown && (
          <div className={secondary} dir="auto" lang={message.original_language ?? undefined} data-testid="message-original"><MessageMarkdown text={message.content} mine={mine} mentions={message.mentions} /></div>
        )}
        <button
          type="button"
          onClick={() => setOriginalShown((v) => !v)}
          className="mt-1 text-xs font-medium text-primary underline-offset-2 hover:underline"
          aria-expanded={originalShown}
          data-testid="show-original"
        >
          {originalShown ? t('phone.hideOriginal') : t('phone.showOriginal')}
        </button>
      </div>
    );
  }
  return (
    <div data-testid="message-text" data-order="original-first">
      {original}
      {translation && showTranslation && (
        <div className={secondary} dir="auto" lang={message.target_language ?? undefined} data-testid="message-translation">
          <MessageMarkdown text={translation} spans={spans} mine={mine} mentions={message.mentions} />
        </div>
      )}
      {translation && showTranslation && <CorrectionNote message={message} mine={mine} />}
    </div>
  );
}
