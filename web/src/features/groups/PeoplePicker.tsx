import { useState } from 'react';
import { Check, X } from 'lucide-react';
import type { UserSearchResult } from '@parley/common';
import { PeopleSearchField, PersonLine } from '../../components/people.tsx';
import { useT } from '../../lib/i18n.tsx';
import { cn } from '../../lib/utils.ts';
import { useUserSearch } from '../../lib/useUserSearch.ts';

export interface PeoplePickerProps {
  chosen: UserSearchResult[];
  onChange: (chosen: UserSearchResult[]) => void;
  /** People who cannot be picked (already in the group). */
  exclude?: ReadonlySet<string>;
  /** At most this many can be chosen. */
  max: number;
}

/** Search people and collect them as chips; a result toggles, a chip's x takes the person out again. */
export function PeoplePicker({ chosen, onChange, exclude, max }: PeoplePickerProps) {
  const t = useT();
  const [query, setQuery] = useState('');
  const search = useUserSearch(query);
  const picked = new Set(chosen.map((u) => u.id));
  const toggle = (user: UserSearchResult) => {
    if (picked.has(user.id)) onChange(chosen.filter((u) => u.id !== user.id));
    else if (chosen.length < max) onChange([...chosen, user]);
  };
  const results = (search.users ?? []).filter((u) => !exclude?.has(u.id));
  return (
    <div className="flex min-w-0 flex-col gap-2">
      {chosen.length > 0 && (
        <ul className="flex max-h-24 flex-wrap gap-1.5 overflow-y-auto" data-testid="group-chips">
          {chosen.map((u) => (
            <li key={u.id} className="flex items-center gap-1 rounded-full bg-secondary py-0.5 pe-0.5 ps-2.5 text-sm" data-testid="group-chip" data-username={u.username}>
              <span className="max-w-40 truncate">{u.username}</span>
              <button
                type="button"
                onClick={() => toggle(u)}
                className="flex size-6 items-center justify-center rounded-full hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                aria-label={t('chat.groupRemovePerson', { name: u.username })}
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <PeopleSearchField
        value={query}
        onChange={setQuery}
        placeholder={t('chat.groupSearchPlaceholder')}
        searching={search.searching}
        className="h-10 pe-9"
        testId="group-people-search"
      />
      {search.term && search.users && (
        results.length > 0 ? (
          <ul className="-mx-1 flex max-h-48 flex-col overflow-y-auto" data-testid="group-people-results">
            {results.map((u) => (
              <li key={u.id}>
                <button
                  type="button"
                  onClick={() => toggle(u)}
                  aria-pressed={picked.has(u.id)}
                  disabled={!picked.has(u.id) && chosen.length >= max}
                  className={cn(
                    'flex w-full items-center gap-3 rounded-xl px-2 py-1.5 text-start hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50',
                    picked.has(u.id) && 'bg-secondary/60',
                  )}
                  data-testid="group-person"
                  data-username={u.username}
                >
                  <PersonLine username={u.username} bot={u.bot} detail={u.email} avatarClassName="size-8" />
                  {picked.has(u.id) && <Check className="size-4 shrink-0 text-primary" aria-hidden="true" />}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="rounded-xl bg-muted px-3 py-3 text-center text-sm text-muted-foreground">{t('userSearch.noResults', { query: search.term })}</p>
        )
      )}
    </div>
  );
}
