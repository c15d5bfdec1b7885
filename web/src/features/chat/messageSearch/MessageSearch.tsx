import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { LIMITS } from '@parley/common/client';
import type { MessageSearchHit } from '@parley/common';
import { LoaderCircle, Search, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/input.tsx';
import { useI18n } from '../../../lib/i18n.tsx';
import { cn } from '../../../lib/utils.ts';
import { dayLabel, messageTime } from '../format.ts';
import { useOptionalAuth } from '../../auth/index.ts';
import { highlightParts, hitLines, searchMessages } from './messageSearchApi.ts';
import { useDebouncedValue } from '../../../lib/useDebouncedValue.ts';
import { BotBadge } from '../../../components/BotBadge.tsx';
import { MentionText } from '../mentions/MentionText.tsx';

export interface MessageSearchProps {
  /** Search this conversation only (its header's search); all conversations when absent (above the list). */
  roomId?: string;
  /** A result was picked: open its conversation at the message. */
  onPick: (hit: MessageSearchHit) => void;
  /** The field's query changed (the list hides while there is one). */
  onQueryChange?: (q: string) => void;
  /** Shows a close button (the conversation's search panel). */
  onClose?: () => void;
  autoFocus?: boolean;
}

/** A search field with its results: each message as the reader reads it, matched words marked; "Show more" pages. */
export function MessageSearch({ roomId, onPick, onQueryChange, onClose, autoFocus }: MessageSearchProps) {
  const { t, language } = useI18n();
  const translationFirst = useOptionalAuth()?.profile?.translation_first === true;
  const [q, setQ] = useState('');
  const term = useDebouncedValue(q.trim(), LIMITS.searchDebounceMs);
  const results = useInfiniteQuery({
    queryKey: ['messageSearch', roomId ?? '', term],
    queryFn: ({ pageParam, signal }) => searchMessages(term, roomId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: term.length > 0,
    staleTime: 30_000,
  });
  const hits = results.data?.pages.flatMap((p) => p.results) ?? [];
  const now = new Date();
  const label = roomId ? t('chat.searchInConversation') : t('chat.searchMessages');
  return (
    <div className="flex min-h-0 flex-col gap-2" data-testid={roomId ? 'conversation-search' : 'message-search'}>
      <div className="relative flex items-center gap-1">
        <Search className="pointer-events-none absolute start-3 size-4 text-muted-foreground" aria-hidden="true" />
        <input
          type="search"
          className={cn(inputClass, 'h-10 ps-9')}
          placeholder={label}
          aria-label={label}
          value={q}
          maxLength={LIMITS.messageSearchMaxChars}
          autoFocus={autoFocus}
          enterKeyHint="search"
          onChange={(e) => {
            setQ(e.target.value);
            onQueryChange?.(e.target.value.trim());
          }}
          data-testid="message-search-input"
        />
        {onClose && (
          <Button variant="ghost" size="icon" onClick={onClose} aria-label={t('chat.searchClose')} title={t('chat.searchClose')} data-testid="message-search-close">
            <X aria-hidden="true" />
          </Button>
        )}
      </div>
      {term && (
        <div className="min-h-0 overflow-y-auto" aria-live="polite">
          {results.isPending && (
            <p className="flex items-center gap-2 px-1 py-3 text-sm text-muted-foreground"><LoaderCircle className="size-4 animate-spin" aria-hidden="true" />{t('chat.searchSearching')}</p>
          )}
          {results.isError && <p className="px-1 py-3 text-sm text-destructive">{t('chat.messageSearchFailed')}</p>}
          {results.isSuccess && hits.length === 0 && <p className="px-1 py-3 text-sm text-muted-foreground" data-testid="message-search-empty">{t('chat.searchNoResults')}</p>}
          <ul className="flex flex-col gap-1.5" data-testid="message-search-results">
            {hits.map((hit) => {
              const { main: shown, below } = hitLines(hit, translationFirst);
              return (
                <li key={hit.id}>
                  <button
                    type="button"
                    onClick={() => onPick(hit)}
                    className="flex w-full flex-col gap-0.5 rounded-xl border border-border bg-card px-3 py-2 text-start hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                    data-testid="message-search-result"
                    data-message-id={hit.id}
                    data-room-id={hit.roomId}
                  >
                    <span className="flex items-baseline gap-2 text-xs text-muted-foreground">
                      <span className="min-w-0 truncate font-semibold text-foreground" dir="auto">
                        {roomId ? (hit.mine ? t('talk.you') : hit.senderName) : hit.roomName}
                      </span>
                      {hit.senderBot && (roomId || hit.roomKind === 'direct') && <BotBadge />}
                      {!roomId && hit.roomKind === 'group' && <span className="min-w-0 truncate" dir="auto">{hit.mine ? t('talk.you') : hit.senderName}</span>}
                      {hit.senderBot && !roomId && hit.roomKind === 'group' && <BotBadge />}
                      <time className="ms-auto shrink-0" dateTime={hit.created_at}>{dayLabel(hit.created_at, now, language)} {messageTime(hit.created_at, language)}</time>
                    </span>
                    <span className="line-clamp-2 break-words text-sm" dir="auto" data-testid="message-search-text">
                      {highlightParts(shown.text, shown.spans).map((part, i) =>
                        part.marked ? <mark key={i} className="rounded-sm bg-amber-200 px-0.5 text-foreground">{part.text}</mark> : <span key={i}><MentionText text={part.text} mentions={hit.mentions} mine={false} /></span>,
                      )}
                    </span>
                    {below && (
                      <span className="line-clamp-2 break-words text-xs italic text-muted-foreground" dir="auto" data-testid="message-search-original">
                        {highlightParts(below.text, below.spans).map((part, i) =>
                          part.marked ? <mark key={i} className="rounded-sm bg-amber-200 px-0.5 text-foreground">{part.text}</mark> : <span key={i}><MentionText text={part.text} mentions={hit.mentions} mine={false} /></span>,
                        )}
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
          {results.hasNextPage && (
            <Button variant="ghost" size="sm" className="mt-1 w-full" onClick={() => void results.fetchNextPage()} disabled={results.isFetchingNextPage} data-testid="message-search-more">
              {t('chat.searchMore')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
