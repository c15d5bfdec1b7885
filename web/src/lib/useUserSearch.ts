import { useDebouncedValue } from './useDebouncedValue.ts';
import { useQuery } from '@tanstack/react-query';
import { CHAT_API, LIMITS } from '@parley/common/client';
import type { UserSearchResult } from '@parley/common';
import { api } from './api.ts';

export async function searchUsers(term: string, signal?: AbortSignal): Promise<UserSearchResult[]> {
  const { users } = await api.get<{ users: UserSearchResult[] }>(`${CHAT_API.searchUsers}?q=${encodeURIComponent(term)}`, signal);
  return users;
}

export interface UserSearch {
  /** The trimmed term the results belong to ('' when nothing is searched). */
  term: string;
  users: UserSearchResult[] | undefined;
  /** Waiting for the pause after typing, or for the answer. */
  searching: boolean;
  error: unknown;
}

/**
 * User search of spec section 5: only a non-blank trimmed query, after a 300 ms pause in typing.
 * The server excludes the caller and returns at most 10, ordered by username.
 */
export function useUserSearch(input: string, enabled = true): UserSearch {
  const trimmed = input.trim();
  const debounced = useDebouncedValue(trimmed, LIMITS.searchDebounceMs);
  const term = trimmed ? debounced : '';
  const query = useQuery({
    queryKey: ['userSearch', term],
    queryFn: ({ signal }) => searchUsers(term, signal),
    enabled: enabled && term.length > 0,
    retry: false,
    staleTime: 30_000,
  });
  return {
    term,
    users: term ? query.data : undefined,
    searching: trimmed.length > 0 && (trimmed !== debounced || query.isFetching),
    error: query.error,
  };
}
