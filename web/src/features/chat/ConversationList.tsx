import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Globe2, MessagesSquare, UserPlus, Users } from 'lucide-react';
import type { ConversationListItem } from '@parley/common';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useT } from '../../lib/i18n.tsx';
import { chatApi, CHATS_KEY } from './chatApi.ts';
import { ConversationRow } from './ConversationRow.tsx';
import { DeleteConversationDialog } from './DeleteConversationDialog.tsx';
import { requestJump } from './jumpToMessage.ts';
import { MessageSearch } from './messageSearch/MessageSearch.tsx';
import { InviteButton } from '../invites/index.ts';

/** Re-render every `ms` so relative times stay true. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}

export interface ConversationListProps {
  onOpen: (item: ConversationListItem) => void;
  onFindPeople: () => void;
  onBrowsePartners: () => void;
  /** The empty list also offers "New group" (issue 38). */
  onNewGroup?: (() => void) | undefined;
}

/** Chat tab, list mode: five skeletons while loading, the empty state, or the conversations. */
export function ConversationList({ onOpen, onFindPeople, onBrowsePartners, onNewGroup }: ConversationListProps) {
  const t = useT();
  const now = useNow(30_000);
  const [toDelete, setToDelete] = useState<ConversationListItem | null>(null);
  const [searching, setSearching] = useState(false);
  const query = useQuery({ queryKey: CHATS_KEY, queryFn: ({ signal }) => chatApi.list(signal) });

  // Spec section 8: a list load failure is logged only; the list stays empty or unchanged.
  useEffect(() => {
    if (query.error) console.error('Could not load conversations', query.error);
  }, [query.error]);

  const conversations = query.data ?? [];
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col p-4" data-testid="chat-tab" data-view="list">
      <div className="mb-3 flex items-center justify-between gap-2 px-1">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">{t('chat.conversations')}</h2>
        {conversations.length > 0 && (
          <Button variant="ghost" size="sm" onClick={onFindPeople} data-testid="list-find-people">
            <UserPlus aria-hidden="true" />
            {t('chat.findPeople')}
          </Button>
        )}
      </div>

      {conversations.length > 0 && (
        <div className="mb-3">
          <MessageSearch
            onQueryChange={(q) => setSearching(q.length > 0)}
            onPick={(hit) => {
              const item = conversations.find((c) => c.id === hit.roomId);
              if (!item) return;
              requestJump(hit.roomId, hit.id);
              onOpen(item);
            }}
          />
        </div>
      )}

      {searching ? null : query.isPending ? (
        <ul className="flex flex-col gap-2" aria-busy="true" data-testid="conversation-skeletons">
          {Array.from({ length: 5 }, (_, i) => (
            <li key={i} className="flex items-center gap-3 rounded-2xl border border-border bg-card p-3">
              <Skeleton className="size-12 rounded-full" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-3 w-2/3" />
              </div>
            </li>
          ))}
        </ul>
      ) : conversations.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border bg-card px-6 py-12 text-center" data-testid="chat-empty">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-secondary text-primary">
            <MessagesSquare className="size-7" aria-hidden="true" />
          </span>
          <h3 className="text-base font-semibold" data-testid="chat-empty-title">{t('chat.noConversations')}</h3>
          <p className="max-w-xs text-sm text-muted-foreground">{t('chat.noConversationsDescription')}</p>
          <div className="mt-2 flex flex-col items-center gap-2 sm:flex-row">
            <Button onClick={onFindPeople} data-testid="find-people">
              <UserPlus aria-hidden="true" />
              {t('chat.findPeople')}
            </Button>
            <Button variant="outline" onClick={onBrowsePartners} data-testid="browse-partners">
              <Globe2 aria-hidden="true" />
              {t('chat.browsePartners')}
            </Button>
          </div>
          {/* Issue 38: start a group, or bring someone who is not on Parley yet (admins, or members when allowed). */}
          <div className="flex flex-col items-center gap-2 sm:flex-row">
            {onNewGroup && (
              <Button variant="outline" onClick={onNewGroup} data-testid="empty-new-group">
                <Users aria-hidden="true" />
                {t('chat.groupNew')}
              </Button>
            )}
            <InviteButton label={t('members.inviteTitle')} className="h-auto whitespace-normal py-2" />
          </div>
        </div>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="conversation-list">
          {conversations.map((item) => (
            <ConversationRow key={item.id} item={item} now={now} onOpen={onOpen} onDelete={setToDelete} />
          ))}
        </ul>
      )}

      <DeleteConversationDialog item={toDelete} onClose={() => setToDelete(null)} />
    </section>
  );
}
