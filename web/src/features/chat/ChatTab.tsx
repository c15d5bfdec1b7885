import { MessagesSquare, UserPlus } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { useT } from '../../lib/i18n.tsx';

/** Chat tab: the conversation list. Until the chat issue lands it shows the empty state. */
export function ChatTab({ onFindPeople }: { onFindPeople: () => void }) {
  const t = useT();
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col p-4" data-testid="chat-tab">
      <h2 className="mb-3 px-1 text-sm font-semibold uppercase tracking-wide text-muted-foreground">{t('chat.conversations')}</h2>
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border bg-card px-6 py-12 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-secondary text-primary">
          <MessagesSquare className="size-7" aria-hidden="true" />
        </span>
        <h3 className="text-base font-semibold" data-testid="chat-empty-title">{t('chat.noConversations')}</h3>
        <p className="max-w-xs text-sm text-muted-foreground">{t('chat.noConversationsDescription')}</p>
        <Button onClick={onFindPeople} className="mt-2" data-testid="find-people">
          <UserPlus aria-hidden="true" />
          {t('chat.findPeople')}
        </Button>
      </div>
    </section>
  );
}
