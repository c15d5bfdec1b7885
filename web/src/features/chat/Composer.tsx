import { useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Languages, SendHorizontal } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { useT } from '../../lib/i18n.tsx';

export interface ComposerProps {
  connected: boolean;
  busy: boolean;
  /** The language the partner reads (named in the note under the input). */
  targetLanguageName: string;
  /** Resolves false when the send failed: the text comes back into the input. */
  onSend: (content: string) => Promise<boolean>;
  /** Shown under the input for the trimmed draft (the translation preview). */
  renderPreview?: (draft: string) => ReactNode;
}

/** Message input: Enter sends, Shift+Enter adds a line; disabled while not connected or busy. */
export function Composer({ connected, busy, targetLanguageName, onSend, renderPreview }: ComposerProps) {
  const t = useT();
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);

  const submit = async () => {
    const content = text.trim();
    if (!content || busy) return;
    if (!connected) {
      toast.error(t('chat.notConnected'), { description: t('chat.connectFirst') });
      return;
    }
    setText('');
    const ok = await onSend(content);
    // Nothing typed is lost: a failed message comes back into the (empty) input.
    if (!ok) setText((current) => (current.trim() ? current : content));
    setTimeout(() => input.current?.focus(), 0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const rows = Math.min(5, Math.max(1, text.split('\n').length));
  return (
    <div className="shrink-0 border-t border-border bg-card px-3 pb-2 pt-2">
      <form onSubmit={onSubmit} className="mx-auto flex max-w-3xl items-end gap-2" data-testid="message-form">
        <Textarea
          ref={input}
          value={text}
          rows={rows}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={!connected || busy}
          placeholder={t('chat.messagePlaceholder')}
          aria-label={t('chat.messagePlaceholder')}
          enterKeyHint="send"
          className="max-h-36 min-h-10 resize-none rounded-2xl py-2"
          data-testid="message-input"
        />
        <Button type="submit" size="icon" className="shrink-0 rounded-full" disabled={busy || !text.trim()} aria-label={t('chat.send')} data-testid="send-button">
          <SendHorizontal aria-hidden="true" />
        </Button>
      </form>
      {renderPreview?.(text.trim())}
      <p className="mx-auto mt-1.5 flex max-w-3xl items-center justify-center gap-1 text-xs text-muted-foreground" data-testid="translated-to-note">
        <Languages className="size-3.5" aria-hidden="true" />
        {t('chat.translatedTo', { language: targetLanguageName })}
      </p>
    </div>
  );
}
