import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile, SessionResponse, SessionUser, SignInResponse, SignUpResponse } from '@parley/common';
// Light entry points: the sign-in screen's first download must not pull the API schemas (zod).
import { API, SESSION_ENDED_COOKIE } from '@parley/common/routes';
import { api, isApiError, onUnauthenticated } from '../../lib/api.ts';
import { bootstrapIsFresh, forgetBootstrap, readBootstrap } from '../../lib/bootstrap.ts';
import { forgetLastSeen, rememberLastSeen, restoreLastSeen } from '../../lib/lastSeen.ts';
import { forgetOfflineData } from '../../lib/serviceWorker.ts';
import { readJson, writeJson } from '../../lib/userLanguage.ts';

export const SESSION_QUERY_KEY = ['session'] as const;

export interface AuthValue {
  user: SessionUser | null;
  profile: Profile | null;
  /** The session is being looked up. */
  loading: boolean;
  /** Resolves with the session and whether this was the account's first sign-in. */
  signIn: (email: string, password: string) => Promise<SignInResponse>;
  signUp: (username: string, email: string, password: string, invite?: string) => Promise<SignUpResponse>;
  signOut: () => Promise<void>;
  /** Fetch the profile again (GET /api/profile). */
  refreshProfile: () => Promise<Profile | null>;
  /** Replace the cached profile with one the server returned. */
  setProfile: (profile: Profile) => void;
}

const AuthContext = createContext<AuthValue | null>(null);

async function fetchSession(): Promise<SessionResponse | null> {
  try {
    return await api.get<SessionResponse>(API.session);
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

/** The last session seen on this device, so a returning user's app draws before the check answers. */
const SESSION_HINT_KEY = 'parley.session';

/**
 * The server found this device's session cookie no longer live when it served the page (signed out elsewhere,
 * expired; SESSION_ENDED_COOKIE): what this device kept of that session goes before anything is drawn from it.
 * The cookie is removed, so this happens once.
 */
function forgetEndedSession(): void {
  if (typeof document === 'undefined' || !document.cookie.split('; ').includes(`${SESSION_ENDED_COOKIE}=1`)) return;
  document.cookie = `${SESSION_ENDED_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  writeJson(SESSION_HINT_KEY, null);
  forgetLastSeen();
  forgetOfflineData();
  forgetBootstrap();
}

const readSessionHint = () => {
  forgetEndedSession();
  return readJson<SessionResponse>(SESSION_HINT_KEY) ?? undefined;
};
/** This device was signed in when last used, or the page came with the session (the server's answer still decides). */
export const hasSessionHint = () => readBootstrap() !== null || readSessionHint() !== undefined;

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: fetchSession,
    staleTime: Infinity,
    // Draw at once from the hint; the server's answer (checked on every start) has the last word. A page
    // that came with the session (lib/bootstrap.ts) already is the server's answer of this start.
    initialData: () => readBootstrap()?.session ?? readSessionHint(),
    initialDataUpdatedAt: () => (bootstrapIsFresh() ? Date.now() : 0),
    refetchOnMount: () => (bootstrapIsFresh() ? false : 'always'),
    retry: (failures, error) => failures < 2 && !(isApiError(error) && error.status < 500 && error.status > 0),
  });

  // A returning user's conversation list draws from this device's last copy while it is fetched again.
  useState(() => restoreLastSeen(queryClient, session.data?.user.id));
  const userId = session.data?.user.id;
  useEffect(() => (userId ? rememberLastSeen(queryClient, userId) : undefined), [queryClient, userId]);

  const clearSession = useCallback(() => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    forgetOfflineData(); // the service worker's copies of this user's conversations
    forgetLastSeen();
    forgetBootstrap();
  }, [queryClient]);

  // Any request answered 401 unauthenticated means the session is gone (expired, signed out elsewhere).
  useEffect(() => onUnauthenticated(clearSession), [clearSession]);

  const setProfile = useCallback(
    (profile: Profile) =>
      queryClient.setQueryData<SessionResponse | null>(SESSION_QUERY_KEY, (current) => (current ? { ...current, profile } : current)),
    [queryClient],
  );

  const refreshProfile = useCallback(async () => {
    try {
      const profile = await api.get<Profile>(API.profile);
      setProfile(profile);
      return profile;
    } catch (error) {
      console.error('Could not load the profile', error);
      return null;
    }
  }, [setProfile]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const response = await api.post<SignInResponse>(API.signIn, { email, password });
      const session: SessionResponse = { user: response.user, profile: response.profile };
      queryClient.setQueryData(SESSION_QUERY_KEY, session);
      return response;
    },
    [queryClient],
  );

  const signUp = useCallback(
    (username: string, email: string, password: string, invite?: string) =>
      api.post<SignUpResponse>(API.signUp, invite ? { username, email, password, invite } : { username, email, password }),
    [],
  );

  const signOut = useCallback(async () => {
    try {
      await api.post<void>(API.signOut);
    } catch (error) {
      // Already signed out on the server: the local session simply ends.
      if (!(isApiError(error) && error.status === 401)) throw error;
    }
    clearSession();
  }, [clearSession]);

  const data = session.data ?? null;
  useEffect(() => {
    if (data) writeJson(SESSION_HINT_KEY, data);
    else writeJson(SESSION_HINT_KEY, null);
  }, [data]);
  const value = useMemo<AuthValue>(
    () => ({
      user: data?.user ?? null,
      profile: data?.profile ?? null,
      loading: session.isPending,
      signIn,
      signUp,
      signOut,
      refreshProfile,
      setProfile,
    }),
    [data, session.isPending, signIn, signUp, signOut, refreshProfile, setProfile],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The signed-in user, profile and auth actions. Throws outside AuthProvider. */
export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}

/** The same, or null outside an AuthProvider (parts also rendered on their own, e.g. in component tests). */
export function useOptionalAuth(): AuthValue | null {
  return useContext(AuthContext);
}
