import { Pencil, Reply, X } from 'lucide-react';
import { useT } from '../../../lib/i18n.tsx';

/** What the composer is doing besides a new message: answering one (the reply bar) or editing one of ours. */
export interface ComposerMode {
  kind: 'reply' | 'edit';
  /** The message concerned. */
  messageId: string;
  /** Whose message (reply: "Replying to Ana"). */
  name: string;
  /** Its text as the user reads it. */
  excerpt: string;
}

/** The bar above the input: "Replying to Ana" / "Editing your message", the text, and a cancel button. */
export function ComposerBanner({ mode, onCancel }: { mode: ComposerMode; onCancel: () => void }) {
  const t = useT();
  const Icon = mode.kind === 'reply' ? Reply : Pencil;
  const cancel = mode.kind === 'reply' ? t('chat.cancelReply') : t('chat.cancelEdit');
  return (
    <div className="mx-auto mb-2 flex max-w-3xl items-center gap-2 rounded-xl border-s-4 border-primary bg-muted px-3 py-1.5" data-testid={mode.kind === 'reply' ? 'reply-bar' : 'edit-bar'}>
      <Icon className="size-4 shrink-0 text-primary rtl:-scale-x-100" aria-hidden="true" />
      <div className="min-w-0 flex-1 text-xs">
        <p className="truncate font-semibold text-primary" dir="auto">{mode.kind === 'reply' ? t('chat.replyingTo', { name: mode.name }) : t('chat.editingMessage')}</p>
        <p className="truncate text-muted-foreground" dir="auto">{mode.excerpt}</p>
      </div>
      <button
        type="button"
        onClick={onCancel}
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-full hover:bg-black/10"
        aria-label={cancel}
        title={cancel}
        data-testid={mode.kind === 'reply' ? 'cancel-reply' : 'cancel-edit'}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
